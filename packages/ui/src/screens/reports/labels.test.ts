import { describe, expect, it } from 'vitest';
import type { Report } from '@halsa/api';
import { bucketLabel, bucketTick, formatCount, periodText } from './labels';

// The report's words in Swedish, the same in every time zone (the formats are lib/format's).
describe('report labels', () => {
  it('names buckets in rows and on chart axes', () => {
    expect(bucketLabel('day', '2026-11-05')).toBe('5 nov. 2026');
    expect(bucketLabel('week', '2026-11-02')).toBe('Vecka 45, 2 nov. 2026');
    expect(bucketLabel('month', '2026-11-01')).toBe('november 2026');
    expect(bucketTick('day', '2026-11-05')).toBe('5 nov.');
    expect(bucketTick('week', '2026-11-02')).toBe('v. 45');
    expect(bucketTick('month', '2026-11-01')).toBe('nov. 26');
  });

  it('writes the period in Swedish time and counts with one decimal', () => {
    const report = {
      from: '2026-10-21T22:00:00Z',
      to: '2026-11-21T10:00:00Z',
      bucket: 'day',
    } as Report;
    expect(periodText(report)).toBe('22 oktober 2026 – 21 november 2026, per dag');
    expect(formatCount(1234.56).replace(/\s/g, ' ')).toBe('1 234,6');
  });
});
