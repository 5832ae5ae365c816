// What one ADMIN lab upload costs (issue 38, bench:capacity's batch): the health check's FHIR
// Bundle of bench/capacity-batch.ts uploaded for many clients, one at a time and 4 / 20 at once
// (different clients and one client), every answer 201 with every value read, the time of each
// step printed (HALSA_BENCH_TIMINGS steps: storage, reader, transaction). On both databases.
import { expect, it } from 'vitest';
import { labReport } from '../bench/capacity-batch.ts';
import { benchTimings } from '../src/live/bench-timings.ts';
import { describeDb, insertUser, login, useTestApp, type TestApp } from './helpers.ts';
import { upload } from './lab-upload-helpers.ts';

const CLIENTS = 24;

async function clients(t: TestApp): Promise<number[]> {
  const at = new Date();
  const ids: number[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const u = await insertUser(t.db, {
      email: `batch${i}@example.com`,
      role: 'USER',
      first: 'Batch',
      last: `Klient${i}`,
      at,
    });
    ids.push(u.id);
  }
  return ids;
}

/** Uploads one report per id, `concurrency` at once; each upload's ms. */
async function batch(t: TestApp, cookie: string, ids: number[], concurrency: number) {
  const times: number[] = [];
  const failures: string[] = [];
  let next = 0;
  const sampled = new Date('2026-11-02T07:30:00Z');
  const runner = async () => {
    while (next < ids.length) {
      const id = ids[next++]!;
      const t0 = performance.now();
      const res = await upload(t, cookie, id, 'provsvar.json', labReport(id, sampled, 'b38'));
      times.push(performance.now() - t0);
      if (res.statusCode !== 201) failures.push(`${res.statusCode} ${res.body}`);
      else expect(res.json().readSummary.read).toBeGreaterThan(10);
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: concurrency }, runner));
  const wall = performance.now() - start;
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
  return { wall, perUpload: wall / ids.length, p50: q(0.5), p99: q(0.99), failures };
}

function steps() {
  const snap = benchTimings.snapshot();
  return Object.fromEntries(
    Object.entries(snap.steps).map(([k, v]) => [
      k,
      `p50 ${v.p50.toFixed(1)} p99 ${v.p99.toFixed(1)} ms`,
    ]),
  );
}

describeDb('the cost of one lab upload', () => {
  const t = useTestApp();

  it('uploads the health check for many clients, sequential and concurrent, every one 201', async () => {
    benchTimings.enable();
    const ids = await clients(t);
    const admin = await login(t, t.users.admin.email);
    const runs: Record<string, unknown> = {};
    for (const [name, list, concurrency] of [
      ['warm-up', ids.slice(0, 4), 1],
      ['sequential', [...ids, ...ids], 1],
      ['4 at once', [...ids, ...ids], 4],
      ['20 at once, different clients', ids.slice(0, 20), 20],
      ['20 at once, one client', Array(20).fill(ids[0]!), 20],
    ] as const) {
      benchTimings.reset();
      const r = await batch(t, admin, [...list], concurrency);
      runs[name] = { ...r, failures: r.failures.slice(0, 3), steps: steps() };
      expect(r.failures, name).toEqual([]);
    }
    console.log(JSON.stringify(runs, null, 1));
  }, 300_000);
});
