// A client's lab values as analyses: one per LOINC code (or name), each with its values over time;
// analyses read from one panel (blood pressure: systolic and diastolic, design §4.15) drawn as one
// trend; text results, the latest of each analysis.
import type { LabTextValue, LabValue } from '@halsa/api';
import { dayOf } from './labels';

export interface Analysis {
  /** LOINC code when given, else the name: values of one analysis across uploads. */
  key: string;
  name: string;
  unit: string;
  /** Oldest sample first. */
  values: LabValue[];
  latest: LabValue;
}

/** One trend: an analysis alone, or the analyses of one panel (blood pressure) together. */
export interface Trend {
  key: string;
  name: string;
  series: Analysis[];
  /** The samples, oldest first: one per value, or one per panel sample for a panel. */
  samples: TrendSample[];
}

export interface TrendSample {
  key: string;
  sampledOn: string;
  /** Per series, its value in this sample (a panel may lack one). */
  values: (LabValue | undefined)[];
}

const keyOf = (v: { loinc: string | null; analysis: string }) =>
  v.loinc ?? `namn:${v.analysis.toLowerCase()}`;
// Days as 'YYYY-MM-DD' order as plain text; localeCompare would build an ICU collator first,
// 100+ ms on a slow phone's first sort (issue 39).
const byDay = (a: { sampledOn: string }, b: { sampledOn: string }) => {
  const x = dayOf(a.sampledOn);
  const y = dayOf(b.sampledOn);
  return x < y ? -1 : x > y ? 1 : 0;
};

/** Values grouped per analysis (oldest first within each), in order of first appearance. */
export function groupAnalyses(values: readonly LabValue[]): Analysis[] {
  const byKey = new Map<string, LabValue[]>();
  for (const v of values) {
    const key = keyOf(v);
    const list = byKey.get(key) ?? [];
    list.push(v);
    byKey.set(key, list);
  }
  return [...byKey.entries()].map(([key, list]) => {
    const sorted = [...list].sort(byDay);
    const latest = sorted[sorted.length - 1]!;
    return { key, name: latest.analysis, unit: latest.unit, values: sorted, latest };
  });
}

/** Most analyses drawn in one chart: blood pressure has two; a long panel gets a chart each. */
const MAX_SERIES = 3;

const alone = (a: Analysis): Trend => ({
  key: a.key,
  name: a.name,
  series: [a],
  samples: a.values.map((v, i) => ({
    key: `${v.fileName}-${i}`,
    sampledOn: v.sampledOn,
    values: [v],
  })),
});

/** A panel's analyses as one trend, one sample per panel sample (its group key). */
function together(key: string, name: string, series: Analysis[]): Trend {
  const samples = new Map<string, TrendSample>();
  series.forEach((a, s) => {
    a.values.forEach((v, i) => {
      const sampleKey = v.group?.key ?? `${v.fileName}-${s}-${i}`;
      const sample = samples.get(sampleKey) ?? {
        key: sampleKey,
        sampledOn: v.sampledOn,
        values: series.map(() => undefined),
      };
      sample.values[s] = v;
      samples.set(sampleKey, sample);
    });
  });
  return { key, name, series, samples: [...samples.values()].sort(byDay) };
}

/**
 * The trends of the page: the analyses of one panel that are measured alike (blood pressure:
 * systolic and diastolic, both mm[Hg]) drawn together; every other analysis alone (a blood count
 * panel's analyses have their own units and scales).
 */
export function groupTrends(analyses: readonly Analysis[]): Trend[] {
  const panelOf = (a: Analysis) => {
    const group = [...a.values].reverse().find((v) => v.group)?.group;
    return group
      ? { id: `panel:${group.loinc ?? group.name.toLowerCase()}`, name: group.name }
      : null;
  };
  const panels = new Map<string, { name: string; series: Analysis[] }>();
  for (const a of analyses) {
    const panel = panelOf(a);
    if (!panel) continue;
    const entry = panels.get(panel.id) ?? { name: panel.name, series: [] };
    entry.series.push(a);
    panels.set(panel.id, entry);
  }
  const drawnTogether = (p: { series: Analysis[] }) =>
    p.series.length > 1 &&
    p.series.length <= MAX_SERIES &&
    p.series.every((a) => a.unit === p.series[0]!.unit);
  const trends: Trend[] = [];
  const done = new Set<string>();
  for (const a of analyses) {
    const panel = panelOf(a);
    const entry = panel ? panels.get(panel.id) : undefined;
    if (!panel || !entry || !drawnTogether(entry)) {
      trends.push(alone(a));
    } else if (!done.has(panel.id)) {
      done.add(panel.id);
      trends.push(together(panel.id, entry.name, entry.series));
    }
  }
  return trends;
}

/** The latest text result of every analysis, in order of first appearance. */
export function latestTexts(values: readonly LabTextValue[]): LabTextValue[] {
  const byKey = new Map<string, LabTextValue>();
  for (const v of values) {
    const seen = byKey.get(keyOf(v));
    if (!seen || byDay(seen, v) <= 0) byKey.set(keyOf(v), v);
  }
  return [...byKey.values()];
}
