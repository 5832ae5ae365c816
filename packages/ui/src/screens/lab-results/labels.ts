// Swedish words of the lab-results page: flags, ranges, formats, dates and numbers (sv-SE).
import type { LabFileFormat, LabFlag, LabValue } from '@halsa/api';
import { formatCompactDate, formatDate, formatNumber, SWEDISH_TIME } from '../../lib/format';

/** The line under the page's title: in the page list, whose skeleton paints it first. */
export { LAB_RESULTS_LEAD } from '../../config/pages';

export const flagLabels: Record<Exclude<LabFlag, 'NO_RANGE'>, string> = {
  HIGH: 'Över referensintervallet',
  LOW: 'Under referensintervallet',
  IN_RANGE: 'Inom referensintervallet',
};

export const formatLabels: Record<LabFileFormat, string> = {
  PDF: 'PDF',
  IMAGE: 'Bild',
  CSV: 'Provsvar (CSV)',
  FHIR: 'Provsvar (FHIR)',
};

/** A lab value with at most two decimals: 4.567 → "4,57". */
export const formatValue = (n: number): string => formatNumber(n, { maximumFractionDigits: 2 });

const swedish = { timeZone: SWEDISH_TIME };

/** `2026-11-02` (a sampling date) → "2 november 2026". */
export const formatDay = (day: string): string => formatDate(`${day}T12:00:00Z`, swedish);
/** `2026-11-02` → "2 nov. 26" (chart ticks). */
export const formatShortDay = (day: string): string =>
  formatCompactDate(`${day}T00:00:00Z`, { timeZone: 'UTC' });

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

export const valueText = (v: Pick<LabValue, 'value' | 'unit'>): string =>
  `${formatValue(v.value)}${v.unit ? ` ${v.unit}` : ''}`;
