// What reading a lab upload gives (design §4.12, §4.15), shared by the server's CSV reader
// (server modules/lab-results/parse.ts) and the FHIR reader (lab-report.ts), with the Swedish
// notes a file that cannot be read is kept with. Pure: no Node API, no database, so the mocks
// read an upload as the server does.
import {
  LAB_CSV_COLUMNS,
  type LabComparator,
  type LabFileFormat,
  type LabInterpretation,
  type LabReadSummary,
  type LabValuesStatus,
} from '../contract/lab-results.ts';

/** A file's type as the server's sniffer (server files/sniff.ts) names it. */
export type LabFileType = { mime: string; ext: string };

/** One value read; the fields after `sampledOn` are left out when they do not apply. */
export interface ParsedLabValue {
  analysis: string;
  loinc: string | null;
  /** `null` for a text result (`text` holds it). */
  value: number | null;
  unit: string;
  refLow: number | null;
  refHigh: number | null;
  /** `YYYY-MM-DD`, or `YYYY` / `YYYY-MM` when the lab sent only that. */
  sampledOn: string;
  text?: string;
  comparator?: LabComparator;
  status?: 'preliminary' | 'amended' | 'corrected';
  interpretation?: LabInterpretation;
  /** The Observation's identifier (`system|value`), per component `…#code`. */
  identifier?: string;
  /** When the lab reported this version (`issued`). */
  reportedAt?: Date;
  group?: { key: string; name: string; loinc: string | null };
}

export interface ReadLabFile {
  type: LabFileType;
  format: LabFileFormat;
  status: LabValuesStatus;
  values: ParsedLabValue[];
  /** Identifiers of earlier values a cancelled or entered-in-error Observation takes back. */
  retracted?: string[];
  /** Swedish, for the client: why the values could not be read. */
  note: string | null;
  /** For the admin (structured files): how many values were read, which were skipped and why. */
  summary?: LabReadSummary;
}

export const CSV_TYPE: LabFileType = { mime: 'text/csv', ext: 'csv' };
export const FHIR_TYPE: LabFileType = { mime: 'application/fhir+json', ext: 'json' };

/** Most values one CSV file may carry; a lab report has tens. */
export const MAX_LAB_VALUES = 2000;
/** Most Observations one FHIR file may carry (a large report has thousands). */
export const MAX_FHIR_OBSERVATIONS = 10_000;
/**
 * Most steps one FHIR file may take to read: Bundle entries, report results and contained
 * resources, panel members (each walk of a panel counts again), Observations and skipped ones,
 * each counted before it is walked. A lab report with 10 000 Observations takes under 30 000.
 */
export const MAX_FHIR_WORK = 50_000;
/** Skipped values kept with their reason per file; the rest are counted ('och N till'). */
export const MAX_SKIPS_KEPT = 50;
/** Deepest nesting of JSON objects and arrays read (a lab report needs under 20). */
export const MAX_JSON_DEPTH = 64;
export const MAX_ANALYSIS = 200;
export const MAX_UNIT = 50;
export const MAX_TEXT_VALUE = 1000;
export const LOINC = /^[0-9]{1,7}-[0-9]$/;

export const LAB_NOTES = {
  notUtf8:
    'Värdena i filen kunde inte läsas: filen är inte sparad som UTF-8. Filen finns kvar att ladda ner.',
  csvHeader: `Värdena i filen kunde inte läsas: första raden ska vara ${LAB_CSV_COLUMNS.join(';')}. Filen finns kvar att ladda ner.`,
  csvSyntax:
    'Värdena i filen kunde inte läsas: raderna har inte sju fält åtskilda med semikolon. Filen finns kvar att ladda ner.',
  empty:
    'Värdena i filen kunde inte läsas: filen innehåller inga provsvar. Filen finns kvar att ladda ner.',
  tooMany: `Värdena i filen kunde inte läsas: filen har fler än ${MAX_LAB_VALUES} värden. Filen finns kvar att ladda ner.`,
  tooManyObservations: `Värdena i filen kunde inte läsas: filen har fler än ${MAX_FHIR_OBSERVATIONS} observationer. Filen finns kvar att ladda ner.`,
  tooMuchWork: `Värdena i filen kunde inte läsas: filen har fler än ${MAX_FHIR_WORK} poster, hänvisningar och panelmedlemmar. Filen finns kvar att ladda ner.`,
  tooDeep: `Värdena i filen kunde inte läsas: filen är nästlad djupare än ${MAX_JSON_DEPTH} nivåer. Filen finns kvar att ladda ner.`,
  tooLarge:
    'Värdena i filen kunde inte läsas: filen är större än 25 MB. Filen finns kvar att ladda ner.',
  tooSlow:
    'Värdena i filen kunde inte läsas: det tog för lång tid att läsa filen. Filen finns kvar att ladda ner.',
  tooBig:
    'Värdena i filen kunde inte läsas: filen krävde för mycket minne att läsa. Filen finns kvar att ladda ner.',
  readFailed:
    'Värdena i filen kunde inte läsas: läsningen avbröts. Filen finns kvar att ladda ner.',
  json: 'Värdena i filen kunde inte läsas: filen är ingen giltig JSON. Filen finns kvar att ladda ner.',
  fhir: 'Värdena i filen kunde inte läsas: filen är ingen FHIR-bundle med provsvar (Observation med värde och provtagningsdatum). Filen finns kvar att ladda ner.',
  row: (row: number, what: string) =>
    `Värdena i filen kunde inte läsas: rad ${row}: ${what}. Filen finns kvar att ladda ner.`,
  observation: (n: number, what: string) =>
    `Värdena i filen kunde inte läsas: observation ${n}: ${what}. Filen finns kvar att ladda ner.`,
} as const;

/**
 * The upload answer's summary: at most MAX_SKIPS_KEPT skipped values with their reasons, then
 * one line 'och N till' for the rest, and `skippedCount` (all of them) when some were left out.
 */
export function summarize(
  read: number,
  kept: ReadonlyArray<{ analysis: string | null; reason: string }>,
  count: number,
): LabReadSummary {
  const skipped = kept
    .slice(0, MAX_SKIPS_KEPT)
    .map(({ analysis, reason }) => ({ analysis, reason }));
  if (count <= skipped.length) return { read, skipped };
  skipped.push({ analysis: null, reason: `och ${count - skipped.length} till` });
  return { read, skipped, skippedCount: count };
}

export const unreadable = (
  type: LabFileType,
  format: LabFileFormat,
  note: string,
  summary?: LabReadSummary,
): ReadLabFile => ({
  type,
  format,
  status: 'UNREADABLE',
  values: [],
  note,
  ...(summary ? { summary } : {}),
});

/** `2026`, `2026-11`, `2026-11-02` that are real dates. */
export function isLabDate(s: string): boolean {
  if (/^\d{4}$/.test(s)) return true;
  if (/^\d{4}-(0[1-9]|1[0-2])$/.test(s)) return true;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/**
 * Who the values are about, for a reference range that applies only to some people (FHIR
 * `appliesTo`, `age`): her sex (from the Swedish personal number) and birth date, each when known.
 */
export interface LabSubject {
  sex: 'male' | 'female' | null;
  birthDate: string | null;
}

/** The sex a Swedish personal number carries (its ninth digit: odd a man, even a woman). */
export function sexOfPersonalNumber(ssn: string | null): LabSubject['sex'] {
  const digit = ssn?.match(/^\d{8}-?\d{2}(\d)\d$/)?.[1];
  if (digit === undefined) return null;
  return Number(digit) % 2 === 1 ? 'male' : 'female';
}
