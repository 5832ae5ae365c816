// `pnpm bench:cluster`: the deployment of issue 15 under load, on this machine.
//
// Two server processes behind Debian's nginx (deploy/nginx.conf) on PostgreSQL and Redis (the
// harness of test/cluster.test.ts), 1 000 signed-in clients connected live through nginx
// (STOMP over WebSocket, each subscribed to its conversation with a coach), and a coach sending
// 50 messages a second through nginx (REST). Printed:
//   1. steady state: REST send → STOMP delivery latency p50 / p99 / max (target p99 ≤ 50 ms and
//      ≤ 3 × the floor's p99), beside the floor measured at the same time: per instance a bare
//      `ws` server relaying Redis pub/sub (bench/floor-server.ts, no STOMP, no audit) that makes
//      the one durable write every message must make (one INSERT + commit on the same
//      PostgreSQL, issue 38 item 5), behind the same nginx (/floor) on the same Redis, as many
//      sockets, a sender POSTing to /floor/send at the same rate; and every steady message
//      accounted for (live, fetched by catch-up, or missing with its id); beside both, the
//      disk's commit latency (bench/commit-latency.ts: single-row INSERT + COMMIT, 200 back to
//      back before the load, then one every 50 ms during the steady phase);
//   1b. per instance, during the steady phase (HALSA_BENCH_TIMINGS=1, bench-timings.ts, read
//      from each instance's loopback-only /__bench/timings): event-loop delay, GC pauses, CPU,
//      and the time of each step of a send (HTTP hooks, care-team check, the transaction and
//      its statements (send.statement: the one statement of a text send), the summaries read after
//      the commit (msg.summaries), publish, Redis, socket writes, activity-log inserts);
//   2. rolling restart (SIGTERM instance 1, start it, then instance 2) while sending goes on:
//      messages sent, delivered live, recovered by the client's reconnect catch-up, lost
//      (target 0), duplicates, the sender's retries, how long each instance took to exit.
// A client does what the portal does: on every (re)connect it subscribes (waiting for the
// receipt), then fetches `?after=<last id it has>`. Nothing else is fetched at the end, so a
// message neither delivered nor caught up counts as lost.
//   options: --clients N (1000) --rate PER_SECOND (50) --seconds S (20, steady phase)
//            --postgres ADMIN_URL (postgres://postgres@127.0.0.1:5432/postgres) --redis URL
//            --abort-after S (300)
//            --from-source (the instances from src/main.ts through tsx; by default they run as
//            deployed, `node … dist/main.js` built at the start, and the floor on plain Node)
// Loopback only; everything it starts it stops (an aborted run too); the run aborts after
// --abort-after seconds (a busy machine starts and restarts the instances slowly).
// Parts: cluster-clients.ts (the clients), cluster-floor.ts, cluster-timings.ts, cluster-report.ts.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { TimingsSnapshot } from '../src/live/bench-timings.ts';
import { newToken, sha256 } from '../src/security/tokens.ts';
import { Cluster, instancesAs, NGINX } from '../test/cluster-processes.ts';
import { ClientFleet, type Msg, type Sent } from './cluster-clients.ts';
import { ClusterFloor } from './cluster-floor.ts';
import { CommitProbe } from './commit-latency.ts';
import { printReport } from './cluster-report.ts';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '1000' },
    rate: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '20' },
    'abort-after': { type: 'string', default: '300' },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    redis: { type: 'string', default: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
    'from-source': { type: 'boolean', default: false },
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

/** The run's cluster, closed by the abort too (else its processes and database outlive it). */
let running: Cluster | undefined;
const ABORT_S = Number(values['abort-after']);
const abort = setTimeout(() => {
  console.error(`bench:cluster avbröts efter ${ABORT_S} s`);
  const stop = setTimeout(() => process.exit(2), 20_000);
  void (running?.close() ?? Promise.resolve()).finally(() => {
    clearTimeout(stop);
    process.exit(2);
  });
}, ABORT_S * 1000);
abort.unref();

/** The sender's retries by status and its network errors by message. */
const errors = new Map<string, number>();
const retries: Record<string, number> = {};

/** This process's own event loop (it times every delivery): a blocked bench inflates both. */
const benchLoop = monitorEventLoopDelay({ resolution: 1 });
benchLoop.enable();

async function post(url: string, cookie: string, body: unknown, origin: string) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { cookie, origin, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
}

async function main(): Promise<void> {
  const built = !values['from-source'];
  const cluster = new Cluster({
    pgAdminUrl: values.postgres,
    redisUrl: values.redis,
    floor: true,
    built,
    env: { HALSA_BENCH_TIMINGS: '1' },
  });
  console.log(
    `Startar 2 instanser (och 2 golvservrar) bakom nginx på PostgreSQL + Redis, ${instancesAs(built)} …`,
  );
  running = cluster;
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
  const fleet = new ClientFleet(
    base,
    clientIds.map((userId, i) => ({
      userId,
      cookie: `halsa_session=${tokens[i]}`,
      conversationId: conversations[i]!,
    })),
  );
  const started = performance.now();
  const connected = await fleet.connect();
  console.log(
    `${connected} inloggade klienter anslutna via nginx på ${((performance.now() - started) / 1000).toFixed(1)} s ` +
      `(${cluster.instances.length} instanser, ${fleet.conversations} konversationer)`,
  );

  // The disk's commit latency before the load (quiet), on the product's database.
  const probe = await CommitProbe.open(cluster.databaseUrl);
  const commitsQuiet = await probe.burst(200);

  const floor = new ClusterFloor(base);
  const keys = fleet.receivers.map((r) => r.conversationId);
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
    const r = fleet.receivers[Math.floor(Math.random() * fleet.receivers.length)]!;
    const clientMessageId = randomUUID();
    const at = performance.now();
    const myPhase = phase === 'warm-up' ? null : phase;
    inFlight++;
    try {
      for (let attempt = 0; attempt < 30; attempt++) {
        const res = await post(
          `${base}/api/v1/user/messaging/conversations/${r.conversationId}/messages`,
          coach,
          { receiverId: r.userId, content: `bench ${fleet.sent.length}`, clientMessageId },
          base,
        ).catch((error: Error) => {
          const why = `${error.message} ${(error.cause as Error | undefined)?.message ?? ''}`;
          errors.set(why, (errors.get(why) ?? 0) + 1);
          return { status: -1, text: '' };
        });
        if (res.status === 200 || res.status === 201) {
          const id = (JSON.parse(res.text) as Msg).id;
          if (myPhase === null) return; // warm-up: not counted
          fleet.answered({
            id,
            receiver: r.userId,
            sentAt: at,
            doneAt: performance.now(),
            phase: myPhase,
          });
          return;
        }
        retries[res.status] = (retries[res.status] ?? 0) + 1;
        await sleep(100);
      }
      // Never answered: accounted for as such (with its clientMessageId), not thrown away.
      if (myPhase !== null) fleet.unanswered.push({ phase: myPhase, clientMessageId });
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
  const commitsLoaded = probe.during(() => phase === 'steady', 50);
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
  const commits = { quiet: commitsQuiet, loaded: await commitsLoaded };
  await probe.close();
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

  const exitCode = await printReport({
    cluster,
    fleet,
    floor,
    clients: CLIENTS,
    rate: RATE,
    steadySeconds: STEADY_S,
    loadBefore,
    loadAfter,
    benchLoop: benchLoopFigures,
    benchCpu,
    commits,
    steadyTimings,
    exits,
    events,
    restartStartedAt: t0,
    retries,
    errors,
  });
  fleet.close();
  floor.close();
  process.exitCode = exitCode;
}

await main();
