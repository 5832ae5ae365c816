// Swedish words of the lab-results page: flags, ranges, formats, dates and numbers (sv-SE).
import type { LabComparator, LabFileFormat, LabFlag, LabValue } from '@halsa/api';
import { formatNumber, formatPartialDate, formatShortDate } from '../../lib/format';

/** The line under the page's title: in the page list, whose skeleton paints it first. */
export { LAB_RESULTS_LEAD } from '../../config/pages';

export const flagLabels: Record<Exclude<LabFlag, 'NO_RANGE'>, string> = {
  HIGH: 'Över referensintervallet',
  LOW: 'Under referensintervallet',
  IN_RANGE: 'Inom referensintervallet',
};

/** The flag from the lab's interpretation code, for a value without a reference range. */
export const interpretationLabels: Record<Exclude<LabFlag, 'NO_RANGE'>, string> = {
  HIGH: 'Högt enligt labbet',
  LOW: 'Lågt enligt labbet',
  IN_RANGE: 'Normalt enligt labbet',
};

/** The lab's 'A' (abnormal, no direction) on a value without a reference range. */
export const ABNORMAL_BY_LAB = 'Avvikande enligt labbet';
/** A 'Bedömning' cell when neither a range nor the lab says anything: never an empty row. */
export const NO_ASSESSMENT = 'Ingen bedömning';

export const formatLabels: Record<LabFileFormat, string> = {
  PDF: 'PDF',
  IMAGE: 'Bild',
  CSV: 'Provsvar (CSV)',
  FHIR: 'Provsvar (FHIR)',
};

/** A lab value with at most two decimals: 4.567 → "4,57". */
export const formatValue = (n: number): string => formatNumber(n, { maximumFractionDigits: 2 });

/**
 * A sampling date as precise as the lab gave it: `2026-11-02` → "2 november 2026", `2026-11` →
 * "november 2026", `2026` → "2026".
 */
export const formatDay = (day: string): string => formatPartialDate(day);
/** `2026-11-02` → "2 nov. 26", `2026-11` → "nov. 26" (chart ticks). */
export const formatShortDay = (day: string): string => formatPartialDate(day, { short: true });

/** A partial date as a day to place and order it by: `2026` → `2026-01-01`, `2026-11` → `2026-11-01`. */
export const dayOf = (day: string): string =>
  day.length === 4 ? `${day}-01-01` : day.length === 7 ? `${day}-01` : day.slice(0, 10);

/** How a comparator is written before the number: `<1 mg/L`, `≥90`. */
const COMPARATOR_TEXT: Record<LabComparator, string> = { '<': '<', '<=': '≤', '>=': '≥', '>': '>' };

/** 'Preliminärt': a value the lab has not made final. */
export const PRELIMINARY = 'Preliminärt';
/** 'Rättat 4 nov. 2026': a value the lab corrected, with the day of the correction. */
export const correctedText = (at: string): string => `Rättat ${formatShortDate(at)}`;

/** "117–153 g/L", "högst 5 mmol/L", "minst 15 µg/L" or "Saknas". */
export function rangeText(v: Pick<LabValue, 'refLow' | 'refHigh' | 'unit'>): string {
  const unit = v.unit ? ` ${v.unit}` : '';
  if (v.refLow !== null && v.refHigh !== null) {
    return `${formatValue(v.refLow)}–${formatValue(v.refHigh)}${unit}`;
  }
  if (v.refHigh !== null) return `högst ${formatValue(v.refHigh)}${unit}`;
  if (v.refLow !== null) return `minst ${formatValue(v.refLow)}${unit}`;
  return 'Saknas';
}

/** "142 g/L", or with its comparator as the lab wrote it: "<1 mg/L". */
export const valueText = (
  v: Pick<LabValue, 'value' | 'unit'> & Pick<Partial<LabValue>, 'comparator'>,
): string =>
  `${v.comparator ? COMPARATOR_TEXT[v.comparator] : ''}${formatValue(v.value)}${v.unit ? ` ${v.unit}` : ''}`;
