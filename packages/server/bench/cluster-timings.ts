// bench:cluster's per-instance figures of the steady phase (issue 27): event-loop delay, GC,
// CPU, memory, log rows and the time of each step of a send, as each instance recorded them
// with HALSA_BENCH_TIMINGS=1 (src/live/bench-timings.ts) and the bench fetched them.
import type { TimingsSnapshot } from '../src/live/bench-timings.ts';

/** The route a bench send goes through. */
export const SEND = 'POST /api/v1/user/messaging/conversations/:id/messages';

/** The GC pauses by V8's kind: `major 2 × 45.1 ms (max 60.2)`. */
const gcKinds = (t: TimingsSnapshot) =>
  Object.entries(t.gc.byKind)
    .map(
      ([kind, k]) =>
        `${kind} ${k.count} × ${(k.totalMs / k.count).toFixed(1)} ms (max ${k.max.toFixed(1)})`,
    )
    .join(', ');

/** Per instance, the steady phase as it measured it (bench-timings.ts). */
export function printInstanceTimings(all: TimingsSnapshot[], seconds: number): void {
  const f = (v: number) => (Number.isFinite(v) ? v.toFixed(v < 10 ? 2 : 1) : '–');
  all.forEach((t, i) => {
    const sends = t.steps[`http.total ${SEND}`]?.n ?? 0;
    const dbSteps = ['tx.total', 'send.statement', `http.careTeamCheck ${SEND}`];
    const dbMs = dbSteps.reduce((sum, k) => sum + (t.steps[k]?.total ?? 0), 0);
    console.log(
      `  instans ${i + 1} (stadigt läge, ${seconds} s): event-loop-fördröjning p50 ${f(t.eventLoop.p50)} ms, ` +
        `p99 ${f(t.eventLoop.p99)} ms, max ${f(t.eventLoop.max)} ms; GC ${t.gc.count} pauser, ` +
        `${f(t.gc.totalMs)} ms totalt, p99 ${f(t.gc.p99)} ms, max ${f(t.gc.max)} ms ` +
        `(${gcKinds(t) || 'inga'}; heap ${t.heapUsedMb.toFixed(0)} MB); ` +
        `CPU ${((t.cpuMs / t.windowMs) * 100).toFixed(0)} % av en kärna; RSS ${t.rssMb.toFixed(0)} MB; ` +
        `${sends} sändningar, databastid per sändning ${f(sends ? dbMs / sends : NaN)} ms ` +
        `(sändningens sats eller transaktion + vårdteamskontrollen)`,
    );
    const counts = Object.entries(t.counts)
      .map(([k, n]) => `${k}: ${n}`)
      .join(', ');
    console.log(`    räknat: ${counts || 'inga aktivitetsloggrader'}`);
    printSteps(t, '    ');
  });
}

/** The time of each step of a send, one line each (the send's HTTP steps and every other). */
export function printSteps(t: TimingsSnapshot, indent: string): void {
  const f = (v: number) => (Number.isFinite(v) ? v.toFixed(v < 10 ? 2 : 1) : '–');
  const rows = Object.entries(t.steps)
    .filter(([k]) => !k.startsWith('http.') || k.endsWith(SEND))
    .sort(([a], [b]) => a.localeCompare(b));
  for (const [k, v] of rows) {
    console.log(
      `${indent}${k.replace(` ${SEND}`, ' (sendMessage)').padEnd(44)} n ${String(v.n).padStart(6)}  ` +
        `p50 ${f(v.p50).padStart(7)}  p99 ${f(v.p99).padStart(7)}  max ${f(v.max).padStart(7)}`,
    );
  }
}
