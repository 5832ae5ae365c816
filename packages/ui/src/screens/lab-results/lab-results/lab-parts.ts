// The order in which the lab-results block (lab-overview.tsx) is drawn, one part a frame (issue
// 39), as a function of the frames drawn so far, so it can be tested without a browser.
//
// Measured back to back on the demo client's /lab-results (scripts/trace-load.mjs, Chromium
// slowed 4×, CPU time of each frame's task, medians of 3 loads, load 2-3 on 2 cores): the values
// in one frame 61 ms → 43 (first 2 rows) + 17 + 17; a trend card 21 ms → its chart 14 + its table
// 17. More frames cost more in all (each frame styles, lays out and paints): the parts are each
// well under 50 ms, what blocking time counts. The cards' tables are no longer drawn up front
// (components/chart: on request), so a card is one part.

/**
 * Rows of the latest values drawn in one frame (issue 39). On a phone each row is a card of
 * about 22 elements. The first frame also pays a fixed cost (its first layout of the block,
 * 15-20 ms of it at 4×), so the rows per frame were measured (CPU time of the frame's task,
 * Chromium slowed 4×, the demo's 6 analyses, load 7-10 on 2 cores): all 6 in one frame 37-57 ms,
 * 3 rows 37-68, 2 rows 25-35, 1 row 26-33 (and three times the frames). Later slices of 2 rows
 * are 7-21 ms.
 */
export const ROWS_PER_PART = 2;

export interface PartsShown {
  /** Rows of the latest values. */
  rows: number;
  /** The text results' table (when there are any): true once every row is drawn. */
  texts: boolean;
  /** Trend cards, each with its heading, summary and chart. */
  cards: number;
  /** The files, the last part. */
  files: boolean;
  /** Every part is drawn. */
  all: boolean;
}

/** How much of the block is drawn after `step` frames: the parts in the order they come. */
export function partsShown(
  step: number,
  sizes: { rows: number; texts: number; cards: number },
): PartsShown {
  // The parts: the latest values a slice of rows at a time, the text results, each trend card,
  // and last the files.
  const rowParts = Math.ceil(sizes.rows / ROWS_PER_PART);
  const textParts = sizes.texts > 0 ? 1 : 0;
  const total = rowParts + textParts + sizes.cards + 1;
  const parts = Math.min(step + 1, total);
  const trendParts = Math.max(0, parts - rowParts - textParts);
  return {
    rows: Math.min(sizes.rows, ROWS_PER_PART * parts),
    texts: parts > rowParts,
    cards: Math.min(sizes.cards, trendParts),
    files: parts === total,
    all: parts === total,
  };
}
