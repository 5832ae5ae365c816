// The FHIR R4 part of the lab reader (design §4.12, §4.15): a Bundle of any type (nested ones
// too), a DiagnosticReport with contained Observations, or a lone Observation. Other resources
// (Patient, Specimen, Practitioner, Organization, OperationOutcome …) are read around. Each
// Observation is read on its own (fhir-observation.ts); the report's and panel's dates stand in
// for an Observation without its own, and a `hasMember` panel groups its members. The text is
// checked for nesting depth before JSON.parse, so a hostile file is refused, never a 500.
import { readObservation, type ObservationContext, type Skip } from './fhir-observation.ts';
import { diagnosticReportSchema } from './fhir-schemas.ts';
import {
  FHIR_TYPE,
  LAB_NOTES,
  MAX_FHIR_OBSERVATIONS,
  MAX_JSON_DEPTH,
  unreadable,
  type LabSubject,
  type ParsedLabValue,
  type ReadLabFile,
} from './read-types.ts';

type Rec = Record<string, unknown>;

const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether objects and arrays nest deeper than `max` (strings are skipped over). */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

class TooMany extends Error {}

/** Where references point: `Type/id`, an entry's `fullUrl`, `#id` for contained resources. */
type Index = Map<string, Rec>;

function resolve(index: Index, ref: unknown): Rec | undefined {
  if (typeof ref !== 'string') return undefined;
  const direct = index.get(ref);
  if (direct) return direct;
  const m = /(?:^|\/)([A-Za-z]+\/[A-Za-z0-9\-.]{1,64})(?:\/_history\/.*)?$/.exec(ref);
  return m ? index.get(m[1]!) : undefined;
}

function dateOf(r: Rec): string[] {
  const period = isRec(r.effectivePeriod) ? r.effectivePeriod.start : undefined;
  return [r.effectiveDateTime, r.effectiveInstant, period, r.issued].filter(
    (d): d is string => typeof d === 'string',
  );
}

class FhirReader {
  readonly values: ParsedLabValue[] = [];
  readonly skipped: Skip[] = [];
  readonly retracted: string[] = [];
  observations = 0;
  anyValue = false;
  #seen = new WeakSet<object>();
  #panels = 0;

  /** Whose values these are (for ranges meant for some people only), when the upload knows. */
  constructor(readonly subject?: LabSubject) {}

  visit(resource: unknown): void {
    if (!isRec(resource)) return;
    if (resource.resourceType === 'Bundle') this.#bundle(resource);
    else if (resource.resourceType === 'DiagnosticReport')
      this.#report(resource, new Map(), new Map());
    else if (resource.resourceType === 'Observation')
      this.#observations([resource], new Map(), new Map());
  }

  #bundle(bundle: Rec): void {
    const entries = Array.isArray(bundle.entry) ? bundle.entry.filter(isRec) : [];
    const index: Index = new Map();
    for (const e of entries) {
      const r = e.resource;
      if (!isRec(r)) continue;
      if (typeof r.resourceType === 'string' && typeof r.id === 'string') {
        index.set(`${r.resourceType}/${r.id}`, r);
      }
      if (typeof e.fullUrl === 'string') index.set(e.fullUrl, r);
    }
    const contexts = new Map<Rec, ObservationContext>();
    const observations: Rec[] = [];
    for (const e of entries) {
      const r = e.resource;
      if (!isRec(r)) continue;
      if (r.resourceType === 'Bundle') this.#bundle(r);
      else if (r.resourceType === 'DiagnosticReport') this.#report(r, index, contexts);
      else if (r.resourceType === 'Observation') observations.push(r);
    }
    this.#observations(observations, index, contexts);
  }

  /** A report: its date for its results, and its contained Observations read at once. */
  #report(report: Rec, outer: Index, contexts: Map<Rec, ObservationContext>): void {
    const parsed = diagnosticReportSchema.safeParse(report);
    const dates = parsed.success ? dateOf(parsed.data as Rec) : [];
    const index: Index = new Map(outer);
    const contained = Array.isArray(report.contained) ? report.contained.filter(isRec) : [];
    for (const r of contained) if (typeof r.id === 'string') index.set(`#${r.id}`, r);
    const results = parsed.success ? (parsed.data.result ?? []) : [];
    for (const ref of results) {
      const obs = resolve(index, ref.reference);
      if (obs && !contexts.has(obs)) contexts.set(obs, { fallbackDates: dates });
    }
    for (const r of contained) {
      if (r.resourceType === 'Observation' && !contexts.has(r)) {
        contexts.set(r, { fallbackDates: dates });
      }
    }
    this.#observations(
      contained.filter((r) => r.resourceType === 'Observation'),
      index,
      contexts,
    );
  }

  #observations(list: Rec[], index: Index, contexts: Map<Rec, ObservationContext>): void {
    // Panels first: each gives its members its name (grouping) and its date.
    for (const panel of list) {
      if (!Array.isArray(panel.hasMember) || this.#seen.has(panel)) continue;
      const own = contexts.get(panel);
      const dates = [...dateOf(panel), ...(own?.fallbackDates ?? [])];
      const group = panelGroup(panel, ++this.#panels);
      for (const ref of panel.hasMember.slice(0, MAX_FHIR_OBSERVATIONS)) {
        const target = isRec(ref) ? resolve(index, ref.reference) : undefined;
        if (!target) {
          const display = isRec(ref) && typeof ref.display === 'string' ? ref.display : null;
          const where = isRec(ref) && typeof ref.reference === 'string' ? ref.reference : '';
          this.skipped.push({
            analysis: display && display.length <= 200 ? display : null,
            reason: `panelens delvärde ${where.slice(0, 80)} finns inte i filen`,
            n: this.observations + 1,
          });
          continue;
        }
        const before = contexts.get(target);
        contexts.set(target, {
          fallbackDates: [...(before?.fallbackDates ?? []), ...dates],
          group: group ?? before?.group,
        });
      }
    }
    for (const obs of list) {
      if (this.#seen.has(obs)) continue;
      this.#seen.add(obs);
      if (++this.observations > MAX_FHIR_OBSERVATIONS) throw new TooMany();
      const out = readObservation(obs, this.observations, contexts.get(obs), this.subject);
      if (out.kind === 'panel') continue;
      this.anyValue ||= out.kind === 'values' || out.hasValue;
      if (out.kind === 'skipped') {
        this.skipped.push(out.skip);
        if (out.retracts) this.retracted.push(out.retracts);
      } else {
        for (const v of out.values) this.values.push(v);
        for (const s of out.skipped) this.skipped.push(s);
      }
    }
  }
}

function panelGroup(panel: Rec, k: number): ParsedLabValue['group'] {
  const code = isRec(panel.code) ? panel.code : {};
  const coding = Array.isArray(code.coding) ? code.coding.filter(isRec) : [];
  const loincCoding = coding.find(
    (c) => c.system === 'http://loinc.org' && typeof c.code === 'string',
  );
  const loinc =
    typeof loincCoding?.code === 'string' && /^[0-9]{1,7}-[0-9]$/.test(loincCoding.code)
      ? loincCoding.code
      : null;
  const texts = [code.text, loincCoding?.display, ...coding.map((c) => c.display)];
  const name = texts.find((t): t is string => typeof t === 'string' && t.trim() !== '')?.trim();
  if (!name || name.length > 200) return undefined;
  return { key: `panel:${k}`, name, loinc };
}

/** Reads a FHIR R4 lab file's text (design §4.15). */
export function readLabFhir(text: string, subject?: LabSubject): ReadLabFile {
  const body = text.replace(/^\ufeff/, '');
  if (nestsDeeperThan(body, MAX_JSON_DEPTH))
    return unreadable(FHIR_TYPE, 'FHIR', LAB_NOTES.tooDeep);
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return unreadable(FHIR_TYPE, 'FHIR', LAB_NOTES.json);
  }
  const reader = new FhirReader(subject);
  try {
    reader.visit(json);
  } catch (error) {
    if (error instanceof TooMany) {
      return unreadable(FHIR_TYPE, 'FHIR', LAB_NOTES.tooManyObservations);
    }
    throw error;
  }
  const summary = {
    read: reader.values.length,
    skipped: reader.skipped.map(({ analysis, reason }) => ({ analysis, reason })),
  };
  const retracted = reader.retracted.length > 0 ? { retracted: reader.retracted } : {};
  if (reader.values.length === 0) {
    const first = reader.skipped[0];
    const note =
      !reader.anyValue || !first ? LAB_NOTES.fhir : LAB_NOTES.observation(first.n, first.reason);
    return { ...unreadable(FHIR_TYPE, 'FHIR', note, summary), ...retracted };
  }
  return {
    type: FHIR_TYPE,
    format: 'FHIR',
    status: 'READ',
    values: reader.values,
    note: null,
    summary,
    ...retracted,
  };
}
