// One FHIR R4 Observation read on its own (design §4.15): its values (a quantity with its
// comparator, a text, a code, yes/no, a count, or one value per component), the date, the
// status, the normal range and the interpretation code, or the Swedish reason it is skipped.
import type { z } from 'zod';
import { LOINC_SYSTEM, type LabInterpretation } from '../contract/lab-results.ts';
import {
  isLabDate,
  LOINC,
  MAX_ANALYSIS,
  MAX_TEXT_VALUE,
  MAX_UNIT,
  type LabSubject,
  type ParsedLabValue,
} from './lab-read.ts';
import {
  observationSchema,
  type codeableConceptSchema,
  type ComponentIn,
  type ObservationIn,
  type referenceRangeSchema,
} from './lab-schemas.ts';

type Concept = z.infer<typeof codeableConceptSchema>;
type Range = z.infer<typeof referenceRangeSchema>;

/** A skipped Observation (or component) for the upload answer; `n` counts Observations from 1. */
export interface Skip {
  analysis: string | null;
  reason: string;
  n: number;
}

/** What the report or panel around an Observation gives it. */
export interface ObservationContext {
  /** The panel's or report's `effective[x]`/`issued`, for an Observation without its own date. */
  fallbackDate?: string | undefined;
  group?: ParsedLabValue['group'];
}

export type ObservationOutcome =
  | { kind: 'values'; values: ParsedLabValue[]; skipped: Skip[] }
  /** A panel (`hasMember` only): its members are read on their own. */
  | { kind: 'panel' }
  | { kind: 'skipped'; skip: Skip; hasValue: boolean; retracts?: string };

/**
 * The calendar day in Sweden, '2026-11-24': the server's lib/format.ts `stockholmDay`, which the
 * server cannot lend to this package (dependencies run server → api only).
 */
const stockholmDay = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Stockholm',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

const SKIPPED_STATUS: Record<string, string> = {
  registered: 'värdet är inte klart än (status registered)',
  cancelled: 'undersökningen är inställd (status cancelled)',
  'entered-in-error': 'värdet är makulerat (status entered-in-error)',
  unknown: 'värdets status är okänd (status unknown)',
};

/**
 * A FHIR date, dateTime or instant as a Swedish day: a partial date keeps its precision, a time
 * with a zone gives the day in Europe/Stockholm, a time without one the day written.
 */
export function swedishDay(raw: string): string | null {
  if (/^\d{4}(-\d{2}(-\d{2})?)?$/.test(raw)) return isLabDate(raw) ? raw : null;
  const m = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?$/.exec(raw);
  if (!m || !isLabDate(m[1]!)) return null;
  if (!m[4]) return m[1]!;
  const t = Date.parse(raw);
  return Number.isNaN(t) ? null : stockholmDay.format(new Date(t));
}

const loincOf = (c: Concept | undefined) =>
  c?.coding?.find((x) => x.system === LOINC_SYSTEM && x.code)?.code?.trim();

/** The analysis name: the code's text, its LOINC display, any display, the LOINC code. */
function nameOf(c: Concept | undefined): string | undefined {
  const name =
    c?.text?.trim() ||
    c?.coding?.find((x) => x.system === LOINC_SYSTEM && x.display?.trim())?.display?.trim() ||
    c?.coding?.find((x) => x.display?.trim())?.display?.trim() ||
    loincOf(c);
  return name || undefined;
}

/** A name for a skipped Observation that may not even parse. */
export function rawName(raw: unknown): string | null {
  const code = (raw as { code?: unknown } | null)?.code;
  if (typeof code !== 'object' || code === null) return null;
  const texts = [(code as { text?: unknown }).text];
  const coding = (code as { coding?: unknown }).coding;
  if (Array.isArray(coding)) {
    for (const c of coding.slice(0, 10)) {
      if (typeof c === 'object' && c !== null) texts.push((c as { display?: unknown }).display);
    }
  }
  const found = texts.find((t): t is string => typeof t === 'string' && t.trim() !== '');
  return found && found.trim().length <= MAX_ANALYSIS ? found.trim() : null;
}

const INTERPRETATION: Record<string, LabInterpretation> = {
  L: 'LOW',
  LL: 'LOW',
  LU: 'LOW',
  H: 'HIGH',
  HH: 'HIGH',
  HU: 'HIGH',
  A: 'ABNORMAL',
  AA: 'ABNORMAL',
  N: 'NORMAL',
};

function interpretationOf(list: Concept[] | undefined): LabInterpretation | undefined {
  for (const c of list ?? []) {
    for (const coding of c.coding ?? []) {
      const found = coding.code ? INTERPRETATION[coding.code] : undefined;
      if (found) return found;
    }
  }
  return undefined;
}

/** Codes of `appliesTo` that name a sex (HL7 administrative gender and SNOMED CT). */
const SEX_CODES: Record<string, 'male' | 'female'> = {
  male: 'male',
  female: 'female',
  '248153007': 'male',
  '248152002': 'female',
};

/** Years of an age bound (`a`, `yr`, `year`…, months and weeks too), or null when unknown. */
function years(q: { value?: number; unit?: string; code?: string } | undefined): number | null {
  if (q?.value === undefined) return null;
  const unit = (q.code ?? q.unit ?? 'a').trim().toLowerCase();
  if (['a', 'yr', 'yrs', 'y', 'year', 'years', 'år'].includes(unit)) return q.value;
  if (['mo', 'month', 'months', 'mån'].includes(unit)) return q.value / 12;
  if (['wk', 'week', 'weeks', 'v'].includes(unit)) return q.value / 52.1775;
  if (['d', 'day', 'days', 'dygn'].includes(unit)) return q.value / 365.25;
  return null;
}

/** Her age in whole years on `day` (a Swedish day, possibly partial), or null. */
export function ageOn(birthDate: string | null, day: string): number | null {
  if (!birthDate) return null;
  const [by, bm, bd] = birthDate.split('-').map(Number);
  const [y, m = 1, d = 1] = day.split('-').map(Number);
  if (!by || !bm || !bd || !y) return null;
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** Whether a range meant for some people (`appliesTo`, `age`) is one for her, when known. */
function appliesToHer(r: Range, who: { sex: LabSubject['sex']; age: number | null }): boolean {
  // Several appliesTo are all required (FHIR: an AND); a code that is not a sex cannot be checked.
  for (const c of r.appliesTo ?? []) {
    const sexes = (c.coding ?? [])
      .map((x) => SEX_CODES[x.code ?? ''] ?? SEX_CODES[(c.text ?? '').trim().toLowerCase()])
      .filter((x): x is 'male' | 'female' => x !== undefined);
    const named = sexes[0] ?? SEX_CODES[(c.text ?? '').trim().toLowerCase()];
    if (!named || who.sex === null || named !== who.sex) return false;
  }
  if (r.age) {
    const low = years(r.age.low);
    const high = years(r.age.high);
    if (who.age === null || (r.age.low && low === null) || (r.age.high && high === null))
      return false;
    if ((low !== null && who.age < low) || (high !== null && who.age > high)) return false;
  }
  return true;
}

/**
 * The range to flag against (design §4.15): the first one typed 'normal' or untyped, with a
 * bound, that applies to her: a range for some people only (`appliesTo` a sex, `age`) counts when
 * her sex and age on the sampling day are known and match, and is passed over otherwise.
 */
function normalRange(
  ranges: Range[] | undefined,
  who: { sex: LabSubject['sex']; age: number | null },
): { low: number | null; high: number | null } {
  for (const r of ranges ?? []) {
    if (r.type) {
      const codes = (r.type.coding ?? []).map((c) => c.code);
      const isNormal =
        codes.includes('normal') ||
        (codes.length === 0 && r.type.text?.trim().toLowerCase() === 'normal');
      if (!isNormal) continue;
    }
    if (((r.appliesTo?.length ?? 0) > 0 || r.age) && !appliesToHer(r, who)) continue;
    const low = r.low?.value ?? null;
    const high = r.high?.value ?? null;
    if (low === null && high === null) continue;
    if (low !== null && high !== null && low > high) continue;
    return { low, high };
  }
  return { low: null, high: null };
}

type Value = Pick<ParsedLabValue, 'value' | 'unit' | 'text' | 'comparator'>;

const VALUE_KEYS = [
  'valueQuantity',
  'valueString',
  'valueCodeableConcept',
  'valueBoolean',
  'valueInteger',
  'valueRange',
  'valueRatio',
  'valueSampledData',
  'valueTime',
  'valueDateTime',
  'valuePeriod',
] as const;

const hasOwnValue = (e: Partial<ComponentIn>) =>
  VALUE_KEYS.some((k) => e[k] !== undefined) || e.dataAbsentReason !== undefined;

/** The value of an Observation or component, the reason it cannot be shown, or null (none). */
function valueOf(e: Partial<ComponentIn>): Value | { reason: string } | null {
  const asText = (text: string): Value | { reason: string } => {
    const t = text.trim();
    if (t === '') return { reason: 'resultatet är en tom text' };
    if (t.length > MAX_TEXT_VALUE)
      return { reason: `resultatet är längre än ${MAX_TEXT_VALUE} tecken` };
    return { value: null, unit: '', text: t };
  };
  if (e.valueQuantity) {
    const q = e.valueQuantity;
    if (q.value === undefined) return { reason: 'värdet saknar tal' };
    const unit = (q.unit ?? q.code ?? '').trim();
    if (unit.length > MAX_UNIT) return { reason: `enheten är längre än ${MAX_UNIT} tecken` };
    return { value: q.value, unit, ...(q.comparator ? { comparator: q.comparator } : {}) };
  }
  if (e.valueString !== undefined) return asText(e.valueString);
  if (e.valueInteger !== undefined) return asText(String(e.valueInteger));
  if (e.valueBoolean !== undefined) return asText(e.valueBoolean ? 'Ja' : 'Nej');
  if (e.valueCodeableConcept) {
    const c = e.valueCodeableConcept;
    const t =
      c.text ?? c.coding?.find((x) => x.display)?.display ?? c.coding?.find((x) => x.code)?.code;
    return t === undefined ? { reason: 'det kodade resultatet saknar text' } : asText(t);
  }
  const other = VALUE_KEYS.find((k) => e[k] !== undefined);
  if (other) return { reason: `resultat av typen ${other} visas inte` };
  if (e.dataAbsentReason) {
    const d = e.dataAbsentReason;
    const why = d.text ?? d.coding?.find((x) => x.display)?.display ?? d.coding?.[0]?.code;
    return { reason: why ? `värde saknas (${why})` : 'värde saknas' };
  }
  return null;
}

function identifierOf(obs: ObservationIn): string | undefined {
  const id = obs.identifier?.find((i) => i.value?.trim());
  if (!id) return undefined;
  const s = `${id.system ?? ''}|${id.value!.trim()}`;
  return s.length <= 500 ? s : undefined;
}

/** Reads one Observation; `n` is its number in the file (from 1). */
export function readObservation(
  raw: unknown,
  n: number,
  ctx: ObservationContext | undefined,
  subject?: LabSubject,
): ObservationOutcome {
  const skip = (reason: string, hasValue = true, analysis = rawName(raw)): ObservationOutcome => ({
    kind: 'skipped',
    skip: { analysis, reason, n },
    hasValue,
  });
  const parsed = observationSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = (issue?.path ?? []).map(String).join('.').slice(0, 80);
    return skip(`observationen har ett fält som inte kan läsas (${path || 'resursen'})`);
  }
  const obs = parsed.data;
  const hasValue =
    hasOwnValue(obs) || (obs.component?.length ?? 0) > 0 || (obs.hasMember?.length ?? 0) > 0;
  const name = nameOf(obs.code);
  const loinc = loincOf(obs.code);
  const status = obs.status ?? 'final';
  const identifier = identifierOf(obs);
  if (SKIPPED_STATUS[status]) {
    const out = skip(SKIPPED_STATUS[status], hasValue, name?.slice(0, MAX_ANALYSIS) ?? null);
    if (out.kind === 'skipped' && (status === 'cancelled' || status === 'entered-in-error')) {
      if (identifier) out.retracts = identifier;
    }
    return out;
  }
  if (!hasValue) return skip('observationen saknar värde', false);
  if (loinc !== undefined && !LOINC.test(loinc))
    return skip(`"${loinc.slice(0, 20)}" är ingen LOINC-kod`);
  if (name === undefined) return skip('observationen saknar LOINC-kod');
  if (name.length > MAX_ANALYSIS)
    return skip(`analysens namn är längre än ${MAX_ANALYSIS} tecken`, true, null);

  const dates = [
    obs.effectiveDateTime,
    obs.effectiveInstant,
    obs.effectivePeriod?.start,
    ctx?.fallbackDate,
    obs.issued,
  ].filter((d): d is string => d !== undefined);
  if (dates.length === 0) return skip('observationen saknar provtagningsdatum');
  const sampledOn = swedishDay(dates[0]!);
  if (sampledOn === null) return skip(`"${dates[0]!.slice(0, 40)}" är inget datum`);
  const who = {
    sex: subject?.sex ?? null,
    age: ageOn(subject?.birthDate ?? null, sampledOn),
  };
  const reportedAt =
    obs.issued && !Number.isNaN(Date.parse(obs.issued)) ? new Date(obs.issued) : undefined;
  const shownStatus: ParsedLabValue['status'] =
    status === 'preliminary' || status === 'amended' || status === 'corrected' ? status : undefined;
  const common = {
    sampledOn,
    ...(shownStatus ? { status: shownStatus } : {}),
    ...(status === 'amended' || status === 'corrected' ? (reportedAt ? { reportedAt } : {}) : {}),
  } as const;

  const values: ParsedLabValue[] = [];
  const skipped: Skip[] = [];
  const own = valueOf(obs);
  const components = obs.component ?? [];
  const groupKey = `obs:${n}`;
  const ownGroup =
    components.length > 0 ? { key: groupKey, name, loinc: loinc ?? null } : ctx?.group;
  if (own && 'reason' in own) {
    if (components.length === 0) return skip(own.reason, true, name);
    skipped.push({ analysis: name, reason: own.reason, n });
  } else if (own) {
    const range = normalRange(obs.referenceRange, who);
    const interpretation = interpretationOf(obs.interpretation);
    values.push({
      analysis: name,
      loinc: loinc ?? null,
      ...own,
      refLow: range.low,
      refHigh: range.high,
      ...common,
      ...(interpretation ? { interpretation } : {}),
      ...(identifier ? { identifier } : {}),
      ...(ownGroup ? { group: ownGroup } : {}),
    });
  }
  // Two components with the same code (a Gram stain's 'Many' and 'WBCS') are two findings, both
  // shown: the second and later ones get their own identifier (`#664-3~2`), so neither takes the
  // other's place as a correction would.
  const timesSeen = new Map<string, number>();
  components.forEach((c, i) => {
    const cName = nameOf(c.code);
    const cLoinc = loincOf(c.code);
    const key = cLoinc ?? String(i);
    const k = (timesSeen.get(key) ?? 0) + 1;
    timesSeen.set(key, k);
    const suffix = k === 1 ? key : `${key}~${k}`;
    const v = valueOf(c);
    const analysis = cName && cName.length <= MAX_ANALYSIS ? cName : null;
    if (analysis === null) {
      skipped.push({ analysis: null, reason: `delvärde ${i + 1} saknar namn`, n });
    } else if (cLoinc !== undefined && !LOINC.test(cLoinc)) {
      skipped.push({ analysis, reason: `"${cLoinc.slice(0, 20)}" är ingen LOINC-kod`, n });
    } else if (v === null || 'reason' in v) {
      skipped.push({ analysis, reason: v?.reason ?? 'delvärdet saknar värde', n });
    } else {
      const range = normalRange(c.referenceRange, who);
      const interpretation = interpretationOf(c.interpretation);
      values.push({
        analysis,
        loinc: cLoinc ?? null,
        ...v,
        refLow: range.low,
        refHigh: range.high,
        ...common,
        ...(interpretation ? { interpretation } : {}),
        ...(identifier ? { identifier: `${identifier}#${suffix}` } : {}),
        group: { key: groupKey, name, loinc: loinc ?? null },
      });
    }
  });
  if (values.length === 0 && skipped.length === 0) return { kind: 'panel' };
  return { kind: 'values', values, skipped };
}
