// The lab-results block in Chromium, watched frame by frame (issue 39): it is drawn one part a
// frame (lab-parts.ts): no frame draws more than two rows of the latest values, one trend card a
// frame with no table (drawn on request), the files last; in the end every value is there.
import { labReportOverview } from '@halsa/api/mocks';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { AppProviders } from '../../../app-providers';
import { groupAnalyses, groupTrends } from '../analyses';
import { ROWS_PER_PART } from './lab-parts';
import { LabOverview } from './lab-overview';
import { withTrend } from './trends';

/** What is drawn in one frame. */
interface Drawn {
  rows: number;
  /** Per trend card drawn, in order: its table's body rows (0 until asked for). */
  cards: number[];
  files: boolean;
}

function drawn(root: HTMLElement): Drawn {
  const values = root.querySelector('table[role="table"]');
  const caption = values?.querySelector('caption')?.textContent;
  return {
    rows:
      caption === 'Senaste värdet för varje analys'
        ? values!.querySelectorAll('tbody tr').length
        : 0,
    cards: [...root.querySelectorAll('article')].map((a) => a.querySelectorAll('tbody tr').length),
    files: root.textContent?.includes('Filernas plats') ?? false,
  };
}

describe('LabOverview, frame by frame', () => {
  it('draws one part a frame and, in the end, every value', async () => {
    const frames: Drawn[] = [];
    let root: HTMLElement | null = null;
    let watching = true;
    const watch = () => {
      if (root) frames.push(drawn(root));
      if (watching) requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
    const screen = await render(
      <AppProviders isolated>
        <LabOverview
          overview={labReportOverview}
          filesHeading="Dina filer"
          files={<p>Filernas plats</p>}
        />
      </AppProviders>,
    );
    root = screen.container;
    await expect
      .poll(() => drawn(screen.container).files, { timeout: 20_000, interval: 50 })
      .toBe(true);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    watching = false;

    const last = drawn(screen.container);
    const seen = frames.filter((f) => f.rows > 0);
    expect(seen.length).toBeGreaterThan(3);
    // Each frame adds at most one part to the one before.
    for (const [i, f] of seen.entries()) {
      const before = seen[i - 1] ?? { rows: 0, cards: [], files: false };
      const newRows = f.rows - before.rows;
      const newCards = f.cards.length - before.cards.length;
      const parts = (newRows > 0 ? 1 : 0) + newCards + (f.files && !before.files ? 1 : 0);
      expect(newRows, `frame ${i}`).toBeLessThanOrEqual(ROWS_PER_PART);
      expect(
        parts,
        `frame ${i}: ${JSON.stringify(before)} → ${JSON.stringify(f)}`,
      ).toBeLessThanOrEqual(1);
      // no card's table is drawn until it is asked for
      expect(f.cards.every((n) => n === 0)).toBe(true);
    }
    // In the end: every analysis a row, every trend its card, the files.
    const analyses = groupAnalyses(labReportOverview.values);
    const trends = withTrend(groupTrends(analyses));
    expect(analyses.length).toBeGreaterThan(ROWS_PER_PART);
    expect(last.rows).toBe(analyses.length);
    expect(last.cards).toEqual(trends.map(() => 0));
    // 'Visa som tabell' draws that card's table, a row per sample.
    const first = trends[0]!;
    await page.getByRole('button', { name: `Visa som tabell (${first.name})` }).click();
    await expect
      .poll(() => drawn(screen.container).cards)
      .toEqual(trends.map((t, i) => (i === 0 ? t.samples.length : 0)));
    // and the rows came in more than one frame
    expect(new Set(seen.map((f) => f.rows)).size).toBeGreaterThan(1);
    expect(last.files).toBe(true);
  });
});
