// The activity log as CSV that opens right in Swedish Excel and LibreOffice: UTF-8 with a BOM,
// `;` between cells, a Swedish header row, times in Swedish time (ISO order; the reader has the
// database format them), and every cell that starts with = + - @, a tab or a carriage return
// neutralised with a leading apostrophe so a spreadsheet never runs it as a formula (design.md §5). Each batch of the log becomes one
// chunk through csv-stringify, and the next batch is read only once the socket took the last.
import { Readable } from 'node:stream';
import { activityActionLabels } from '@halsa/api/contract';
import { stringify } from 'csv-stringify/sync';
import type { ExportRow } from './reader.ts';

export const CSV_HEADER = ['Tidpunkt', 'Händelse', 'Utförd av', 'Berörd klient', 'IP-adress'];

/** A cell a spreadsheet would read as a formula gets a leading apostrophe. */
export const neutralise = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** The cells of one exported row. */
export const csvRow = ([at, action, performedBy, subject, ip]: ExportRow): string[] => [
  at,
  neutralise(activityActionLabels[action] ?? action),
  neutralise(performedBy),
  neutralise(subject ?? ''),
  neutralise(ip ?? ''),
];

const CSV_OPTIONS = { delimiter: ';', record_delimiter: 'windows' } as const;

/**
 * A whole small CSV in this format (BOM, `;`, CRLF), for exports that fit in memory such as the
 * clinic reports. The caller passes cells already neutralised where they carry free text.
 */
export const csvDocument = (header: readonly string[], rows: readonly string[][]): Buffer =>
  Buffer.from(`\ufeff${stringify([header, ...rows], CSV_OPTIONS)}`, 'utf8');

/** The BOM and the header row: the first bytes of every export. */
export const csvHead = (): Buffer => csvDocument(CSV_HEADER, []);

/** One batch of rows as one chunk of CSV. */
export const csvChunk = (rows: readonly ExportRow[]): Buffer =>
  Buffer.from(stringify(rows.map(csvRow), CSV_OPTIONS), 'utf8');

/**
 * A readable byte stream of the whole CSV: BOM, header, then one chunk per batch. Its buffer
 * holds one chunk at most (highWaterMark 1 byte), so with Fastify piping it into the socket the
 * next batch is read from the database only after the socket has taken the last one: a slow
 * download holds a batch or two, never the log. Destroying it (a client gone) ends the reads.
 */
export function activityCsv(batches: AsyncIterable<readonly ExportRow[]>): Readable {
  return Readable.from(
    (async function* () {
      yield csvHead();
      for await (const batch of batches) yield csvChunk(batch);
    })(),
    { objectMode: false, highWaterMark: 1 },
  );
}

/** `aktivitetslogg_2026-11-24_30dagar.csv`, or with the client's id. */
export const exportFileName = (interval: string, now: Date, userId?: number): string =>
  `aktivitetslogg${userId ? `_klient-${userId}` : ''}_${now.toISOString().slice(0, 10)}_${interval}.csv`;
