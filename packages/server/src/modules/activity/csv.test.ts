import { describe, expect, it } from 'vitest';
import { csvRow, neutralise, swedishTime } from './csv.ts';

describe('activity CSV cells', () => {
  it('times are Swedish, across both daylight-saving changes', () => {
    expect(swedishTime('2026-01-15T12:00:00.000Z')).toBe('2026-01-15 13:00:00');
    expect(swedishTime('2026-07-15T12:00:00.000Z')).toBe('2026-07-15 14:00:00');
    // 29 March 2026, 01:00 UTC: clocks go from 02:00 to 03:00.
    expect(swedishTime('2026-03-29T00:59:59.000Z')).toBe('2026-03-29 01:59:59');
    expect(swedishTime('2026-03-29T01:00:00.000Z')).toBe('2026-03-29 03:00:00');
    // 25 October 2026, 01:00 UTC: clocks go from 03:00 back to 02:00.
    expect(swedishTime('2026-10-25T00:30:00.000Z')).toBe('2026-10-25 02:30:00');
    expect(swedishTime('2026-10-25T01:30:00.000Z')).toBe('2026-10-25 02:30:00');
  });

  it('a cell that a spreadsheet would run is neutralised; others are left alone', () => {
    for (const evil of ['=1+1', '+46', '-2', '@SUM(A1)', '\tx', '\rx']) {
      expect(neutralise(evil)).toBe(`'${evil}`);
    }
    expect(neutralise('Anna Lindqvist')).toBe('Anna Lindqvist');
    expect(
      csvRow({
        id: 1,
        action: 'CLIENT_VIEWED',
        performedByName: '=cmd',
        timestamp: '2026-01-01T00:00:00.000Z',
        subjectUserName: null,
        ipAddress: null,
      }),
    ).toEqual(['2026-01-01 01:00:00', 'Visade klientöversikt', "'=cmd", '', '']);
  });
});
