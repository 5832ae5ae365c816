// The order the lab-results block is drawn in, one part a frame (issue 39): every frame adds one
// part, nothing drawn is taken away, and the last frame draws everything.
import { describe, expect, it } from 'vitest';
import { partsShown, ROWS_PER_PART } from './lab-parts';

type Shown = ReturnType<typeof partsShown>;

/** Every frame's parts from the first render until all are drawn. */
function frames(sizes: Parameters<typeof partsShown>[1]): Shown[] {
  const out = [partsShown(0, sizes)];
  while (!out.at(-1)!.all) {
    out.push(partsShown(out.length, sizes));
    if (out.length > 100) throw new Error('never complete');
  }
  return out;
}

/** What each frame added to the one before it, in words. */
function steps(sizes: Parameters<typeof partsShown>[1]): string[][] {
  const all = frames(sizes);
  return all.map((f, i) => added(all[i - 1], f, sizes.texts > 0));
}

function added(before: Shown | undefined, after: Shown, hasTexts: boolean): string[] {
  const b = before ?? { rows: 0, texts: false, cards: 0, files: false };
  return [
    ...(after.rows > b.rows ? [`rows ${b.rows + 1}-${after.rows}`] : []),
    ...(hasTexts && after.texts && !b.texts ? ['texts'] : []),
    ...(after.cards > b.cards ? [`card ${after.cards}`] : []),
    ...(after.files && !b.files ? ['files'] : []),
  ];
}

describe('lab results drawn one part a frame', () => {
  it('the demo (6 analyses, 6 trends): rows two at a time, a card a frame, the files last', () => {
    expect(ROWS_PER_PART).toBe(2);
    expect(steps({ rows: 6, texts: 0, cards: 6 })).toEqual([
      ['rows 1-2'],
      ['rows 3-4'],
      ['rows 5-6'],
      ['card 1'],
      ['card 2'],
      ['card 3'],
      ['card 4'],
      ['card 5'],
      ['card 6'],
      ['files'],
    ]);
    expect(frames({ rows: 6, texts: 0, cards: 6 }).at(-1)).toEqual({
      rows: 6,
      texts: true,
      cards: 6,
      files: true,
      all: true,
    });
  });

  it('a lab report with text results: they come after the last rows, before the trends', () => {
    expect(steps({ rows: 7, texts: 2, cards: 1 })).toEqual([
      ['rows 1-2'],
      ['rows 3-4'],
      ['rows 5-6'],
      ['rows 7-7'],
      ['texts'],
      ['card 1'],
      ['files'],
    ]);
  });

  it('documents only: the files at once; one value each: no cards, the files next', () => {
    expect(frames({ rows: 0, texts: 0, cards: 0 })).toEqual([
      { rows: 0, texts: true, cards: 0, files: true, all: true },
    ]);
    expect(steps({ rows: 2, texts: 0, cards: 0 })).toEqual([['rows 1-2'], ['files']]);
  });

  it('a step past the end (every part drawn, then more data) draws everything', () => {
    expect(partsShown(Infinity, { rows: 40, texts: 3, cards: 12 })).toEqual({
      rows: 40,
      texts: true,
      cards: 12,
      files: true,
      all: true,
    });
  });
});
