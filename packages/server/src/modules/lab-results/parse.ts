// Reads a lab upload (design §4.12): a PDF or picture stays a document; the `;`-separated CSV
// and FHIR R4 Bundles of Observations are also read into values. A text file that claims one of
// these formats (by its name or its first characters) but cannot be read is kept as a plain file
// with a Swedish note saying why; anything else (binary, plain text) is refused, as before.
// CSV through csv-parse here, FHIR R4 (§4.15) by the reader the mocks share (@halsa/api/fhir).
import { parse as parseCsv } from 'csv-parse/sync';
import { LAB_CSV_COLUMNS } from '@halsa/api/contract';
import {
  CSV_TYPE,
  FHIR_TYPE,
  isLabDate,
  LAB_NOTES,
  LOINC,
  MAX_ANALYSIS,
  MAX_LAB_VALUES,
  MAX_UNIT,
  unreadable,
  type LabSubject,
  type ParsedLabValue,
  type ReadLabFile,
} from '@halsa/api/fhir/lab-read';
import { readLabFhir } from '@halsa/api/fhir/lab-report';
import { sniffDocument } from '../../files/sniff.ts';

class RowError extends Error {}

/** Bytes no text file has: C0 controls other than tab, line feed, form feed, carriage return. */
function looksLikeText(data: Buffer): boolean {
  for (const b of data) {
    if ((b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d) || b === 0x7f) {
      return false;
    }
  }
  return true;
}

/** `142`, `4,5`, `-0.3`, `1 234,5` → a finite number; else null. */
export function parseDecimal(raw: string): number | null {
  const s = raw.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  if (!/^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

function readValue(
  v: {
    analysis: string;
    loinc: string | null;
    value: number | null;
    rawValue: string;
    unit: string;
    refLow: number | null;
    refHigh: number | null;
    sampledOn: string;
  },
  row: number,
): ParsedLabValue {
  const fail = (what: string) => {
    throw new RowError(LAB_NOTES.row(row, what));
  };
  if (v.analysis === '') fail('analysen saknar namn');
  if (v.analysis.length > MAX_ANALYSIS) fail(`analysens namn är längre än ${MAX_ANALYSIS} tecken`);
  if (v.loinc !== null && !LOINC.test(v.loinc)) fail(`"${v.loinc}" är ingen LOINC-kod`);
  if (v.value === null) fail(`värdet "${v.rawValue}" är inget tal`);
  if (v.unit.length > MAX_UNIT) fail(`enheten är längre än ${MAX_UNIT} tecken`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v.sampledOn) || !isLabDate(v.sampledOn))
    fail(`"${v.sampledOn}" är inget datum (ÅÅÅÅ-MM-DD)`);
  if (v.refLow !== null && v.refHigh !== null && v.refLow > v.refHigh) {
    fail('referensintervallets nedre gräns är högre än den övre');
  }
  return {
    analysis: v.analysis,
    loinc: v.loinc,
    value: v.value!,
    unit: v.unit,
    refLow: v.refLow,
    refHigh: v.refHigh,
    sampledOn: v.sampledOn,
  };
}

function optionalNumber(raw: string, row: number, field: string): number | null {
  if (raw === '') return null;
  const n = parseDecimal(raw);
  if (n === null) throw new RowError(LAB_NOTES.row(row, `${field} "${raw}" är inget tal`));
  return n;
}

/** The design §4.12 CSV: header, then one analysis per row. */
export function readLabCsv(text: string): ReadLabFile {
  let records: string[][];
  try {
    records = parseCsv(text, {
      delimiter: ';',
      bom: true,
      trim: true,
      skip_empty_lines: true,
      relax_quotes: false,
    }) as string[][];
  } catch {
    return unreadable(CSV_TYPE, 'CSV', LAB_NOTES.csvSyntax);
  }
  const [header, ...rows] = records;
  const expected = LAB_CSV_COLUMNS.join(';');
  if (!header || header.map((h) => h.toLowerCase()).join(';') !== expected) {
    return unreadable(CSV_TYPE, 'CSV', LAB_NOTES.csvHeader);
  }
  if (rows.length === 0) return unreadable(CSV_TYPE, 'CSV', LAB_NOTES.empty);
  if (rows.length > MAX_LAB_VALUES) return unreadable(CSV_TYPE, 'CSV', LAB_NOTES.tooMany);
  try {
    const values = rows.map((cells, i) => {
      const row = i + 2;
      const [analysis, loinc, value, unit, low, high, date] = cells as [
        string,
        string,
        string,
        string,
        string,
        string,
        string,
      ];
      return readValue(
        {
          analysis,
          loinc: loinc === '' ? null : loinc,
          value: parseDecimal(value),
          rawValue: value,
          unit,
          refLow: optionalNumber(low, row, 'ref_låg'),
          refHigh: optionalNumber(high, row, 'ref_hög'),
          sampledOn: date,
        },
        row,
      );
    });
    return {
      type: CSV_TYPE,
      format: 'CSV',
      status: 'READ',
      values,
      note: null,
      summary: { read: values.length, skipped: [] },
    };
  } catch (error) {
    if (error instanceof RowError) return unreadable(CSV_TYPE, 'CSV', error.message);
    throw error;
  }
}

/** Which structured format a text upload claims, by its name or first characters, if any. */
export function claimedFormat(data: Buffer, name: string | undefined): 'FHIR' | 'CSV' | null {
  const lower = (name ?? '').toLowerCase();
  const start = data
    .subarray(0, 64)
    .toString('latin1')
    .replace(/^\ufeff|^\xef\xbb\xbf/, '');
  if (lower.endsWith('.json') || start.trimStart().startsWith('{')) return 'FHIR';
  if (lower.endsWith('.csv') || start.toLowerCase().startsWith('analys;')) return 'CSV';
  return null;
}

/** A PDF or picture upload: no values to read. `null` for any other document type. */
export function readDocument(data: Buffer): ReadLabFile | null | undefined {
  const document = sniffDocument(data);
  if (!document) return undefined;
  if (!['application/pdf', 'image/png', 'image/jpeg'].includes(document.mime)) return null;
  const format = document.mime === 'application/pdf' ? 'PDF' : 'IMAGE';
  return { type: document, format, status: 'NONE', values: [], note: null };
}

/** A structured file that claims `format` kept unread, with `note` saying why. */
export const unreadClaimed = (format: 'FHIR' | 'CSV', note: string): ReadLabFile =>
  unreadable(format === 'FHIR' ? FHIR_TYPE : CSV_TYPE, format, note);

/**
 * What a lab upload is, by content: a PDF or picture, a structured file (read, or kept with a
 * note when it cannot be read), or `null` (refused). `complete: false` says `data` is only the
 * first bytes of a file too large to read whole (over 25 MB, files/client-files.ts): a
 * structured file that large is kept with the note `tooLarge`. The upload runs this in a worker
 * thread (read-isolated.ts); tests and tools call it directly.
 */
export function readLabFile(
  data: Buffer,
  name: string | undefined,
  complete = true,
  subject?: LabSubject,
): ReadLabFile | null {
  const document = readDocument(data);
  if (document !== undefined) return document;
  if (!looksLikeText(data)) return null;
  const claims = claimedFormat(data, name);
  if (!claims) return null;
  if (!complete) return unreadClaimed(claims, LAB_NOTES.tooLarge);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return unreadClaimed(claims, LAB_NOTES.notUtf8);
  }
  return claims === 'FHIR' ? readLabFhir(text, subject) : readLabCsv(text);
}
