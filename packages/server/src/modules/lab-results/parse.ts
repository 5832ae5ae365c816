// Reads a lab upload (design §4.12): a PDF or picture stays a document; the `;`-separated CSV
// and FHIR R4 Bundles of Observations are also read into values. A text file that claims one of
// these formats (by its name or its first characters) but cannot be read is kept as a plain file
// with a Swedish note saying why; anything else (binary, plain text) is refused, as before.
// CSV through csv-parse, FHIR through the contract's zod schema.
import { parse as parseCsv } from 'csv-parse/sync';
import {
  fhirBundleSchema,
  LAB_CSV_COLUMNS,
  LOINC_SYSTEM,
  type LabFileFormat,
  type LabValuesStatus,
} from '@halsa/api/contract';
import { sniffDocument, type SniffedType } from '../../files/sniff.ts';

export interface ParsedLabValue {
  analysis: string;
  loinc: string | null;
  value: number;
  unit: string;
  refLow: number | null;
  refHigh: number | null;
  sampledOn: string;
}

export interface ReadLabFile {
  type: SniffedType;
  format: LabFileFormat;
  status: LabValuesStatus;
  values: ParsedLabValue[];
  /** Swedish, for the client: why the values could not be read. */
  note: string | null;
}

export const CSV_TYPE: SniffedType = { mime: 'text/csv', ext: 'csv' };
export const FHIR_TYPE: SniffedType = { mime: 'application/fhir+json', ext: 'json' };

/** Most values one file may carry; a lab report has tens. */
export const MAX_LAB_VALUES = 2000;
const MAX_ANALYSIS = 200;
const MAX_UNIT = 50;
const LOINC = /^[0-9]{1,7}-[0-9]$/;

export const LAB_NOTES = {
  notUtf8:
    'Värdena i filen kunde inte läsas: filen är inte sparad som UTF-8. Filen finns kvar att ladda ner.',
  csvHeader: `Värdena i filen kunde inte läsas: första raden ska vara ${LAB_CSV_COLUMNS.join(';')}. Filen finns kvar att ladda ner.`,
  csvSyntax:
    'Värdena i filen kunde inte läsas: raderna har inte sju fält åtskilda med semikolon. Filen finns kvar att ladda ner.',
  empty:
    'Värdena i filen kunde inte läsas: filen innehåller inga provsvar. Filen finns kvar att ladda ner.',
  tooMany: `Värdena i filen kunde inte läsas: filen har fler än ${MAX_LAB_VALUES} värden. Filen finns kvar att ladda ner.`,
  tooLarge:
    'Värdena i filen kunde inte läsas: filen är större än 2 MB. Filen finns kvar att ladda ner.',
  json: 'Värdena i filen kunde inte läsas: filen är ingen giltig JSON. Filen finns kvar att ladda ner.',
  fhir: 'Värdena i filen kunde inte läsas: filen är ingen FHIR-bundle med provsvar (Observation med värde och provtagningsdatum). Filen finns kvar att ladda ner.',
  row: (row: number, what: string) =>
    `Värdena i filen kunde inte läsas: rad ${row}: ${what}. Filen finns kvar att ladda ner.`,
} as const;

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

function isCalendarDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
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
  if (!isCalendarDate(v.sampledOn)) fail(`"${v.sampledOn}" är inget datum (ÅÅÅÅ-MM-DD)`);
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

const unreadable = (type: SniffedType, format: LabFileFormat, note: string): ReadLabFile => ({
  type,
  format,
  status: 'UNREADABLE',
  values: [],
  note,
});

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
    return { type: CSV_TYPE, format: 'CSV', status: 'READ', values, note: null };
  } catch (error) {
    if (error instanceof RowError) return unreadable(CSV_TYPE, 'CSV', error.message);
    throw error;
  }
}

/** A FHIR R4 Bundle of Observations (LOINC code, valueQuantity, referenceRange[0], date). */
export function readLabFhir(text: string): ReadLabFile {
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\ufeff/, ''));
  } catch {
    return unreadable(FHIR_TYPE, 'FHIR', LAB_NOTES.json);
  }
  const bundle = fhirBundleSchema.safeParse(json);
  if (!bundle.success) return unreadable(FHIR_TYPE, 'FHIR', LAB_NOTES.fhir);
  const entries = bundle.data.entry;
  if (entries.length > MAX_LAB_VALUES) return unreadable(FHIR_TYPE, 'FHIR', LAB_NOTES.tooMany);
  try {
    const values = entries.map(({ resource: obs }, i) => {
      const coding = obs.code.coding ?? [];
      const loinc = coding.find((c) => c.system === LOINC_SYSTEM && c.code)?.code ?? null;
      const range = obs.referenceRange?.[0];
      const row = i + 1;
      if (loinc === null) throw new RowError(LAB_NOTES.row(row, 'observationen saknar LOINC-kod'));
      return readValue(
        {
          analysis: (
            obs.code.text ??
            coding.find((c) => c.system === LOINC_SYSTEM)?.display ??
            loinc
          ).trim(),
          loinc,
          value: obs.valueQuantity.value,
          rawValue: String(obs.valueQuantity.value),
          unit: (obs.valueQuantity.unit ?? obs.valueQuantity.code ?? '').trim(),
          refLow: range?.low?.value ?? null,
          refHigh: range?.high?.value ?? null,
          sampledOn: obs.effectiveDateTime.slice(0, 10),
        },
        row,
      );
    });
    return { type: FHIR_TYPE, format: 'FHIR', status: 'READ', values, note: null };
  } catch (error) {
    if (error instanceof RowError) {
      return unreadable(FHIR_TYPE, 'FHIR', error.message.replace('rad ', 'observation '));
    }
    throw error;
  }
}

/**
 * What a lab upload is, by content: a PDF or picture, a structured file (read, or kept with a
 * note when it cannot be read), or `null` (refused). `complete: false` says `data` is only the
 * first bytes of a file too large to read whole (over 2 MB, files/client-files.ts): a
 * structured file that large is kept with the note `tooLarge`.
 */
export function readLabFile(
  data: Buffer,
  name: string | undefined,
  complete = true,
): ReadLabFile | null {
  const document = sniffDocument(data);
  if (document) {
    if (!['application/pdf', 'image/png', 'image/jpeg'].includes(document.mime)) return null;
    const format = document.mime === 'application/pdf' ? 'PDF' : 'IMAGE';
    return { type: document, format, status: 'NONE', values: [], note: null };
  }
  if (!looksLikeText(data)) return null;
  const lower = (name ?? '').toLowerCase();
  const start = data
    .subarray(0, 64)
    .toString('latin1')
    .replace(/^\ufeff|^\xef\xbb\xbf/, '');
  const claimsFhir = lower.endsWith('.json') || start.trimStart().startsWith('{');
  const claimsCsv = lower.endsWith('.csv') || start.toLowerCase().startsWith('analys;');
  if (!claimsFhir && !claimsCsv) return null;
  if (!complete) {
    return unreadable(
      claimsFhir ? FHIR_TYPE : CSV_TYPE,
      claimsFhir ? 'FHIR' : 'CSV',
      LAB_NOTES.tooLarge,
    );
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return unreadable(
      claimsFhir ? FHIR_TYPE : CSV_TYPE,
      claimsFhir ? 'FHIR' : 'CSV',
      LAB_NOTES.notUtf8,
    );
  }
  return claimsFhir ? readLabFhir(text) : readLabCsv(text);
}
