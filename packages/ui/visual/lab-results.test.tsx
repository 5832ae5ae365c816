// Screenshot baselines of the client's lab-results page (issue 13) in its main states: values
// in and out of range with trend charts, one upload, documents only, empty and error. Each story
// runs its loaders (MSW) and is shot once its data (and, with trends, the lazily loaded chart)
// is on screen, without its play function.
import { afterAll, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { holdStill, mountStory, shoot } from './shoot';
import * as labResults from '../src/screens/lab-results/lab-results/lab-results.stories';

holdStill();

/**
 * The stories shot: the text that says the data has arrived, and whether charts are drawn. Her
 * files are the page's last part (the trend cards come one at a time before them, issue 39).
 */
const shots: [string, string, number][] = [
  ['Provsvar', 'Dina filer', 2],
  ['EttProvsvar', 'Dina filer', 0],
  ['BaraDokument', 'Dina filer', 0],
  ['Tom', 'Inga provsvar ännu', 0],
  ['Fel', 'Kunde inte hämta provsvar', 0],
];

describe('provsvar', () => {
  for (const [name, ready, charts] of shots) {
    test(name, async () => {
      const container = await mountStory(labResults, name, ready);
      // charts load as they come near the screen: bring each into view, then back to the top
      for (const chart of container.querySelectorAll('[data-testid="trend-chart"]')) {
        chart.scrollIntoView();
        await expect.poll(() => chart.querySelector('canvas'), { timeout: 15_000 }).not.toBeNull();
      }
      expect(container.querySelectorAll('[data-testid="trend-chart"] canvas').length).toBe(charts);
      window.scrollTo(0, 0);
      await document.fonts.ready;
      await shoot(container);
      // the first trend on its own: the chart is below the fold of the page shot
      const trend = container.querySelector('article');
      if (charts > 0 && trend) {
        trend.scrollIntoView();
        await shoot(trend, `${name}-trend`);
      }
    });
  }
});

// Issue 35: at 320 px a flag badge too wide to sit beside 'Bedömning' goes under it, inside the
// analysis' card (at 360 and 1280 px the page's shots above and in pages-360 are unchanged).
describe('provsvar 320 px', () => {
  afterAll(async () => {
    await page.viewport(800, 600);
  });
  test('SenasteVarden320', async () => {
    await page.viewport(320, 1400);
    const container = await mountStory(labResults, 'Provsvar', 'Dina filer');
    const table = container.querySelector('table')!;
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(320);
    await document.fonts.ready;
    await shoot(table, 'SenasteVarden-320');
  });
});
