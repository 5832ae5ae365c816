// The FHIR R4 part of the lab reader (design §4.12, §4.15): a Bundle of any type (nested ones
// too), a DiagnosticReport with contained Observations, or a lone Observation. Other resources
// (Patient, Specimen, Practitioner, Organization, OperationOutcome …) are read around. Each
// Observation is read on its own (lab-observation.ts); the report's and panel's dates stand in
// for an Observation without its own, and a `hasMember` panel groups its members. The text is
// checked for nesting depth before JSON.parse, so a hostile file is refused, never a 500.
import { readObservation, type ObservationContext, type Skip } from './lab-observation.ts';
import {
  FHIR_TYPE,
  LAB_NOTES,
  MAX_FHIR_OBSERVATIONS,
  MAX_FHIR_WORK,
  MAX_JSON_DEPTH,
  MAX_SKIPS_KEPT,
  summarize,
  unreadable,
  type LabSubject,
  type ParsedLabValue,
  type ReadLabFile,
} from './lab-read.ts';
import { diagnosticReportSchema } from './lab-schemas.ts';

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

class TooMany extends Error {
  readonly note: string;
  constructor(note: string) {
    super(note);
    this.note = note;
  }
}

/** Where references point: `Type/id`, an entry's `fullUrl`, `#id` for contained resources. */
type Index = Map<string, Rec>;

function resolve(index: Index, ref: unknown): Rec | undefined {
  if (typeof ref !== 'string') return undefined;
  const direct = index.get(ref);
  if (direct) return direct;
  const m = /(?:^|\/)([A-Za-z]+\/[A-Za-z0-9\-.]{1,64})(?:\/_history\/.*)?$/.exec(ref);
  return m ? index.get(m[1]!) : undefined;
}

/** A report's or panel's own date: `effective[x]`, else `issued`. */
function dateOf(r: Rec): string | undefined {
  const period = isRec(r.effectivePeriod) ? r.effectivePeriod.start : undefined;
  return [r.effectiveDateTime, r.effectiveInstant, period, r.issued].find(
    (d): d is string => typeof d === 'string',
  );
}

class FhirReader {
  readonly values: ParsedLabValue[] = [];
  /** The first MAX_SKIPS_KEPT skipped ones; `skippedCount` counts them all. */
  readonly skipped: Skip[] = [];
  skippedCount = 0;
  readonly retracted: string[] = [];
  observations = 0;
  anyValue = false;
  #seen = new WeakSet<object>();
  #panels = 0;
  /** Entries, references, panel members, Observations and skips walked so far (MAX_FHIR_WORK). */
  #work = 0;

  /** Whose values these are (for ranges meant for some people only), when the upload knows. */
  readonly subject: LabSubject | undefined;
  // No parameter property: the worker thread may load this file with Node's type stripping.
  constructor(subject?: LabSubject) {
    this.subject = subject;
  }

  /** Counts `n` more steps against the file's one budget, before they are walked. */
  #spend(n: number): void {
    this.#work += n;
    if (this.#work > MAX_FHIR_WORK) throw new TooMany(LAB_NOTES.tooMuchWork);
  }

  #skip(s: Skip): void {
    this.#spend(1);
    this.skippedCount++;
    if (this.skipped.length < MAX_SKIPS_KEPT) this.skipped.push(s);
  }

  visit(resource: unknown): void {
    if (!isRec(resource)) return;
    if (resource.resourceType === 'Bundle') this.#bundle(resource);
    else if (resource.resourceType === 'DiagnosticReport')
      this.#report(resource, new Map(), new Map());
    else if (resource.resourceType === 'Observation')
      this.#observations([resource], new Map(), new Map());
  }

  #bundle(bundle: Rec): void {
    if (Array.isArray(bundle.entry)) this.#spend(bundle.entry.length);
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
    if (Array.isArray(report.result)) this.#spend(report.result.length);
    if (Array.isArray(report.contained)) this.#spend(report.contained.length);
    const parsed = diagnosticReportSchema.safeParse(report);
    const date = parsed.success ? dateOf(parsed.data as Rec) : undefined;
    const index: Index = new Map(outer);
    const contained = Array.isArray(report.contained) ? report.contained.filter(isRec) : [];
    for (const r of contained) if (typeof r.id === 'string') index.set(`#${r.id}`, r);
    const results = parsed.success ? (parsed.data.result ?? []) : [];
    for (const ref of results) {
      const obs = resolve(index, ref.reference);
      if (obs && !contexts.has(obs)) contexts.set(obs, { fallbackDate: date });
    }
    for (const r of contained) {
      if (r.resourceType === 'Observation' && !contexts.has(r)) {
        contexts.set(r, { fallbackDate: date });
      }
    }
    this.#observations(
      contained.filter((r) => r.resourceType === 'Observation'),
      index,
      contexts,
    );
  }

  /**
   * Panels first: each gives its members its name (grouping) and its date, or the date it got
   * from the report or panel around it, so a panel inside a panel passes the report's date down
   * whatever order the file lists them in. A member keeps the first date and group it is given:
   * a panel is walked again only when it gets a date it lacked, so each is walked at most twice.
   */
  #walkPanels(list: Rec[], index: Index, contexts: Map<Rec, ObservationContext>): void {
    const groups = new Map<Rec, ParsedLabValue['group']>();
    const queue = list.filter((r) => Array.isArray(r.hasMember) && !this.#seen.has(r));
    const inList = new Set(queue);
    const reported = new Set<Rec>();
    for (let i = 0; i < queue.length; i++) {
      const panel = queue[i]!;
      const members = panel.hasMember as unknown[];
      this.#spend(members.length);
      const date = dateOf(panel) ?? contexts.get(panel)?.fallbackDate;
      if (!groups.has(panel)) groups.set(panel, panelGroup(panel, ++this.#panels));
      const group = groups.get(panel);
      const first = !reported.has(panel);
      reported.add(panel);
      for (const ref of members) {
        const target = isRec(ref) ? resolve(index, ref.reference) : undefined;
        if (!target) {
          if (!first) continue;
          const display = isRec(ref) && typeof ref.display === 'string' ? ref.display : null;
          const where = isRec(ref) && typeof ref.reference === 'string' ? ref.reference : '';
          this.#skip({
            analysis: display && display.length <= 200 ? display : null,
            reason: `panelens delvärde ${where.slice(0, 80)} finns inte i filen`,
            n: this.observations + 1,
          });
          continue;
        }
        const before = contexts.get(target);
        const gotDate = before?.fallbackDate === undefined && date !== undefined;
        contexts.set(target, {
          fallbackDate: before?.fallbackDate ?? date,
          group: before?.group ?? group,
        });
        // A panel listed here that now has a date to pass on is walked again.
        if (gotDate && inList.has(target) && reported.has(target) && dateOf(target) === undefined) {
          queue.push(target);
        }
      }
    }
  }

  #observations(list: Rec[], index: Index, contexts: Map<Rec, ObservationContext>): void {
    this.#walkPanels(list, index, contexts);
    for (const obs of list) {
      if (this.#seen.has(obs)) continue;
      this.#seen.add(obs);
      this.#spend(1);
      if (++this.observations > MAX_FHIR_OBSERVATIONS) {
        throw new TooMany(LAB_NOTES.tooManyObservations);
      }
      const out = readObservation(obs, this.observations, contexts.get(obs), this.subject);
      if (out.kind === 'panel') continue;
      this.anyValue ||= out.kind === 'values' || out.hasValue;
      if (out.kind === 'skipped') {
        this.#skip(out.skip);
        if (out.retracts) this.retracted.push(out.retracts);
      } else {
        for (const v of out.values) this.values.push(v);
        for (const s of out.skipped) this.#skip(s);
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
    if (error instanceof TooMany) return unreadable(FHIR_TYPE, 'FHIR', error.note);
    throw error;
  }
  const summary = summarize(reader.values.length, reader.skipped, reader.skippedCount);
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
