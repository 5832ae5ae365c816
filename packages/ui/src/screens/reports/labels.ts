// Swedish words and formats of /reports: bucket names (day, week, month), the period, numbers
// and the median reply time, all in Swedish time (sv-SE).
import type { Report, ReportBucket } from '@halsa/api';
import {
  formatDate,
  formatDayMonth,
  formatMonthYear,
  formatNumber,
  formatShortDate,
  formatShortMonthYear,
  SWEDISH_TIME,
} from '../../lib/format';

// A bucket's day `YYYY-MM-DD` at noon UTC, read in UTC: the same day in every time zone.
const noon = (day: string) => new Date(`${day}T12:00:00Z`);
const UTC = { timeZone: 'UTC' };

export const formatCount = (n: number): string => formatNumber(n, { maximumFractionDigits: 1 });

/** ISO week number of a day `YYYY-MM-DD` (Swedish weeks are ISO weeks). */
export function isoWeek(day: string): number {
  const thursday = (d: Date) => {
    d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7) + 3);
    return d;
  };
  const t = thursday(noon(day));
  const first = thursday(new Date(Date.UTC(t.getUTCFullYear(), 0, 4, 12)));
  return 1 + Math.round((t.getTime() - first.getTime()) / (7 * 86_400_000));
}

/** A bucket's name in a table row: "5 nov. 2026", "Vecka 45, 2 nov. 2026" or "november 2026". */
export function bucketLabel(unit: ReportBucket, start: string): string {
  if (unit === 'day') return formatShortDate(noon(start), UTC);
  if (unit === 'week') return `Vecka ${isoWeek(start)}, ${formatShortDate(noon(start), UTC)}`;
  return formatMonthYear(noon(start), UTC);
}

/** A bucket's name on a chart axis: "5 nov.", "v. 45" or "nov. 26". */
export function bucketTick(unit: ReportBucket, start: string): string {
  if (unit === 'day') return formatDayMonth(noon(start), UTC);
  if (unit === 'week') return `v. ${isoWeek(start)}`;
  return formatShortMonthYear(noon(start), UTC);
}

export const bucketUnitLabels: Record<ReportBucket, string> = {
  day: 'per dag',
  week: 'per vecka',
  month: 'per månad',
};

const swedish = { timeZone: SWEDISH_TIME };

/** "22 oktober 2026 – 21 november 2026, per dag". */
export const periodText = (report: Report): string =>
  `${formatDate(report.from, swedish)} – ${formatDate(report.to, swedish)}, ${bucketUnitLabels[report.bucket]}`;

/** A reply time: "under 1 min", "45 min", "2 tim 5 min", "3 dygn 4 tim"; "–" for none. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '–';
  const minutes = Math.round(seconds / 60);
  if (minutes < 1) return 'under 1 min';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} tim ${minutes % 60} min` : `${hours} tim`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} dygn ${hours % 24} tim` : `${days} dygn`;
}
