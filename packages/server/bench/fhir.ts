// `pnpm --filter @halsa/server bench:fhir`: builds a 20 MB FHIR R4 lab report (a Bundle with a
// DiagnosticReport and 5 000 Observations, each padded with narrative like real exports), reads
// it as the lab upload does (design §4.15) and prints the time and the heap used. The script runs
// with the old space capped at 128 MB: it fails if the read does not fit.
import { readLabFile } from '../src/modules/lab-results/parse.ts';

const OBSERVATIONS = 5000;
const TARGET_BYTES = 20 * 1024 * 1024;

function build(): Buffer {
  const pad = 'x'.repeat(Math.floor(TARGET_BYTES / OBSERVATIONS) - 700);
  const entry = [];
  entry.push({
    fullUrl: 'urn:uuid:report',
    resource: {
      resourceType: 'DiagnosticReport',
      status: 'final',
      code: { text: 'Stort provsvar' },
      effectiveDateTime: '2026-11-02T08:15:00+01:00',
      result: Array.from({ length: OBSERVATIONS }, (_, i) => ({ reference: `Observation/o${i}` })),
    },
  });
  for (let i = 0; i < OBSERVATIONS; i++) {
    entry.push({
      fullUrl: `urn:uuid:o${i}`,
      resource: {
        resourceType: 'Observation',
        id: `o${i}`,
        status: 'final',
        text: {
          status: 'generated',
          div: `<div xmlns="http://www.w3.org/1999/xhtml">${pad}</div>`,
        },
        identifier: [{ system: 'urn:lab', value: `o${i}` }],
        code: { coding: [{ system: 'http://loinc.org', code: '718-7', display: 'Hemoglobin' }] },
        valueQuantity: {
          value: 120 + (i % 40),
          unit: 'g/L',
          system: 'http://unitsofmeasure.org',
          code: 'g/L',
        },
        referenceRange: [{ low: { value: 117 }, high: { value: 153 } }],
      },
    });
  }
  return Buffer.from(JSON.stringify({ resourceType: 'Bundle', type: 'collection', entry }));
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const gc = (globalThis as { gc?: () => void }).gc;
const data = build();
gc?.();
const before = process.memoryUsage();
let peak = before.heapUsed;
const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 5);
const start = performance.now();
const read = readLabFile(data, 'rapport.json');
const ms = performance.now() - start;
peak = Math.max(peak, process.memoryUsage().heapUsed);
clearInterval(timer);
console.log(`fil: ${mb(data.length)}, ${OBSERVATIONS} observationer`);
console.log(
  `läst: ${read?.status}, ${read?.summary?.read} värden, ${read?.summary?.skipped.length} överhoppade`,
);
console.log(`tid: ${ms.toFixed(0)} ms`);
console.log(
  `heap före: ${mb(before.heapUsed)}, högst under läsningen: ${mb(peak)} (+${mb(peak - before.heapUsed)})`,
);
console.log(`rss: ${mb(process.memoryUsage().rss)}`);
