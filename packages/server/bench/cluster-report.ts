// bench:cluster's final report (issue 15): every message accounted for from the client fleet's
// bookkeeping (cluster-clients.ts) and the floor's (cluster-floor.ts), then printed in Swedish —
// the steady phase beside the floor, each instance's figures (cluster-timings.ts), the rolling
// restart, and what went wrong. cluster.ts calls it once at the end and exits with its code.
import os from 'node:os';
import type { TimingsSnapshot } from '../src/live/bench-timings.ts';
import type { Cluster } from '../test/cluster-processes.ts';
import type { ClientFleet, Msg, Sent } from './cluster-clients.ts';
import type { ClusterFloor } from './cluster-floor.ts';
import type { CommitLatency } from './commit-latency.ts';
import { printInstanceTimings } from './cluster-timings.ts';

export interface ClusterReport {
  cluster: Cluster;
  fleet: ClientFleet;
  floor: ClusterFloor;
  clients: number;
  rate: number;
  steadySeconds: number;
  /** The machine's 1-minute load average at the start and end of the steady phase. */
  loadBefore: number;
  loadAfter: number;
  /** The bench process's own event-loop delay (ms) and CPU during the steady phase. */
  benchLoop: { p50: number; p99: number; max: number };
  benchCpu: NodeJS.CpuUsage;
  /** The disk's commit latency: before the load (quiet) and during the steady phase. */
  commits: { quiet: CommitLatency; loaded: CommitLatency };
  steadyTimings: TimingsSnapshot[];
  /** The rolling restart: each instance's exit, its events and when it began (ms). */
  exits: string[];
  events: string[];
  restartStartedAt: number;
  /** The sender's retries by status and its network errors by message. */
  retries: Record<string, number>;
  errors: Map<string, number>;
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Prints the report; resolves with the exit code (1 when a message was lost or duplicated). */
export async function printReport(x: ClusterReport): Promise<number> {
  const { cluster, fleet, floor } = x;
  const base = cluster.url;
  const { receivers, sent, latencies, live, caughtUp, unanswered } = fleet;
  const t0 = x.restartStartedAt;
  const receiverOf = new Map(receivers.map((r) => [r.userId, r]));
  // Every steady message: delivered live, fetched by a catch-up, or missing (with its id).
  const steadySent = sent.filter((s) => s.phase === 'steady');
  const steadyMissing = steadySent.filter((s) => !receiverOf.get(s.receiver)!.ids.has(s.id));
  const steadyLive = steadySent.filter((s) => receiverOf.get(s.receiver)!.liveIds.has(s.id));
  const steadyCaughtUp = steadySent.length - steadyLive.length - steadyMissing.length;
  // Whether a missing message is in its conversation at all (diagnosis only: not counted).
  const inConversation = async (s: Sent) => {
    const r = receiverOf.get(s.receiver)!;
    const res = await fetch(
      `${base}/api/v1/user/messaging/conversations/${r.conversationId}?after=${s.id - 1}`,
      { headers: { cookie: r.cookie } },
    ).catch(() => null);
    if (res?.status !== 200) return `okänt (${res?.status ?? 'nätverksfel'})`;
    const { messages } = (await res.json()) as { messages: Msg[] };
    return messages.some((m) => m.id === s.id)
      ? 'finns i konversationen'
      : 'finns INTE i konversationen';
  };
  const { steady: floorSteady, latencies: floorLatencies, missing: floorMissing } = floor.steady();

  const lost = sent.filter(
    (s) => s.phase === 'restart' && !receiverOf.get(s.receiver)!.ids.has(s.id),
  );
  const sentIn = (p: Sent['phase']) => sent.filter((s) => s.phase === p).length;
  const reconnects = receivers.reduce((n, r) => n + r.connects - 1, 0);
  const fmt = (v: number) => `${v.toFixed(1)} ms`;
  console.log('');
  console.log(
    `bench:cluster — 2 instanser bakom nginx, PostgreSQL + Redis, ${x.clients} klienter live, ${x.rate} meddelanden/s ` +
      `(${os.cpus().length} kärnor, maskinens last ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')})`,
  );
  const p = (v: number[]) => ({
    p50: percentile(v, 50),
    p99: percentile(v, 99),
    max: v.length ? Math.max(...v) : NaN,
  });
  const product = p(latencies.steady);
  const floorFig = p(floorLatencies);
  const trio = (f: { p50: number; p99: number; max: number }) =>
    `p50 ${fmt(f.p50)}, p99 ${fmt(f.p99)}, max ${fmt(f.max)}`;
  const ratio = (a: number, b: number) => `×${(a / b).toFixed(1)}`;
  console.log(
    `  stadigt läge (${x.steadySeconds} s, maskinens last ${x.loadBefore.toFixed(1)} → ${x.loadAfter.toFixed(1)} ` +
      `på ${os.availableParallelism()} kärnor):`,
  );
  console.log(
    `    produkten  (REST via nginx → instans, PostgreSQL, Redis → STOMP via nginx): ${steadySent.length} skickade` +
      ` → ${steadyLive.length} live, ${steadyCaughtUp} hämtade vid ikapphämtning, ${steadyMissing.length} saknas` +
      `${unanswered.some((u) => u.phase === 'steady') ? `, ${unanswered.filter((u) => u.phase === 'steady').length} utan svar` : ''}; ` +
      trio(product),
  );
  console.log(
    `    golvet     (POST /floor/send via nginx → ws-server, INSERT + COMMIT i PostgreSQL, Redis → ws via nginx): ${floorSteady.length} skickade` +
      ` → ${floorLatencies.length} levererade, ${floorMissing.length} saknas, ${floor.duplicates} dubbletter` +
      `${floorSteady.some((f) => f.answered === false) ? `, ${floorSteady.filter((f) => f.answered === false).length} POST utan 204` : ''}; ` +
      trio(floorFig),
  );
  const commit = (c: CommitLatency) =>
    `${c.n} st, p50 ${fmt(c.p50)}, p99 ${fmt(c.p99)}, max ${fmt(c.max)}`;
  console.log(
    `    diskens commit (en rad INSERT + COMMIT, samma PostgreSQL): före lasten ${commit(x.commits.quiet)}; ` +
      `under stadigt läge ${commit(x.commits.loaded)}`,
  );
  const targetMet = product.p99 <= 3 * floorFig.p99 && product.p99 <= 50;
  console.log(
    `    produkten / golvet: p50 ${ratio(product.p50, floorFig.p50)}, p99 ${ratio(product.p99, floorFig.p99)}, ` +
      `max ${ratio(product.max, floorFig.max)}; p99 ${fmt(product.p99)} mot 3 × golvets p99 ${fmt(3 * floorFig.p99)} ` +
      `och 50 ms (mål p99 ≤ 3 × golvet och ≤ 50 ms: ${targetMet ? 'uppnått' : 'EJ uppnått'})`,
  );
  console.log(
    `    bänkprocessen (mäter båda): event-loop-fördröjning p50 ${fmt(x.benchLoop.p50)}, ` +
      `p99 ${fmt(x.benchLoop.p99)}, max ${fmt(x.benchLoop.max)}; ` +
      `CPU ${(((x.benchCpu.user + x.benchCpu.system) / 1000 / (x.steadySeconds * 1000)) * 100).toFixed(0)} % av en kärna`,
  );
  for (const s of steadyMissing.slice(0, 10)) {
    const r = receiverOf.get(s.receiver)!;
    console.log(
      `    saknas: id ${s.id} till användare ${s.receiver} (konversation ${r.conversationId}; ` +
        `svar på sändningen efter ${fmt(s.doneAt - s.sentAt)}; mottagarens anslutningar ${r.connects}; ` +
        `${await inConversation(s)})`,
    );
  }
  for (const f of floorMissing.slice(0, 5)) {
    console.log(
      `    golvet saknar: id ${f.id} (nyckel ${f.key}, POST ${f.answered ? 'besvarad' : 'ej besvarad'})`,
    );
  }
  for (const u of unanswered.slice(0, 5)) {
    console.log(`    utan svar efter 30 försök (${u.phase}): clientMessageId ${u.clientMessageId}`);
  }
  printInstanceTimings(x.steadyTimings, x.steadySeconds);
  console.log(
    `  rullande omstart: ${sentIn('restart')} skickade, ${live.restart} live ` +
      `(p99 ${fmt(percentile(latencies.restart, 99))}), ${caughtUp.restart} hämtade vid återanslutning, ` +
      `${lost.length} förlorade, ${fleet.duplicates} dubbletter; ${reconnects} återanslutningar; ` +
      `utträde ${x.exits.join(' och ')}; ` +
      `omförsök: ${
        Object.entries(x.retries)
          .map(([s, n]) => `${n}×${s}`)
          .join(', ') || 'inga'
      }`,
  );
  if (lost.length > 0) {
    console.log(
      `  förlorade: ${lost
        .slice(0, 10)
        .map((s) => {
          const r = receivers.find((c) => c.userId === s.receiver)!;
          const at = (ms: number) => ((ms - t0) / 1000).toFixed(2);
          return (
            `id ${s.id} (skickat ${at(s.sentAt)}–${at(s.doneAt)} s; mottagarens kvitton ` +
            `${r.receipts.map(at).join(', ')} s; senast sedd id ${r.lastId})`
          );
        })
        .join('; ')}`,
    );
  }
  if (lost.length > 0) console.log(`  händelser: ${x.events.join(', ')}`);
  const logged = cluster.instances
    .flatMap((inst, i) =>
      inst.log
        .join('')
        .split('\n')
        .map((l) => `instans ${i + 1}: ${l}`),
    )
    .filter((l) => /fel|error|redis|failed|warn/i.test(l));
  for (const line of logged.slice(0, 15)) console.log(`  ${line.slice(0, 300)}`);
  if (fleet.catchUpFailed > 0) console.log(`  ${fleet.catchUpFailed} ikapphämtningar gav upp`);
  for (const [why, n] of x.errors) console.log(`  nätverksfel ${n}×: ${why}`);
  return lost.length > 0 ||
    steadyMissing.length > 0 ||
    fleet.duplicates > 0 ||
    unanswered.length > 0
    ? 1
    : 0;
}
