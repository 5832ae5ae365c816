// The ADMIN's batch of bench:capacity (issue 38 item 1): lab results for a company's employees
// released at once. One FHIR R4 lab report per client, as a laboratory system exports it
// (design §4.15): a Bundle (collection) of a DiagnosticReport with the health check's
// Observations (LOINC codes, UCUM quantities, reference ranges, interpretation, the lab's
// identifiers), the Patient, the performing Organization and the Specimen — uploaded through the
// real API one client at a time (POST /api/v1/admin/upload-lab/:userId, multipart `file`, the
// route the ADMIN's upload dialog calls; there is no batch route), at most `concurrency` uploads
// at once and, with `perSecond`, no faster than that pace (a laboratory's release is paced by its
// own system; a fixed pace makes runs comparable, where "as fast as it goes" took 6–19 uploads/s
// of the machine's CPU from the product's steps, run to run).
// runBatch answers uploads/s, p50/p95/p99 and errors by status; printBatch prints them.
import { randomUUID } from 'node:crypto';
import { HEALTH_CHECK_PANEL, panelValue } from '../src/seed/scale-lab.ts';

const LOINC = 'http://loinc.org';
const UCUM = 'http://unitsofmeasure.org';
const INTERPRETATION = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';
/** The laboratory's own identifier system of its analyses (made up: an OID under example). */
const LAB_ID = 'urn:oid:2.999.752.1.38';

export interface BatchOptions {
  /** Where the product answers (nginx in bench:capacity). */
  base: string;
  /** The signed-in ADMIN's session cookie (`halsa_session=…`). */
  adminCookie: string;
  clientIds: number[];
  /** Uploads at once at most (default 4). */
  concurrency?: number;
  /** Uploads started per second at most (0 or unset: as fast as `concurrency` goes). */
  perSecond?: number;
  /** The Origin header of the uploads (default `base`; the server checks it on a POST). */
  origin?: string;
  /** Stops starting uploads (those under way finish). */
  signal?: AbortSignal;
}

export interface BatchReport {
  clients: number;
  uploads: number;
  ok: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Values the server read from the files it took (its answer's readSummary). */
  valuesRead: number;
  /** Answers of 2xx whose read count is not the file's Observations. */
  misread: number;
  /** Failed uploads by status ('nätverksfel: …' for no answer). */
  errors: Record<string, number>;
  /** The first failures' answers, for the report. */
  examples: string[];
}

/** The laboratory's FHIR R4 report of one client's health check, sampled at `sampled`. */
export function labReport(clientId: number, sampled: Date, batchId: string): Buffer {
  const day = sampled.toISOString();
  const issued = new Date(sampled.getTime() + 6 * 3_600_000).toISOString();
  const patient = `urn:uuid:${randomUUID()}`;
  const lab = `urn:uuid:${randomUUID()}`;
  const specimen = `urn:uuid:${randomUUID()}`;
  const observations = HEALTH_CHECK_PANEL.map((an, i) => {
    const value = panelValue(an, clientId, 0, i);
    const flag =
      an.low !== null && value < an.low ? 'L' : an.high !== null && value > an.high ? 'H' : 'N';
    return {
      fullUrl: `urn:uuid:${randomUUID()}`,
      resource: {
        resourceType: 'Observation',
        identifier: [{ system: LAB_ID, value: `${batchId}-${clientId}-${an.loinc}` }],
        status: 'final',
        category: [
          {
            coding: [
              {
                system: 'http://terminology.hl7.org/CodeSystem/observation-category',
                code: 'laboratory',
              },
            ],
          },
        ],
        code: { coding: [{ system: LOINC, code: an.loinc, display: an.name }], text: an.name },
        subject: { reference: patient },
        effectiveDateTime: day,
        issued,
        performer: [{ reference: lab }],
        specimen: { reference: specimen },
        valueQuantity: { value, unit: an.unit, system: UCUM, code: an.ucum },
        interpretation: [{ coding: [{ system: INTERPRETATION, code: flag }] }],
        referenceRange: [
          {
            ...(an.low !== null
              ? { low: { value: an.low, unit: an.unit, system: UCUM, code: an.ucum } }
              : {}),
            ...(an.high !== null
              ? { high: { value: an.high, unit: an.unit, system: UCUM, code: an.ucum } }
              : {}),
            type: {
              coding: [
                {
                  system: 'http://terminology.hl7.org/CodeSystem/referencerange-meaning',
                  code: 'normal',
                },
              ],
            },
          },
        ],
      },
    };
  });
  const bundle = {
    resourceType: 'Bundle',
    id: randomUUID(),
    meta: { lastUpdated: issued },
    identifier: { system: LAB_ID, value: `${batchId}-${clientId}` },
    type: 'collection',
    timestamp: issued,
    entry: [
      {
        fullUrl: `urn:uuid:${randomUUID()}`,
        resource: {
          resourceType: 'DiagnosticReport',
          identifier: [{ system: LAB_ID, value: `${batchId}-${clientId}-rapport` }],
          status: 'final',
          category: [
            { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0074', code: 'LAB' }] },
          ],
          code: {
            coding: [{ system: LOINC, code: '11502-2', display: 'Laboratory report' }],
            text: 'Hälsokontroll, företagsavtal',
          },
          subject: { reference: patient },
          effectiveDateTime: day,
          issued,
          performer: [{ reference: lab }],
          specimen: [{ reference: specimen }],
          result: observations.map((o) => ({ reference: o.fullUrl })),
        },
      },
      {
        fullUrl: patient,
        resource: {
          resourceType: 'Patient',
          identifier: [{ system: LAB_ID, value: `klient-${clientId}` }],
        },
      },
      {
        fullUrl: lab,
        resource: { resourceType: 'Organization', name: 'Klinisk kemi, Hälsolabbet' },
      },
      {
        fullUrl: specimen,
        resource: {
          resourceType: 'Specimen',
          type: { text: 'Venöst blod' },
          collection: { collectedDateTime: day },
        },
      },
      ...observations,
    ],
  };
  return Buffer.from(JSON.stringify(bundle), 'utf8');
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]! : NaN;

/** Uploads one lab report per client through the API; answers what it took. */
export async function runBatch(o: BatchOptions): Promise<BatchReport> {
  const concurrency = Math.max(1, o.concurrency ?? 4);
  const batchId = randomUUID().slice(0, 8);
  const sampled = new Date(Date.now() - 2 * 86_400_000);
  const latencies: number[] = [];
  const errors: Record<string, number> = {};
  const examples: string[] = [];
  let valuesRead = 0;
  let misread = 0;
  let next = 0;
  const fail = (why: string, detail: string) => {
    errors[why] = (errors[why] ?? 0) + 1;
    if (examples.length < 5) examples.push(`${why}: ${detail.slice(0, 200)}`);
  };
  const started = performance.now();
  const pace = o.perSecond && o.perSecond > 0 ? 1000 / o.perSecond : 0;
  const worker = async () => {
    while (next < o.clientIds.length && !o.signal?.aborted) {
      const index = next++;
      const clientId = o.clientIds[index]!;
      // Upload k starts no earlier than k / perSecond after the first.
      const wait = started + index * pace - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (o.signal?.aborted) break;
      const file = labReport(clientId, sampled, batchId);
      const form = new FormData();
      form.append(
        'file',
        new Blob([new Uint8Array(file)], { type: 'application/fhir+json' }),
        `Provsvar_${clientId}_${sampled.toISOString().slice(0, 10)}.json`,
      );
      const t = performance.now();
      try {
        const res = await fetch(`${o.base}/api/v1/admin/upload-lab/${clientId}`, {
          method: 'POST',
          headers: { cookie: o.adminCookie, origin: o.origin ?? o.base },
          body: form,
        });
        const text = await res.text();
        latencies.push(performance.now() - t);
        if (!res.ok) {
          fail(String(res.status), `klient ${clientId}: ${text}`);
          continue;
        }
        const read =
          (JSON.parse(text) as { readSummary?: { read: number } }).readSummary?.read ?? 0;
        valuesRead += read;
        if (read !== HEALTH_CHECK_PANEL.length) misread += 1;
      } catch (error) {
        latencies.push(performance.now() - t);
        fail(`nätverksfel: ${(error as Error).message}`, `klient ${clientId}`);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  const failed = Object.values(errors).reduce((a, b) => a + b, 0);
  return {
    clients: o.clientIds.length,
    uploads: latencies.length,
    ok: latencies.length - failed,
    seconds,
    perSecond: latencies.length / seconds,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? NaN,
    valuesRead,
    misread,
    errors,
    examples,
  };
}

/** Prints the batch as the bench reports do. */
export function printBatch(r: BatchReport): void {
  const ms = (v: number) => `${v.toFixed(v < 10 ? 2 : 0)} ms`;
  const errors = Object.entries(r.errors);
  console.log(
    `  ADMIN:s provsvarsomgång (FHIR, en rapport per klient): ${r.uploads} av ${r.clients} uppladdade på ` +
      `${r.seconds.toFixed(1)} s (${r.perSecond.toFixed(1)}/s), ${r.ok} OK; p50 ${ms(r.p50)}, p95 ${ms(r.p95)}, ` +
      `p99 ${ms(r.p99)}, max ${ms(r.max)}; ${r.valuesRead} värden lästa` +
      (r.misread ? `, ${r.misread} filer med fel antal lästa värden` : '') +
      `; fel: ${errors.length ? errors.map(([s, n]) => `${n}×${s}`).join(', ') : 'inga'}`,
  );
  for (const e of r.examples) console.log(`    ${e}`);
}
