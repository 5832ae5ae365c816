// Screenshot baselines of a laboratory's FHIR reports (design §4.15, issue 23) at 375 px (phone)
// and 1280 px: her page with comparators, text results, 'Preliminärt', 'Rättat' and blood
// pressure as one trend of both components; the ADMIN's upload with 'N värden lästes, M hoppades
// över' and the skipped values, and the file history saying the same per file. Stories are
// mounted with their loaders (MSW) and without their play functions; the upload and the opened
// history are steps this test takes itself. A page is shot whole, in a viewport tall enough.
import { afterAll, describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { holdStill, mountStory, restPointer, shoot, shotOptions } from './shoot';
import * as clientFiles from '../src/screens/clients/client-files/client-files.stories';
import * as labReport from '../src/screens/lab-results/lab-results/lab-report.stories';

holdStill();

afterAll(async () => {
  await page.viewport(800, 600);
});

const WIDTHS = [375, 1280] as const;
/** Holds the longest page (her page as cards at 375 px, four trends). */
const PAGE_HEIGHT = 4200;
const DIALOG_HEIGHT = 900;

/** A FHIR report whose upload the mock reads: three values read, one skipped. */
const report = () =>
  new File(
    [
      JSON.stringify({
        resourceType: 'Bundle',
        type: 'collection',
        entry: [
          {
            resource: {
              resourceType: 'Observation',
              status: 'entered-in-error',
              code: { text: 'Temperature' },
              valueQuantity: { value: 39 },
            },
          },
        ],
      }),
    ],
    'Labbrapport_2026-11-24.json',
    { type: 'application/json' },
  );

/** Whole pages must not scroll sideways. */
async function shootPage(container: HTMLElement, name?: string) {
  expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  await shoot(container, name);
}

describe('labbrapport', () => {
  for (const width of WIDTHS) {
    test(`Hennes sida ${width}`, async () => {
      await page.viewport(width, PAGE_HEIGHT);
      // her files come last, after every trend card (issue 39)
      const container = await mountStory(labReport, 'Labbrapport', 'Dina filer');
      // charts load as they come near the screen: bring each into view, then back to the top
      const charts = [...container.querySelectorAll('[data-testid="trend-chart"]')];
      for (const chart of charts) {
        chart.scrollIntoView();
        await expect.poll(() => chart.querySelector('canvas'), { timeout: 15_000 }).not.toBeNull();
      }
      expect(charts.length).toBe(4);
      window.scrollTo(0, 0);
      await document.fonts.ready;
      await shootPage(container);
      // the blood-pressure trend on its own: both lines, the legend
      const bp = page.getByRole('article', { name: 'Blodtryck' }).element();
      bp.scrollIntoView();
      await shoot(bp, `blodtryck-${width}`);
    });

    test(`Uppladdning med överhoppade värden ${width}`, async () => {
      await page.viewport(width, DIALOG_HEIGHT);
      const container = await mountStory(clientFiles, 'VardenHoppadesOver', 'Välj fil');
      const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
      await userEvent.upload(input, report());
      await expect.element(page.getByText('44 värden lästes, 3 hoppades över')).toBeVisible();
      await shootPage(container);
    });

    test(`Historik per fil ${width}`, async () => {
      await page.viewport(width, DIALOG_HEIGHT);
      await mountStory(clientFiles, 'HistorikMedLastaVarden', 'Visa historik');
      await userEvent.click(page.getByRole('button', { name: 'Visa historik' }));
      const dialog = page.getByRole('dialog', { name: 'Historik för provsvar' });
      await expect.element(dialog.getByText('12 värden lästes, 2 hoppades över')).toBeVisible();
      await document.fonts.ready;
      await restPointer();
      await expect.element(dialog).toMatchScreenshot(shotOptions);
    });
  }
});
