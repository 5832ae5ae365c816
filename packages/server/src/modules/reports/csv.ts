// The clinic report as CSV in the activity export's format (activity/csv.ts: UTF-8 BOM, `;`,
// CRLF, Swedish header): one row per day, week or month, oldest first, then the whole period.
import { reportFigureLabels, type Report, type ReportFigures } from '@halsa/api/contract';
import { csvDocument } from '../activity/csv.ts';

const COLUMNS = [
  'newClients',
  'activeClients',
  'clientMessages',
  'staffMessages',
  'medianReplySeconds',
  'repliedMessages',
  'labUploads',
  'actionPlanUploads',
  'signedNotes',
] as const satisfies readonly (keyof ReportFigures)[];

const PERIOD_HEADER = { day: 'Dag', week: 'Vecka från', month: 'Månad' } as const;

export const reportCsvHeader = (report: Report): string[] => [
  PERIOD_HEADER[report.bucket],
  ...COLUMNS.map((c) =>
    c === 'medianReplySeconds' ? `${reportFigureLabels[c]} (minuter)` : reportFigureLabels[c],
  ),
];

/** Minutes with one decimal and a decimal comma, as Swedish Excel reads a number. */
const minutes = (seconds: number | null): string =>
  seconds === null ? '' : (seconds / 60).toFixed(1).replace('.', ',');

const cells = (f: ReportFigures): string[] =>
  COLUMNS.map((c) => (c === 'medianReplySeconds' ? minutes(f[c]) : String(f[c])));

/** Month buckets are named by their month (`2026-11`), days and weeks by their first day. */
const periodLabel = (report: Report, start: string): string =>
  report.bucket === 'month' ? start.slice(0, 7) : start;

export const reportCsv = (report: Report): Buffer =>
  csvDocument(reportCsvHeader(report), [
    ...report.buckets.map((b) => [periodLabel(report, b.start), ...cells(b)]),
    ['Hela perioden', ...cells(report.totals)],
  ]);

/** `rapport_2026-11-24_30dagar.csv`. */
export const reportFileName = (interval: string, now: Date): string =>
  `rapport_${now.toISOString().slice(0, 10)}_${interval}.csv`;
