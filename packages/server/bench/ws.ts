// STOMP fan-out benchmark (`pnpm bench:ws`).
//
//   pnpm bench:ws                      1 000 clients, each subscribed to its own user queue;
//                                      connect time, then bursts of notifications (one per
//                                      user per round) → delivery latency p50/p99, server RSS
//   pnpm bench:ws --idle 10000         10 000 clients that only connect (CONNECT + SUBSCRIBE,
//                                      heart-beats) → connect time and server RSS
//   pnpm bench:ws --messages           the whole app (REST + PGlite + /ws) with 1 000 signed-in
//                                      clients in 500 conversations: message send (REST POST)
//                                      → delivery (STOMP MESSAGE) latency p50/p99
//   options: --clients N  --rounds R (20)  --interval MS (50)  --hold MS (idle: 12000)
//            --redis (fan-out through REDIS_URL or redis://127.0.0.1:6379)
//            --messages: --sends S (500)  --rate PER_SECOND (50)
//                        --postgres [ADMIN_URL] (a throw-away database on that server, loopback;
//                        default postgres://postgres@127.0.0.1:5432/postgres) instead of PGlite
//
// The live server runs in this process with a fake authenticate (cookie sid=u<n> → user n);
// the clients run in a child process, so the RSS printed is the server's alone. Loopback only,
// bounded in count (≤ 20 000 clients) and time (the whole run aborts after 3 minutes).
// Each process needs a file descriptor per client: when `ulimit -n` is too low the script
// re-executes itself under `sh -c 'ulimit -n …'` (up to the hard limit).

import { execFileSync, fork, spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';
import { attachLive } from '../src/live/index.ts';

const MAX_CLIENTS = 20_000;
const RUN_TIMEOUT_MS = 180_000;
const HEARTBEAT_MS = 10_000;
const CONNECT_CONCURRENCY = 250;

interface Args {
  clients: number;
  idle: boolean;
  rounds: number;
  interval: number;
  hold: number;
  redis: boolean;
  messages: boolean;
  sends: number;
  rate: number;
  /** --messages against a throw-away database on this PostgreSQL server instead of PGlite. */
  postgres: string | undefined;
}

function parseArgs(argv: string[]): Args {
  const a: Args = {
    clients: 1000,
    idle: false,
    rounds: 20,
    interval: 50,
    hold: 12_000,
    redis: false,
    messages: false,
    sends: 500,
    rate: 50,
    postgres: undefined,
  };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i];
    const num = () => {
      const v = Number(argv[i + 1]);
      if (!Number.isFinite(v) || v < 0) throw new Error(`${k} needs a number`);
      i++;
      return v;
    };
    if (k === '--clients') a.clients = num();
    else if (k === '--idle') {
      a.idle = true;
      a.clients = /^\d+$/.test(argv[i + 1] ?? '') ? num() : 10_000;
    } else if (k === '--rounds') a.rounds = num();
    else if (k === '--interval') a.interval = num();
    else if (k === '--hold') a.hold = num();
    else if (k === '--redis') a.redis = true;
    else if (k === '--messages') a.messages = true;
    else if (k === '--sends') a.sends = Math.min(num(), 20_000);
    else if (k === '--rate') a.rate = Math.min(num(), 2_000);
    else if (k === '--postgres') {
      const url = /^postgres(ql)?:\/\//.test(argv[i + 1] ?? '') ? (argv[++i] as string) : undefined;
      a.postgres = url ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    } else if (k === '--child' || k === '--') continue;
    else throw new Error(`unknown option ${k}`);
  }
  a.clients = Math.min(Math.max(1, Math.floor(a.clients)), MAX_CLIENTS);
  return a;
}

const nowNs = () => process.hrtime.bigint();

function percentile(sorted: Float64Array | number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)] as number;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const ms = (v: number) => `${v.toFixed(2)} ms`;

// ---------------------------------------------------------------- client process

type ToParent =
  | { type: 'connected'; ok: number; failed: number; wallMs: number; p50: number; p99: number }
  | {
      type: 'received';
      count: number;
      p50: number;
      p99: number;
      max: number;
      missing: number;
      duplicates: number;
    };
type ToChild = { type: 'expect'; perClient: number; timeoutMs: number } | { type: 'exit' };

async function runClients(port: number, n: number): Promise<void> {
  const send = (m: ToParent) => process.send?.(m);
  const sockets: WebSocket[] = [];
  const handshake: number[] = [];
  let ok = 0;
  let failed = 0;
  const latencies: number[] = [];
  const seen: Map<number, number>[] = [];
  let duplicates = 0;
  let onAllReceived: (() => void) | undefined;
  let expectedTotal = Infinity;

  const connectOne = (i: number) =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, ['v12.stomp'], {
        headers: { Cookie: `sid=u${i}` },
        perMessageDeflate: false,
      });
      const perClient = new Map<number, number>();
      seen[i] = perClient;
      let done = false;
      const finish = (good: boolean) => {
        if (done) return;
        done = true;
        if (good) {
          ok++;
          handshake.push(performance.now() - t0);
        } else failed++;
        resolve();
      };
      ws.on('open', () => {
        ws.send('CONNECT\naccept-version:1.2\nhost:bench\nheart-beat:10000,10000\n\n\0');
      });
      ws.on('message', (data: Buffer) => {
        const text = data.toString('utf8');
        if (text.startsWith('MESSAGE')) {
          const body = JSON.parse(text.slice(text.indexOf('\n\n') + 2, -1)) as {
            t: string;
            seq: number;
          };
          latencies.push(Number(nowNs() - BigInt(body.t)) / 1e6);
          if (perClient.has(body.seq)) duplicates++;
          perClient.set(body.seq, 1);
          if (latencies.length >= expectedTotal) onAllReceived?.();
        } else if (text.startsWith('CONNECTED')) {
          ws.send('SUBSCRIBE\nid:0\ndestination:/user/queue/notifications\nreceipt:s0\n\n\0');
        } else if (text.startsWith('RECEIPT')) {
          finish(true);
        } else if (text.startsWith('ERROR')) {
          finish(false);
        }
      });
      ws.on('error', () => finish(false));
      ws.on('close', () => finish(false));
      sockets.push(ws);
    });

  // Client heart-beats, as the portal sends them (from the start: connecting takes a while).
  const beat = setInterval(() => {
    for (const ws of sockets) if (ws.readyState === ws.OPEN) ws.send('\n');
  }, HEARTBEAT_MS);

  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONNECT_CONCURRENCY, n) }, async () => {
      while (next < n) await connectOne(next++);
    }),
  );
  const wallMs = performance.now() - started;
  handshake.sort((a, b) => a - b);
  send({
    type: 'connected',
    ok,
    failed,
    wallMs,
    p50: percentile(handshake, 50),
    p99: percentile(handshake, 99),
  });

  process.on('message', (m: ToChild) => {
    if (m.type === 'exit') {
      clearInterval(beat);
      for (const ws of sockets) ws.terminate();
      process.exit(0);
    }
    if (m.type === 'expect') {
      expectedTotal = m.perClient * ok;
      const report = () => {
        onAllReceived = undefined;
        const sorted = Float64Array.from(latencies).sort();
        let missing = 0;
        for (const perClient of seen)
          if (perClient) missing += Math.max(0, m.perClient - perClient.size);
        send({
          type: 'received',
          count: latencies.length,
          p50: percentile(sorted, 50),
          p99: percentile(sorted, 99),
          max: sorted[sorted.length - 1] ?? NaN,
          missing,
          duplicates,
        });
      };
      const timer = setTimeout(report, m.timeoutMs);
      onAllReceived = () => {
        clearTimeout(timer);
        setTimeout(report, 200); // let stragglers (duplicates) show up
      };
      if (latencies.length >= expectedTotal) onAllReceived();
    }
  });
}

// ---------------------------------------------------------------- server (main) process

function ensureFileLimit(needed: number): void {
  if (process.env.HALSA_BENCH_REEXEC) return;
  let soft = Infinity;
  let hard = Infinity;
  try {
    soft = Number(execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim()) || Infinity;
    hard =
      Number(execFileSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).trim()) || Infinity;
  } catch {
    return;
  }
  if (soft >= needed) return;
  const target = Math.min(hard, Math.max(needed, 65_536));
  if (target < needed) {
    console.warn(
      `ulimit -n is ${soft} (hard ${hard}); ${needed} needed — expect failed connections.`,
    );
    return;
  }
  console.log(`Raising ulimit -n from ${soft} to ${target} and restarting.`);
  const child = spawn(
    'sh',
    [
      '-c',
      `ulimit -n ${target} && exec "$0" "$@"`,
      process.execPath,
      ...process.execArgv,
      ...process.argv.slice(1),
    ],
    { stdio: 'inherit', env: { ...process.env, HALSA_BENCH_REEXEC: '1' } },
  );
  child.on('exit', (code) => process.exit(code ?? 1));
  throw new ReexecError();
}

class ReexecError extends Error {}

/**
 * Forks this file as the client process (argv picks its mode) with a hard time limit.
 * `fromChild(type)` waits for its next message of that type; `finish()` ends it and the limit.
 */
function forkClientProcess<M extends { type: string }, C extends { type: string }>(
  argv: string[],
  label: string,
) {
  const child = fork(fileURLToPath(import.meta.url), argv, {
    execArgv: process.execArgv,
    env: { ...process.env, HALSA_BENCH_REEXEC: '1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const fromChild = <T extends M['type']>(type: T) =>
    new Promise<Extract<M, { type: T }>>((resolve, reject) => {
      const onMsg = (m: M) => {
        if (m.type === type) {
          child.off('message', onMsg);
          resolve(m as Extract<M, { type: T }>);
        }
      };
      child.on('message', onMsg);
      child.once('exit', (code) => reject(new Error(`client process exited (${code})`)));
    });
  const killer = setTimeout(() => {
    console.error(`${label} aborted after ${RUN_TIMEOUT_MS / 1000} s`);
    child.kill('SIGKILL');
    process.exit(2);
  }, RUN_TIMEOUT_MS);
  const send = (message: C) => child.send(message);
  const finish = async (exit: C) => {
    child.send(exit);
    await new Promise((r) => child.once('exit', r));
    clearTimeout(killer);
  };
  return { fromChild, send, finish };
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  ensureFileLimit(args.clients + 512);
  if (args.messages) return mainMessages(args);

  const rssBefore = process.memoryUsage().rss;
  const server = http.createServer();
  const redisUrl = args.redis ? process.env.REDIS_URL || 'redis://127.0.0.1:6379' : undefined;
  const live = attachLive(server, {
    authenticate: (req) => {
      const m = /(?:^|;\s*)sid=u(\d+)/.exec(req.headers.cookie ?? '');
      return m ? { id: Number(m[1]) } : null;
    },
    isAllowedOrigin: () => true,
    heartBeatMs: HEARTBEAT_MS,
    maxSessionsPerUser: 4,
    redisUrl,
    redisChannel: `halsa:live:bench:${process.pid}`,
  });
  await live.ready;
  server.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as AddressInfo;

  const load = os.loadavg()[0] ?? 0;
  console.log(
    `machine: ${os.availableParallelism()} CPUs, load average ${load.toFixed(1)}` +
      (load > os.availableParallelism() ? ' — busy: expect inflated latencies' : ''),
  );
  console.log(
    `bench:ws — ${args.clients} ${args.idle ? 'idle ' : ''}clients on 127.0.0.1:${port}` +
      `${redisUrl ? ' (Redis fan-out on)' : ''}; clients in a child process (RSS below is the server's)`,
  );

  const { fromChild, send, finish } = forkClientProcess<ToParent, ToChild>(
    ['--child', String(port), String(args.clients)],
    'bench:ws',
  );

  const connected = await fromChild('connected');
  const stats = live.stats();
  console.log(
    `connect: ${connected.ok} connected (${connected.failed} failed) in ${ms(connected.wallMs)}` +
      ` — ${((connected.ok / connected.wallMs) * 1000).toFixed(0)}/s; handshake→RECEIPT p50 ${ms(connected.p50)}, p99 ${ms(connected.p99)}`,
  );
  console.log(`server: ${stats.sessions} sessions, ${stats.subscriptions} subscriptions`);

  let p99 = NaN;
  if (args.idle) {
    console.log(`holding ${args.hold / 1000} s (heart-beats flowing)…`);
    await new Promise((r) => setTimeout(r, args.hold));
    console.log(`server after hold: ${live.stats().sessions} sessions`);
  } else {
    const expect = {
      type: 'expect',
      perClient: args.rounds,
      timeoutMs: args.rounds * args.interval + 10_000,
    } as const;
    send(expect);
    const received = fromChild('received');
    const t0 = performance.now();
    let publishMs = 0;
    let publishCpuUs = 0;
    for (let round = 0; round < args.rounds; round++) {
      const r0 = performance.now();
      const c0 = process.cpuUsage();
      for (let user = 0; user < args.clients; user++) {
        live.broker.publishToUser(user, '/queue/notifications', {
          id: round * args.clients + user,
          status: 'UNREAD',
          type: 'LAB_RESULT',
          message: 'Nya labbsvar finns att läsa',
          timestamp: new Date().toISOString(),
          seq: round,
          t: String(nowNs()),
        });
      }
      publishMs += performance.now() - r0;
      const c = process.cpuUsage(c0);
      publishCpuUs += c.user + c.system;
      await new Promise((r) => setTimeout(r, args.interval));
    }
    const r = await received;
    const total = args.rounds * connected.ok;
    p99 = r.p99;
    console.log(
      `burst: ${args.rounds} rounds × ${args.clients} notifications every ${args.interval} ms → ${r.count}/${total} delivered` +
        ` (${r.missing} missing, ${r.duplicates} duplicates) in ${ms(performance.now() - t0)}`,
    );
    console.log(
      `server publish loop per round of ${args.clients}: ${ms(publishMs / args.rounds)} wall,` +
        ` ${ms(publishCpuUs / 1000 / args.rounds)} CPU (incl. socket writes)`,
    );
    console.log(`latency publish→client: p50 ${ms(r.p50)}, p99 ${ms(r.p99)}, max ${ms(r.max)}`);
  }

  const rss = process.memoryUsage().rss;
  const heap = process.memoryUsage().heapUsed;
  console.log(
    `server RSS: ${mb(rss)} (before clients ${mb(rssBefore)}; +${((rss - rssBefore) / 1024 / connected.ok).toFixed(1)} KiB per client), heap used ${mb(heap)}`,
  );
  if (args.idle) {
    console.log(
      `target: ${args.clients} idle clients ≤ 400 MB RSS → ${rss <= 400 * 1024 * 1024 ? 'PASS' : 'FAIL'}`,
    );
  } else {
    console.log(`target: p99 ≤ 25 ms at ${args.clients} clients → ${p99 <= 25 ? 'PASS' : 'FAIL'}`);
  }

  await finish({ type: 'exit' });
  await live.close();
  server.close();
}

// ---------------------------------------------------------------- --messages mode
//
// The whole app as `pnpm start` runs it (buildApp: Fastify, embedded PGlite, /ws) with N clients
// that are real users with real sessions (cookie + Origin on the handshake), N/2 conversations
// (staff ↔ client pairs). Every client subscribes to its conversation's topic and its own
// conversation list. The client process then sends `--sends` messages with the REST call
// (POST …/conversations/{id}/messages, paced at `--rate` per second, at most 64 in flight) and
// measures, on one clock, POST start → MESSAGE frame at the receiver: p50/p99.

interface MessagingClient {
  userId: number;
  partnerId: number;
  conversationId: number;
  cookie: string;
}

type MsgToParent =
  | { type: 'connected'; ok: number; failed: number; wallMs: number }
  | {
      type: 'delivered';
      sent: number;
      answered: number;
      failedPosts: number;
      delivered: number;
      missing: number;
      duplicates: number;
      summaries: number;
      p50: number;
      p99: number;
      max: number;
      postP50: number;
      postP99: number;
      wallMs: number;
    };
type MsgToChild =
  | { type: 'clients'; port: number; clients: MessagingClient[] }
  | { type: 'go'; sends: number; rate: number }
  | { type: 'exit' };

const MAX_IN_FLIGHT = 64;

async function runMessageClients(): Promise<void> {
  const send = (m: MsgToParent) => process.send?.(m);
  const setup = await new Promise<Extract<MsgToChild, { type: 'clients' }>>((resolve) => {
    const onMsg = (m: MsgToChild) => {
      if (m.type === 'clients') {
        process.off('message', onMsg);
        resolve(m);
      }
    };
    process.on('message', onMsg);
  });
  const { port, clients } = setup;
  const origin = `http://127.0.0.1:${port}`;
  const sockets: WebSocket[] = [];
  const startedAt = new Map<string, number>();
  const deliveredAt = new Map<string, number>();
  const latencies: number[] = [];
  let duplicates = 0;
  let summaries = 0;
  let ok = 0;
  let failed = 0;

  const connectOne = (c: MessagingClient) =>
    new Promise<void>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, ['v12.stomp'], {
        headers: { Cookie: c.cookie, Origin: origin },
        perMessageDeflate: false,
      });
      let receipts = 0;
      let done = false;
      const finish = (good: boolean) => {
        if (done) return;
        done = true;
        if (good) ok++;
        else failed++;
        resolve();
      };
      ws.on('open', () => {
        ws.send('CONNECT\naccept-version:1.2\nhost:bench\nheart-beat:10000,10000\n\n\0');
      });
      ws.on('message', (data: Buffer) => {
        const text = data.toString('utf8');
        if (text.startsWith('MESSAGE')) {
          const now = performance.now();
          const headerEnd = text.indexOf('\n\n');
          if (text.lastIndexOf('\ndestination:/topic/users/', headerEnd) >= 0) {
            summaries++;
            return;
          }
          const body = JSON.parse(text.slice(headerEnd + 2, -1)) as {
            receiver: number;
            clientMessageId: string | null;
          };
          if (body.receiver !== c.userId || !body.clientMessageId) return;
          const t0 = startedAt.get(body.clientMessageId);
          if (t0 === undefined) return;
          if (deliveredAt.has(body.clientMessageId)) {
            duplicates++;
            return;
          }
          deliveredAt.set(body.clientMessageId, now);
          latencies.push(now - t0);
        } else if (text.startsWith('CONNECTED')) {
          ws.send(
            `SUBSCRIBE\nid:0\ndestination:/topic/conversations/${c.conversationId}/messages\nreceipt:s0\n\n\0` +
              `SUBSCRIBE\nid:1\ndestination:/topic/users/${c.userId}/conversations\nreceipt:s1\n\n\0`,
          );
        } else if (text.startsWith('RECEIPT')) {
          if (++receipts === 2) finish(true);
        } else if (text.startsWith('ERROR')) {
          finish(false);
        }
      });
      ws.on('error', () => finish(false));
      ws.on('close', () => finish(false));
      sockets.push(ws);
    });

  const beat = setInterval(() => {
    for (const ws of sockets) if (ws.readyState === ws.OPEN) ws.send('\n');
  }, HEARTBEAT_MS);

  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONNECT_CONCURRENCY, clients.length) }, async () => {
      while (next < clients.length) await connectOne(clients[next++] as MessagingClient);
    }),
  );
  send({ type: 'connected', ok, failed, wallMs: performance.now() - t0 });

  process.on('message', async (m: MsgToChild) => {
    if (m.type === 'exit') {
      clearInterval(beat);
      for (const ws of sockets) ws.terminate();
      process.exit(0);
    }
    if (m.type !== 'go') return;
    const postTimes: number[] = [];
    let answered = 0;
    let failedPosts = 0;
    let inFlight = 0;
    const started = performance.now();
    const gap = 1000 / Math.max(1, m.rate);
    const posts: Promise<void>[] = [];
    for (let i = 0; i < m.sends; i++) {
      // Pace on the schedule (open loop), but never more than MAX_IN_FLIGHT at once.
      const due = started + i * gap;
      while (performance.now() < due || inFlight >= MAX_IN_FLIGHT) {
        await new Promise((r) => setTimeout(r, Math.max(0, Math.min(5, due - performance.now()))));
      }
      // Spread the senders over every client (a prime stride), both roles sending.
      const c = clients[(i * 7919) % clients.length] as MessagingClient;
      const clientMessageId = crypto.randomUUID();
      inFlight++;
      const p0 = performance.now();
      startedAt.set(clientMessageId, p0);
      posts.push(
        fetch(`${origin}/api/v1/user/messaging/conversations/${c.conversationId}/messages`, {
          method: 'POST',
          headers: { cookie: c.cookie, origin, 'content-type': 'application/json' },
          body: JSON.stringify({
            receiverId: c.partnerId,
            content: `Hej! Meddelande ${i} från bänken, med lite text som ett riktigt meddelande.`,
            clientMessageId,
          }),
        })
          .then(async (res) => {
            await res.arrayBuffer();
            if (res.status === 201) {
              answered++;
              postTimes.push(performance.now() - p0);
            } else failedPosts++;
          })
          .catch(() => {
            failedPosts++;
          })
          .finally(() => {
            inFlight--;
          }),
      );
    }
    await Promise.all(posts);
    const deadline = performance.now() + 5_000;
    while (deliveredAt.size < answered && performance.now() < deadline) {
      await new Promise((r) => setTimeout(r, 10));
    }
    await new Promise((r) => setTimeout(r, 200)); // let duplicates show up
    const sorted = Float64Array.from(latencies).sort();
    const postSorted = Float64Array.from(postTimes).sort();
    send({
      type: 'delivered',
      sent: m.sends,
      answered,
      failedPosts,
      delivered: deliveredAt.size,
      missing: answered - deliveredAt.size,
      duplicates,
      summaries,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted[sorted.length - 1] ?? NaN,
      postP50: percentile(postSorted, 50),
      postP99: percentile(postSorted, 99),
      wallMs: performance.now() - started,
    });
  });
}

async function mainMessages(args: Args): Promise<void> {
  const { buildApp } = await import('../src/app.ts');
  const { loadConfig } = await import('../src/config.ts');
  const { openDatabase } = await import('../src/db/index.ts');
  const { migrate } = await import('../src/db/migrate.ts');
  const { MemoryStorage } = await import('../src/files/storage.ts');
  const { DevOutbox } = await import('../src/mail/mailer.ts');
  const { systemClock } = await import('../src/clock.ts');
  const { ABSOLUTE_TIMEOUT_MS, SESSION_COOKIE } = await import('../src/modules/auth/sessions.ts');
  const { newToken, sha256 } = await import('../src/security/tokens.ts');

  const n = Math.max(2, args.clients - (args.clients % 2));
  const pg = args.postgres ? await throwAwayPostgres(args.postgres) : undefined;
  const opened = await openDatabase(
    pg ? { kind: 'postgres', url: pg.url, max: 10 } : { kind: 'pglite' },
  );
  await migrate(opened.db);
  const config = loadConfig({ NODE_ENV: 'test', PORT: '8080' });
  const app = await buildApp({
    config,
    db: opened.db,
    dbKind: opened.kind,
    mailer: new DevOutbox(config.mailFrom, systemClock, () => {}),
    storage: new MemoryStorage(),
    clock: systemClock,
    rateLimit: { enabled: false },
    portalDist: '/nonexistent',
  });

  // n users (staff and clients alternating), a session each, one conversation per pair.
  const now = new Date();
  const clients: MessagingClient[] = [];
  const CHUNK = 250;
  for (let start = 0; start < n; start += CHUNK) {
    const rows = await opened.db
      .insertInto('users')
      .values(
        Array.from({ length: Math.min(CHUNK, n - start) }, (_, k) => ({
          email: `bench${start + k}@example.com`,
          password_hash: null,
          role: (start + k) % 2 === 0 ? ('STAFF' as const) : ('USER' as const),
          first_name: (start + k) % 2 === 0 ? 'Personal' : 'Klient',
          last_name: `Nummer ${start + k}`,
          image_file_id: null,
          created_at: now,
          updated_at: now,
          last_active_at: null,
        })),
      )
      .returning('id')
      .execute();
    const tokens = rows.map(() => newToken());
    await opened.db
      .insertInto('sessions')
      .values(
        rows.map((r, k) => ({
          id_hash: sha256(tokens[k] as string),
          user_id: r.id,
          created_at: now,
          last_seen_at: now,
          expires_at: new Date(now.getTime() + ABSOLUTE_TIMEOUT_MS),
          ip_address: '127.0.0.1',
          user_agent: 'bench',
        })),
      )
      .execute();
    rows.forEach((r, k) =>
      clients.push({
        userId: r.id,
        partnerId: 0,
        conversationId: 0,
        cookie: `${SESSION_COOKIE}=${tokens[k]}`,
      }),
    );
  }
  for (let start = 0; start < n; start += 2 * CHUNK) {
    const pairs: [MessagingClient, MessagingClient][] = [];
    for (let i = start; i < Math.min(n, start + 2 * CHUNK); i += 2) {
      pairs.push([clients[i] as MessagingClient, clients[i + 1] as MessagingClient]);
    }
    const convs = await opened.db
      .insertInto('conversations')
      .values(
        pairs.map(([a, b]) => ({
          user_low_id: Math.min(a.userId, b.userId),
          user_high_id: Math.max(a.userId, b.userId),
          created_at: now,
          last_message_at: null,
        })),
      )
      .returning('id')
      .execute();
    pairs.forEach(([a, b], k) => {
      const id = (convs[k] as { id: number }).id;
      Object.assign(a, { partnerId: b.userId, conversationId: id });
      Object.assign(b, { partnerId: a.userId, conversationId: id });
    });
  }

  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const load = os.loadavg()[0] ?? 0;
  console.log(
    `machine: ${os.availableParallelism()} CPUs, load average ${load.toFixed(1)}` +
      (load > os.availableParallelism() ? ' — busy: expect inflated latencies' : ''),
  );
  console.log(
    `bench:ws --messages — the whole app (${pg ? `PostgreSQL, database ${pg.name}` : 'PGlite in memory'}) on 127.0.0.1:${port}; ${n} clients` +
      ` (${n / 2} conversations), each subscribed to its conversation and its conversation list`,
  );

  const { fromChild, send, finish } = forkClientProcess<MsgToParent, MsgToChild>(
    ['--child-messages'],
    'bench:ws --messages',
  );

  send({ type: 'clients', port, clients });
  const connected = await fromChild('connected');
  console.log(
    `connect: ${connected.ok} connected and subscribed (${connected.failed} failed) in ${ms(connected.wallMs)};` +
      ` server: ${app.live.stats().sessions} sessions, ${app.live.stats().subscriptions} subscriptions`,
  );

  const cpu0 = process.cpuUsage();
  send({ type: 'go', sends: args.sends, rate: args.rate });
  const r = await fromChild('delivered');
  const cpu = process.cpuUsage(cpu0);
  console.log(
    `sent: ${r.sent} messages at ${args.rate}/s by REST POST → ${r.answered} answered 201` +
      ` (${r.failedPosts} failed), ${r.delivered} delivered to the receiver (${r.missing} missing,` +
      ` ${r.duplicates} duplicates), ${r.summaries} conversation-list updates, in ${ms(r.wallMs)}`,
  );
  console.log(`POST answered: p50 ${ms(r.postP50)}, p99 ${ms(r.postP99)}`);
  console.log(
    `latency POST start → MESSAGE at the receiver: p50 ${ms(r.p50)}, p99 ${ms(r.p99)}, max ${ms(r.max)}`,
  );
  console.log(
    `server CPU: ${ms((cpu.user + cpu.system) / 1000 / Math.max(1, r.answered))} per message` +
      ` (${(((cpu.user + cpu.system) / 1000 / r.wallMs) * 100).toFixed(0)}% of one core during the run);` +
      ` RSS ${mb(process.memoryUsage().rss)}`,
  );
  console.log(
    `target: p99 ≤ 25 ms at ${connected.ok} clients → ${r.p99 <= 25 && r.missing === 0 && r.duplicates === 0 ? 'PASS' : 'FAIL'}`,
  );

  await finish({ type: 'exit' });
  await app.close();
  await opened.close();
  await pg?.drop();
}

/** A fresh database on a PostgreSQL server on loopback, dropped after the run. */
async function throwAwayPostgres(adminUrl: string) {
  const host = new URL(adminUrl).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) {
    throw new Error(`--postgres: loopback only (got ${host})`);
  }
  const { default: pgLib } = await import('pg');
  const name = `halsa_bench_${process.pid}_${Date.now().toString(36)}`;
  const admin = async (sqlText: string) => {
    const client = new pgLib.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sqlText);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  return {
    name,
    url: adminUrl.replace(/\/[^/]*$/, `/${name}`),
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

if (process.argv.includes('--child-messages')) {
  await runMessageClients();
} else if (process.argv.includes('--child')) {
  const i = process.argv.indexOf('--child');
  await runClients(Number(process.argv[i + 1]), Number(process.argv[i + 2]));
} else {
  try {
    await main();
  } catch (err) {
    if (!(err instanceof ReexecError)) {
      console.error(err);
      process.exit(1);
    }
  }
}
