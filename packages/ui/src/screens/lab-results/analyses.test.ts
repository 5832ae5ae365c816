// Which values make one trend (design §4.15): blood pressure's two components together, a long
// panel's analyses each alone; partial dates in order.
import type { LabValue } from '@halsa/api';
import { labReportOverview } from '@halsa/api/mocks';
import { describe, expect, it } from 'vitest';
import { groupAnalyses, groupTrends, latestTexts } from './analyses';
import { formatDay, formatShortDay, valueText } from './labels';

const v = (analysis: string, loinc: string, unit: string, sampledOn: string, group?: string) =>
  ({
    fileName: 'rapport.json',
    analysis,
    loinc,
    value: 1,
    unit,
    refLow: null,
    refHigh: null,
    sampledOn,
    ...(group ? { group: { key: `${group}:${sampledOn}`, name: group, loinc: null } } : {}),
  }) satisfies LabValue;

describe('lab trends', () => {
  it('blood pressure is one trend of both components, one sample per measurement', () => {
    const trends = groupTrends(groupAnalyses(labReportOverview.values));
    const bp = trends.find((t) => t.name === 'Blodtryck')!;
    expect(bp.series.map((s) => s.name)).toEqual(['Systoliskt blodtryck', 'Diastoliskt blodtryck']);
    expect(bp.samples.map((s) => [s.sampledOn, ...s.values.map((x) => x?.value)])).toEqual([
      ['2026-03-10', 135, 88],
      ['2026-05-12', 128, 82],
      ['2026-11-02', 146, 92],
    ]);
    expect(trends.some((t) => t.name === 'Systoliskt blodtryck')).toBe(false);
  });

  it('a panel of many analyses, or of different units, gives each analysis its own trend', () => {
    const values = [
      ...['2015-08-16', '2016-01-02'].flatMap((d) => [
        v('Hb', '718-7', 'g/L', d, 'Blodstatus'),
        v('EVF', '4544-3', '%', d, 'Blodstatus'),
      ]),
      v('Hb', '718-7', 'g/L', '2026-11-02'),
    ];
    const trends = groupTrends(groupAnalyses(values));
    expect(trends.map((t) => [t.name, t.series.length, t.samples.length])).toEqual([
      ['Hb', 1, 3],
      ['EVF', 1, 2],
    ]);
  });

  it('partial dates sort and read as the lab gave them; comparators are written out', () => {
    const [vitD] = groupAnalyses(labReportOverview.values).filter((a) => a.name === 'Vitamin D');
    expect(vitD!.values.map((x) => x.sampledOn)).toEqual(['2025', '2026-11']);
    expect(['2025', '2026-11', '2026-11-02'].map(formatDay)).toEqual([
      '2025',
      'november 2026',
      '2 november 2026',
    ]);
    expect(formatShortDay('2026-11')).toBe('nov. 26');
    expect(valueText({ value: 1, unit: 'mg/L', comparator: '<' })).toBe('<1 mg/L');
    expect(valueText({ value: 90, unit: '', comparator: '>=' })).toBe('≥90');
    expect(latestTexts(labReportOverview.textValues ?? []).map((t) => t.text)).toEqual([
      'A RhD positiv',
      'Negativ',
      'Växt av E. coli, >100 000 CFU/mL',
    ]);
  });
});
