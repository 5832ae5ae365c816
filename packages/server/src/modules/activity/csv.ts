// The activity log as CSV that opens right in Swedish Excel and LibreOffice: UTF-8 with a BOM,
// `;` between cells, a Swedish header row, times in Swedish time (ISO order), and every cell
// that starts with = + - @, a tab or a carriage return neutralised with a leading apostrophe so
// a spreadsheet never runs it as a formula (design.md §5). Streamed through csv-stringify.
import { activityActionLabels, type ActivityLog } from '@halsa/api/contract';
import { stringify } from 'csv-stringify';
import { Readable } from 'node:stream';

export const CSV_HEADER = ['Tidpunkt', 'Händelse', 'Utförd av', 'Berörd klient', 'IP-adress'];

const stockholm = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Stockholm',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

const offsetByHour = new Map<number, number>();
/** Stockholm's offset from UTC in ms during the UTC hour of `ms` (DST changes on the hour). */
function stockholmOffset(ms: number): number {
  const hour = Math.floor(ms / 3_600_000);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    const parts = Object.fromEntries(
      stockholm.formatToParts(new Date(hour * 3_600_000)).map((p) => [p.type, p.value]),
    );
    const local = Date.UTC(
      +parts.year!,
      +parts.month! - 1,
      +parts.day!,
      +parts.hour!,
      +parts.minute!,
    );
    offset = local - hour * 3_600_000;
    if (offsetByHour.size > 100_000) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
}

/**
 * `2026-11-24 09:15:02`, in Swedish time. Intl answers the offset once per hour of the log; the
 * rest is arithmetic, so a million rows do not cost a million Intl calls.
 */
export function swedishTime(iso: string): string {
  const ms = Date.parse(iso);
  return new Date(ms + stockholmOffset(ms)).toISOString().slice(0, 19).replace('T', ' ');
}

/** A cell a spreadsheet would read as a formula gets a leading apostrophe. */
export const neutralise = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

export const csvRow = (log: ActivityLog): string[] =>
  [
    swedishTime(log.timestamp),
    activityActionLabels[log.action] ?? log.action,
    log.performedByName,
    log.subjectUserName ?? '',
    log.ipAddress ?? '',
  ].map(neutralise);

/** A readable stream of the whole CSV: BOM, header, then each batch as it arrives. */
export function activityCsv(batches: AsyncIterable<ActivityLog[]>): Readable {
  const csv = stringify({ delimiter: ';', bom: true, record_delimiter: 'windows' });
  const rows = Readable.from(
    (async function* () {
      yield CSV_HEADER;
      for await (const batch of batches) for (const log of batch) yield csvRow(log);
    })(),
  );
  rows.on('error', (err) => csv.destroy(err));
  return rows.pipe(csv);
}

/** `aktivitetslogg_2026-11-24_30dagar.csv`, or with the client's id. */
export const exportFileName = (interval: string, now: Date, userId?: number): string =>
  `aktivitetslogg${userId ? `_klient-${userId}` : ''}_${now.toISOString().slice(0, 10)}_${interval}.csv`;
