// `pnpm bench:cluster`: the deployment of issue 15 under load, on this machine.
//
// Two server processes behind Debian's nginx (deploy/nginx.conf) on PostgreSQL and Redis (the
// harness of test/cluster.test.ts), 1 000 signed-in clients connected live through nginx
// (STOMP over WebSocket, each subscribed to its conversation with a coach), and a coach sending
// 50 messages a second through nginx (REST). Printed:
//   1. steady state: REST send → STOMP delivery latency p50 / p99 / max (target p99 ≤ 50 ms and
//      ≤ 3 × the floor's p99), beside the floor measured at the same time: per instance a bare
//      `ws` server relaying Redis pub/sub (bench/floor-server.ts, no STOMP, no database, no
//      audit) behind the same nginx (/floor) on the same Redis, as many sockets, a sender
//      POSTing to /floor/send at the same rate; and every steady message accounted for (live,
//      fetched by catch-up, or missing with its id);
//   1b. per instance, during the steady phase (HALSA_BENCH_TIMINGS=1, bench-timings.ts, read
//      from each instance's loopback-only /__bench/timings): event-loop delay, GC pauses, CPU,
//      and the time of each step of a send (HTTP hooks, care-team check, the transaction and
//      its statements, publish, Redis, socket writes, activity-log inserts);
//   2. rolling restart (SIGTERM instance 1, start it, then instance 2) while sending goes on:
//      messages sent, delivered live, recovered by the client's reconnect catch-up, lost
//      (target 0), duplicates, the sender's retries, how long each instance took to exit.
// A client does what the portal does: on every (re)connect it subscribes (waiting for the
// receipt), then fetches `?after=<last id it has>`. Nothing else is fetched at the end, so a
// message neither delivered nor caught up counts as lost.
//   options: --clients N (1000) --rate PER_SECOND (50) --seconds S (20, steady phase)
//            --postgres ADMIN_URL (postgres://postgres@127.0.0.1:5432/postgres) --redis URL
// Loopback only; everything it starts it stops; the run aborts after 5 minutes.
import { Client, type IMessage } from '@stomp/stompjs';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { TimingsSnapshot } from '../src/live/bench-timings.ts';
import { WebSocket } from 'ws';
import { newToken, sha256 } from '../src/security/tokens.ts';
import { Cluster, NGINX } from '../test/cluster-processes.ts';
import { ClusterFloor } from './cluster-floor.ts';
import { printInstanceTimings } from './cluster-timings.ts';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '1000' },
    rate: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '20' },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    redis: { type: 'string', default: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
  },
});
const CLIENTS = Math.min(5000, Number(values.clients));
const RATE = Number(values.rate);
const STEADY_S = Number(values.seconds);
const PASSWORD = 'Halsa2026!';
const WARM_UP_S = 5;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

if (!existsSync(NGINX)) {
  console.error(`${NGINX} saknas: apt-get install -y nginx-light`);
  process.exit(1);
}

const abort = setTimeout(() => {
  console.error('bench:cluster avbröts efter 5 minuter');
  process.exit(2);
}, 300_000);
abort.unref();

interface Msg {
  id: number;
  content: string;
}

interface Receiver {
  userId: number;
  cookie: string;
  conversationId: number;
  client: Client;
  ids: Set<number>;
  liveIds: Set<number>;
  lastId: number;
  /** When each (re)subscription's receipt came (ms). */
  receipts: number[];
  connects: number;
}

interface Sent {
  id: number;
  /** When the send's answer came back (ms, performance.now()). */
  doneAt: number;
  receiver: number;
  sentAt: number;
  phase: 'steady' | 'restart';
}

const sent: Sent[] = [];
const latencies: Record<Sent['phase'], number[]> = { steady: [], restart: [] };
const live = { steady: 0, restart: 0 };
const caughtUp = { steady: 0, restart: 0 };
let catchUpFailed = 0;
const errors = new Map<string, number>();
let duplicates = 0;
const retries: Record<string, number> = {};
const sentById = new Map<number, Sent>();
/** Deliveries that arrived before their send's answer: id → when and how. */
const early = new Map<number, { at: number; how: 'live' | 'catch-up' }>();
/** Sends that got no 2xx in 30 attempts (none expected). */
const unanswered: { phase: Sent['phase']; clientMessageId: string }[] = [];

/** This process's own event loop (it times every delivery): a blocked bench inflates both. */
const benchLoop = monitorEventLoopDelay({ resolution: 1 });
benchLoop.enable();

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function post(url: string, cookie: string, body: unknown, origin: string) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { cookie, origin, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
}

async function main(): Promise<void> {
  const cluster = new Cluster({
    pgAdminUrl: values.postgres,
    redisUrl: values.redis,
    floor: true,
    env: { HALSA_BENCH_TIMINGS: '1' },
  });
  console.log(`Startar 2 instanser (och 2 golvservrar) bakom nginx på PostgreSQL + Redis …`);
  await cluster.start();
  try {
    await run(cluster);
  } finally {
    await cluster.close();
  }
}

async function run(cluster: Cluster): Promise<void> {
  const base = cluster.url;
  // Users: one coach (STAFF) and the clients; the clients' sessions are written as login
  // would write them (a login per client would only measure Argon2 and the rate limits).
  const [coachId, ...clientIds] = await cluster.addUsers(
    [
      { email: 'coach@example.com', role: 'STAFF', firstName: 'Cecilia', lastName: 'Coach' },
      ...Array.from({ length: CLIENTS }, (_, i) => ({
        email: `klient${i}@example.com`,
        role: 'USER' as const,
        firstName: `Klient${i}`,
        lastName: 'Bench',
      })),
    ],
    PASSWORD,
  );
  const now = new Date();
  const tokens = clientIds.map(() => newToken());
  const coachToken = newToken();
  await cluster.db.db
    .insertInto('sessions')
    .values(
      [...clientIds, coachId!].map((userId, i) => ({
        id_hash: sha256(i < clientIds.length ? tokens[i]! : coachToken),
        user_id: userId,
        created_at: now,
        last_seen_at: now,
        expires_at: new Date(now.getTime() + 11 * 3600_000),
        ip_address: '127.0.0.1',
        user_agent: 'bench:cluster',
      })),
    )
    .execute();
  const coach = `halsa_session=${coachToken}`;
  // The coach is in every client's care team (design §4.14): she writes to and reads them.
  await cluster.db.db
    .insertInto('care_team_members')
    .values(
      clientIds.map((clientId) => ({
        client_id: clientId,
        staff_id: coachId!,
        added_by: null,
        added_at: now,
      })),
    )
    .execute();

  // One conversation per client, made by the coach through the proxy.
  const conversations: number[] = new Array(CLIENTS);
  let next = 0;
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (next < CLIENTS) {
        const i = next++;
        const form = new FormData();
        form.append('receiverId', String(clientIds[i]));
        form.append('text', 'Välkommen!');
        const res = await fetch(`${base}/api/v1/user/messaging/conversations`, {
          method: 'POST',
          headers: { cookie: coach, origin: base },
          body: form,
        });
        if (res.status !== 201)
          throw new Error(`konversation ${i}: ${res.status} ${await res.text()}`);
        conversations[i] = ((await res.json()) as { conversationId: number }).conversationId;
      }
    }),
  );

  // The clients, live through nginx.
  const receivers: Receiver[] = clientIds.map((userId, i) => ({
    userId,
    cookie: `halsa_session=${tokens[i]}`,
    conversationId: conversations[i]!,
    client: undefined as unknown as Client,
    ids: new Set(),
    liveIds: new Set(),
    lastId: 0,
    receipts: [],
    connects: 0,
  }));
  const byConversation = new Map(receivers.map((r) => [r.conversationId, r]));
  const seen = (r: Receiver, m: Msg, how: 'live' | 'catch-up') => {
    if (how === 'live') {
      // The same message twice on live sockets is a duplicate; live after the catch-up fetched
      // it is the expected overlap the client drops by id.
      if (r.liveIds.has(m.id)) duplicates++;
      r.liveIds.add(m.id);
    }
    if (r.ids.has(m.id)) return;
    r.ids.add(m.id);
    r.lastId = Math.max(r.lastId, m.id);
    const s = sentById.get(m.id);
    if (s) count(s, how, performance.now());
    else early.set(m.id, { at: performance.now(), how });
  };
  const count = (s: Sent, how: 'live' | 'catch-up', at: number) => {
    if (how === 'live') {
      live[s.phase]++;
      latencies[s.phase].push(at - s.sentAt);
    } else caughtUp[s.phase]++;
  };
  const catchUp = async (r: Receiver) => {
    // From what it had when the subscription was made: ids that arrive live meanwhile must not
    // move the start of a retried fetch past a message that is still missing.
    const after = r.lastId;
    // As the portal's revalidation: keep trying while instances restart (up to 10 s).
    for (let attempt = 0; attempt < 40; attempt++) {
      const res = await fetch(
        `${base}/api/v1/user/messaging/conversations/${r.conversationId}?after=${after}`,
        { headers: { cookie: r.cookie } },
      ).catch(() => null);
      if (res?.status === 200) {
        for (const m of ((await res.json()) as { messages: Msg[] }).messages)
          seen(r, m, 'catch-up');
        return;
      }
      await sleep(250);
    }
    catchUpFailed++;
  };
  const wsUrl = `${base.replace('http', 'ws')}/ws`;
  let connected = 0;
  const started = performance.now();
  let index = 0;
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      while (index < receivers.length) {
        const r = receivers[index++]!;
        await new Promise<void>((resolve) => {
          r.client = new Client({
            webSocketFactory: () =>
              new WebSocket(wsUrl, ['v12.stomp'], { headers: { Cookie: r.cookie, Origin: base } }),
            reconnectDelay: 500,
            heartbeatIncoming: 10_000,
            heartbeatOutgoing: 10_000,
            debug: () => {},
            onConnect: () => {
              r.connects++;
              const receipt = `sub-${r.connects}`;
              r.client.watchForReceipt(receipt, () => {
                r.receipts.push(performance.now());
                if (r.connects === 1) {
                  connected++;
                  resolve();
                } else void catchUp(r);
              });
              r.client.subscribe(
                `/topic/conversations/${r.conversationId}/messages`,
                (f: IMessage) => seen(r, JSON.parse(f.body) as Msg, 'live'),
                { receipt },
              );
            },
          });
          r.client.activate();
        });
      }
    }),
  );
  console.log(
    `${connected} inloggade klienter anslutna via nginx på ${((performance.now() - started) / 1000).toFixed(1)} s ` +
      `(${cluster.instances.length} instanser, ${byConversation.size} konversationer)`,
  );

  const floor = new ClusterFloor(base);
  const keys = receivers.map((r) => r.conversationId);
  await floor.connect(keys);
  console.log(`${floor.sockets.length} golvsocketar anslutna via nginx (/floor)`);

  // The sender: RATE messages a second to random clients, a retry keeps its clientMessageId.
  let sending = true;
  let phase: Sent['phase'] | 'warm-up' = 'warm-up';
  let inFlight = 0;
  // The floor's sender, at the same rate at the same time (warm-up and steady phase).
  const floorTicker = floor.run(
    RATE,
    keys,
    () => phase === 'warm-up' || phase === 'steady',
    () => phase === 'steady',
  );
  const sendOne = async () => {
    const r = receivers[Math.floor(Math.random() * receivers.length)]!;
    const clientMessageId = randomUUID();
    const at = performance.now();
    const myPhase = phase === 'warm-up' ? null : phase;
    inFlight++;
    try {
      for (let attempt = 0; attempt < 30; attempt++) {
        const res = await post(
          `${base}/api/v1/user/messaging/conversations/${r.conversationId}/messages`,
          coach,
          { receiverId: r.userId, content: `bench ${sent.length}`, clientMessageId },
          base,
        ).catch((error: Error) => {
          const why = `${error.message} ${(error.cause as Error | undefined)?.message ?? ''}`;
          errors.set(why, (errors.get(why) ?? 0) + 1);
          return { status: -1, text: '' };
        });
        if (res.status === 200 || res.status === 201) {
          const id = (JSON.parse(res.text) as Msg).id;
          if (myPhase === null) return; // warm-up: not counted
          const s: Sent = {
            id,
            receiver: r.userId,
            sentAt: at,
            doneAt: performance.now(),
            phase: myPhase,
          };
          sent.push(s);
          sentById.set(id, s);
          // Delivered before the answer came back: count it now, at its arrival time.
          const before = early.get(id);
          if (before) {
            early.delete(id);
            count(s, before.how, before.at);
          }
          return;
        }
        retries[res.status] = (retries[res.status] ?? 0) + 1;
        await sleep(100);
      }
      // Never answered: accounted for as such (with its clientMessageId), not thrown away.
      if (myPhase !== null) unanswered.push({ phase: myPhase, clientMessageId });
    } finally {
      inFlight--;
    }
  };
  const ticker = (async () => {
    const interval = 1000 / RATE;
    let due = performance.now();
    while (sending) {
      void sendOne();
      due += interval;
      await sleep(Math.max(0, due - performance.now()));
    }
  })();

  // Warm-up (JIT, connection pools), not counted; then the steady phase, its figures read from
  // every instance at its start (reset) and end.
  const instanceTimings = (reset: boolean) =>
    Promise.all(
      cluster.instances.map(async (_, i) => {
        const res = await fetch(
          `${cluster.instanceUrl(i)}/__bench/timings${reset ? '?reset=1' : ''}`,
        );
        return (await res.json()) as TimingsSnapshot;
      }),
    );
  await sleep(WARM_UP_S * 1000);
  const loadBefore = os.loadavg()[0]!;
  await instanceTimings(true);
  benchLoop.reset();
  const cpu0 = process.cpuUsage();
  phase = 'steady';
  await sleep(STEADY_S * 1000);
  phase = 'restart';
  const steadyTimings = await instanceTimings(false);
  const benchCpu = process.cpuUsage(cpu0);
  const benchLoopFigures = {
    p50: benchLoop.percentile(50) / 1e6,
    p99: benchLoop.percentile(99) / 1e6,
    max: benchLoop.max / 1e6,
  };
  const loadAfter = os.loadavg()[0]!;
  await floorTicker;
  const exits: string[] = [];
  const events: string[] = [];
  const t0 = performance.now();
  const mark = (what: string) =>
    events.push(`${what} ${((performance.now() - t0) / 1000).toFixed(2)} s`);
  for (const i of [0, 1]) {
    mark(`SIGTERM ${i + 1}`);
    const { ms, code } = await cluster.stop(i);
    mark(`ute ${i + 1}`);
    const said = /Stängde ned efter SIGTERM på \d+ ms[^.]*|Avstängningen tog över[^\n]*/.exec(
      cluster.instances[i]!.log.join(''),
    );
    exits.push(`${ms} ms (kod ${code}${said ? `, "${said[0]}"` : ''})`);
    await cluster.restart(i);
    mark(`redo ${i + 1}`);
  }
  await sleep(3000);
  sending = false;
  await ticker;
  while (inFlight > 0) await sleep(20);
  // Reconnects and catch-ups settle.
  await sleep(3000);

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
    `bench:cluster — 2 instanser bakom nginx, PostgreSQL + Redis, ${CLIENTS} klienter live, ${RATE} meddelanden/s ` +
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
    `  stadigt läge (${STEADY_S} s, maskinens last ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)} ` +
      `på ${os.availableParallelism()} kärnor):`,
  );
  console.log(
    `    produkten  (REST via nginx → instans, PostgreSQL, Redis → STOMP via nginx): ${steadySent.length} skickade` +
      ` → ${steadyLive.length} live, ${steadyCaughtUp} hämtade vid ikapphämtning, ${steadyMissing.length} saknas` +
      `${unanswered.some((u) => u.phase === 'steady') ? `, ${unanswered.filter((u) => u.phase === 'steady').length} utan svar` : ''}; ` +
      trio(product),
  );
  console.log(
    `    golvet     (POST /floor/send via nginx → ws-server, Redis → ws via nginx): ${floorSteady.length} skickade` +
      ` → ${floorLatencies.length} levererade, ${floorMissing.length} saknas, ${floor.duplicates} dubbletter` +
      `${floorSteady.some((f) => f.answered === false) ? `, ${floorSteady.filter((f) => f.answered === false).length} POST utan 204` : ''}; ` +
      trio(floorFig),
  );
  const targetMet = product.p99 <= 3 * floorFig.p99 && product.p99 <= 50;
  console.log(
    `    produkten / golvet: p50 ${ratio(product.p50, floorFig.p50)}, p99 ${ratio(product.p99, floorFig.p99)}, ` +
      `max ${ratio(product.max, floorFig.max)} (mål p99 ≤ 3 × golvet och ≤ 50 ms: ${targetMet ? 'uppnått' : 'EJ uppnått'})`,
  );
  console.log(
    `    bänkprocessen (mäter båda): event-loop-fördröjning p50 ${fmt(benchLoopFigures.p50)}, ` +
      `p99 ${fmt(benchLoopFigures.p99)}, max ${fmt(benchLoopFigures.max)}; ` +
      `CPU ${(((benchCpu.user + benchCpu.system) / 1000 / (STEADY_S * 1000)) * 100).toFixed(0)} % av en kärna`,
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
  printInstanceTimings(steadyTimings, STEADY_S);
  console.log(
    `  rullande omstart: ${sentIn('restart')} skickade, ${live.restart} live ` +
      `(p99 ${fmt(percentile(latencies.restart, 99))}), ${caughtUp.restart} hämtade vid återanslutning, ` +
      `${lost.length} förlorade, ${duplicates} dubbletter; ${reconnects} återanslutningar; ` +
      `utträde ${exits.join(' och ')}; ` +
      `omförsök: ${
        Object.entries(retries)
          .map(([s, n]) => `${n}×${s}`)
          .join(', ') || 'inga'
      }`,
  );
  if (lost.length > 0) {
    console.log(
      `  förlorade: ${lost
        .slice(0, 10)
        .map((s) => {
          const r = receivers.find((x) => x.userId === s.receiver)!;
          const at = (ms: number) => ((ms - t0) / 1000).toFixed(2);
          return (
            `id ${s.id} (skickat ${at(s.sentAt)}–${at(s.doneAt)} s; mottagarens kvitton ` +
            `${r.receipts.map(at).join(', ')} s; senast sedd id ${r.lastId})`
          );
        })
        .join('; ')}`,
    );
  }
  if (lost.length > 0) console.log(`  händelser: ${events.join(', ')}`);
  const logged = cluster.instances
    .flatMap((inst, i) =>
      inst.log
        .join('')
        .split('\n')
        .map((l) => `instans ${i + 1}: ${l}`),
    )
    .filter((l) => /fel|error|redis|failed|warn/i.test(l));
  for (const line of logged.slice(0, 15)) console.log(`  ${line.slice(0, 300)}`);
  if (catchUpFailed > 0) console.log(`  ${catchUpFailed} ikapphämtningar gav upp`);
  for (const [why, n] of errors) console.log(`  nätverksfel ${n}×: ${why}`);
  for (const r of receivers) void r.client.deactivate();
  floor.close();
  process.exitCode =
    lost.length > 0 || steadyMissing.length > 0 || duplicates > 0 || unanswered.length > 0 ? 1 : 0;
}

await main();
