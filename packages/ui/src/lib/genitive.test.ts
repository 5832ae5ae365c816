import { describe, expect, it } from 'vitest';
import { genitive, listInSwedish } from './genitive';

describe('genitive', () => {
  it('adds an s, except after s, x or z', () => {
    expect(genitive('Eva Björk')).toBe('Eva Björks');
    expect(genitive('Lars')).toBe('Lars');
    expect(genitive('Max')).toBe('Max');
    expect(genitive('Inez ')).toBe('Inez');
  });
});

describe('listInSwedish', () => {
  it("joins with commas and 'och' before the last", () => {
    expect(listInSwedish([])).toBe('');
    expect(listInSwedish(['journal'])).toBe('journal');
    expect(listInSwedish(['klientöversikt', 'journal', '3 provsvar'])).toBe(
      'klientöversikt, journal och 3 provsvar',
    );
  });
});
