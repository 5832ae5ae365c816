// Screenshot baselines of 'E-postavisering' (design §4.16, issue 24): the switches on
// /profile/notifications (all on, some off, saving, a failed save) above the list of notices,
// and the signed-out page a notice mail's unsubscribe link opens (done, a bad link). Each story
// is mounted with its loaders (MSW and its beforeEach) but without its play function, at 375 px
// (phone) and 1280 px; a state reached by a click (saving, failed) comes from a step taken here.
import { afterAll, describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { holdStill, mountStory, shoot } from './shoot';
import * as settings from '../src/screens/notifications/notice-mails/notice-mail-settings.stories';
import * as unsubscribe from '../src/screens/notifications/unsubscribe/unsubscribe.stories';

holdStill();

afterAll(async () => {
  await page.viewport(800, 600);
});

const WIDTHS = [375, 1280] as const;
/** Holds the whole settings page at 375 px (switches and the list of notices). */
const PAGE_HEIGHT = 2400;
/** The signed-out page: its card and footer. */
const SIGNED_OUT_HEIGHT = 1400;

type Module = Record<string, unknown>;

const region = () => page.getByRole('region', { name: 'E-postavisering' });

/** Mounts a settings story at `width` once its switches and the notices are on screen. */
async function showSettings(width: number, story: string) {
  await page.viewport(width, PAGE_HEIGHT);
  const container = await mountStory(settings as Module, story, 'Nya provsvar', { exact: true });
  await expect.element(page.getByText('Oläst').first()).toBeVisible();
  return container;
}

async function shootPage(container: HTMLElement) {
  expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  await shoot(container);
}

describe('e-postavisering', () => {
  for (const width of WIDTHS) {
    test(`AllaPa ${width} px`, async () => {
      await shootPage(await showSettings(width, 'AllaPa'));
    });

    test(`NagraAv ${width} px`, async () => {
      const container = await showSettings(width, 'NagraAv');
      await expect
        .element(region().getByRole('checkbox', { name: 'Nya provsvar' }))
        .not.toBeChecked();
      await shootPage(container);
    });

    test(`Sparar ${width} px`, async () => {
      const container = await showSettings(width, 'Sparar');
      await userEvent.click(region().getByRole('checkbox', { name: 'Nya provsvar' }));
      await expect.element(region().getByRole('status')).toHaveTextContent('Sparar…');
      await shootPage(container);
    });

    test(`Misslyckas ${width} px`, async () => {
      const container = await showSettings(width, 'Misslyckas');
      await userEvent.click(region().getByRole('checkbox', { name: 'Nya provsvar' }));
      const alert = region().getByRole('alert');
      await expect.element(alert).toBeVisible();
      expect(alert.element().textContent).toContain('Kunde inte spara inställningen');
      await expect.element(region().getByRole('checkbox', { name: 'Nya provsvar' })).toBeChecked();
      await shootPage(container);
    });
  }
});

describe('avsluta e-postavisering', () => {
  // The page asks before it changes anything (issue 34: mail-link scanners); 'Avslutad' is
  // shot after her click on the button.
  const stories: [string, string, string?][] = [
    ['Fraga', 'Avsluta e-postavisering'],
    ['Avslutad', 'Avsluta e-postavisering', 'E-postaviseringen är avslutad'],
    ['OgiltigLank', 'Länken fungerar inte'],
  ];
  for (const [story, ready, afterClick] of stories) {
    for (const width of WIDTHS) {
      test(`${story} ${width} px`, async () => {
        await page.viewport(width, SIGNED_OUT_HEIGHT);
        const container = await mountStory(unsubscribe as Module, story, ready, { exact: true });
        if (afterClick) {
          await userEvent.click(page.getByRole('button', { name: 'Avsluta e-postaviseringen' }));
          await expect
            .element(page.getByRole('heading', { level: 1, name: afterClick }))
            .toBeVisible();
        }
        await shootPage(container);
      });
    }
  }
});
