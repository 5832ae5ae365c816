// Screenshot baselines of /reports (issue 13): figures of 30 days by day and of three years by
// month, each with its chart drawn (uPlot, loaded as the charts near the screen), and the
// empty and error states. Each story runs its loaders (MSW) and is shot without its play function.
import { describe, expect, test } from 'vitest';
import { holdStill, mountStory, shoot } from './shoot';
import * as reports from '../src/screens/reports/reports/reports.stories';

holdStill();

/** The stories shot: the text that says the data has arrived, and how many charts are drawn. */
const shots: [string, string, number][] = [
  ['MedData', 'Sammanfattning', 6],
  ['AllaManader', 'Sammanfattning', 6],
  ['Tom', 'Inga händelser under perioden.', 0],
  ['Fel', 'Kunde inte hämta rapporten', 0],
];

describe('rapporter', () => {
  for (const [name, ready, charts] of shots) {
    test(name, async () => {
      const container = await mountStory(reports, name, ready);
      // charts load as they come near the screen: bring each into view, then back to the top
      for (const chart of container.querySelectorAll('[data-testid="report-chart"]')) {
        chart.scrollIntoView();
        await expect.poll(() => chart.querySelector('canvas'), { timeout: 15_000 }).not.toBeNull();
      }
      expect(container.querySelectorAll('[data-testid="report-chart"] canvas').length).toBe(charts);
      window.scrollTo(0, 0);
      await document.fonts.ready;
      await shoot(container);
      // the messages figure on its own, two lines and the legend
      const messages = container.querySelectorAll('article')[2];
      if (charts > 0 && messages) {
        messages.scrollIntoView();
        await shoot(messages, `${name}-meddelanden`);
      }
    });
  }
});
