// A client's lab values as analyses: one per LOINC code (or name), each with its values over time.
import type { LabValue } from '@halsa/api';

export interface Analysis {
  /** LOINC code when given, else the name: values of one analysis across uploads. */
  key: string;
  name: string;
  unit: string;
  /** Oldest sample first. */
  values: LabValue[];
  latest: LabValue;
}

/** Values grouped per analysis (oldest first within each), in order of first appearance. */
export function groupAnalyses(values: readonly LabValue[]): Analysis[] {
  const byKey = new Map<string, LabValue[]>();
  for (const v of values) {
    const key = v.loinc ?? `namn:${v.analysis.toLowerCase()}`;
    const list = byKey.get(key) ?? [];
    list.push(v);
    byKey.set(key, list);
  }
  return [...byKey.entries()].map(([key, list]) => {
    const sorted = [...list].sort((a, b) => a.sampledOn.localeCompare(b.sampledOn));
    const latest = sorted[sorted.length - 1]!;
    return { key, name: latest.analysis, unit: latest.unit, values: sorted, latest };
  });
}
