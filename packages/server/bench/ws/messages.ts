// The --messages mode of `pnpm bench:ws` (ws.ts).
//
// The whole app as `pnpm start` runs it (buildApp: Fastify, embedded PGlite, /ws) with N clients
// that are real users with real sessions (cookie + Origin on the handshake), N/2 conversations
// (staff ↔ client pairs). Every client subscribes to its conversation's topic and its own
// conversation list. The client process then sends `--sends` messages with the REST call
// (POST …/conversations/{id}/messages, paced at `--rate` per second, at most 64 in flight) and
// measures, on one clock, POST start → MESSAGE frame at the receiver: p50/p99.
//
// The floor (issue 27) in the same run: a second, bare process (bench/floor-server.ts: plain
// `ws`, no STOMP, no database, no audit) with as many sockets, one per client keyed by its
// conversation, to which the client process POSTs /floor/send at the same rate at the same time;
// printed beside the product with the ratios and the machine's load. The server side records
// its steps, event-loop delay and GC during the sends (src/live/bench-timings.ts). Every message
// is accounted for: delivered live, fetched afterwards by the receiver (catch-up), or missing
// with its id.

import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { WebSocket } from 'ws';
import { printTimings, startFloorProcess, throwAwayPostgres } from './messages-support.ts';
import {
  CONNECT_CONCURRENCY,
  forkClientProcess,
  HEARTBEAT_MS,
  mb,
  ms,
  percentile,
  type Args,
} from './shared.ts';

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
      caughtUp: number;
      missing: number;
      missingIds: string[];
      floor: {
        sent: number;
        delivered: number;
        missing: number;
        p50: number;
        p99: number;
        max: number;
      };
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
  | { type: 'clients'; port: number; floorPort: number; clients: MessagingClient[] }
  | { type: 'go'; sends: number; rate: number }
  | { type: 'exit' };

const MAX_IN_FLIGHT = 64;

export async function runMessageClients(): Promise<void> {
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
  const { port, floorPort, clients } = setup;
  const byUser = new Map(clients.map((c) => [c.userId, c]));
  const floorStarted = new Map<number, number>();
  const floorLatencies: number[] = [];
  const floorSockets: WebSocket[] = [];
  const origin = `http://127.0.0.1:${port}`;
  const sockets: WebSocket[] = [];
  const startedAt = new Map<string, number>();
  const deliveredAt = new Map<string, number>();
  const latencies: number[] = [];
  let duplicates = 0;
  let summaries = 0;
  let round = 0;
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
  // The floor's sockets: one per client, keyed by its conversation.
  let nextFloor = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONNECT_CONCURRENCY, clients.length) }, async () => {
      while (nextFloor < clients.length) {
        const c = clients[nextFloor++] as MessagingClient;
        await new Promise<void>((resolve) => {
          const ws = new WebSocket(`ws://127.0.0.1:${floorPort}/floor?key=${c.conversationId}`, {
            perMessageDeflate: false,
          });
          ws.once('open', () => resolve());
          ws.once('error', () => resolve());
          ws.on('message', (data: Buffer) => {
            const now = performance.now();
            const m = JSON.parse(data.toString('utf8')) as { id: number; to: number };
            if (m.to !== c.userId) return;
            const at = floorStarted.get(m.id);
            if (at === undefined) return;
            floorStarted.delete(m.id);
            floorLatencies.push(now - at);
          });
          floorSockets.push(ws);
        });
      }
    }),
  );
  send({ type: 'connected', ok, failed, wallMs: performance.now() - t0 });

  process.on('message', async (m: MsgToChild) => {
    if (m.type === 'exit') {
      clearInterval(beat);
      for (const ws of sockets) ws.terminate();
      for (const ws of floorSockets) ws.terminate();
      process.exit(0);
    }
    if (m.type !== 'go') return;
    // Each round counts alone (the warm-up round is not counted).
    round++;
    latencies.length = 0;
    deliveredAt.clear();
    floorLatencies.length = 0;
    duplicates = 0;
    summaries = 0;
    const postTimes: number[] = [];
    let answered = 0;
    let failedPosts = 0;
    let inFlight = 0;
    const started = performance.now();
    const gap = 1000 / Math.max(1, m.rate);
    const posts: Promise<void>[] = [];
    /** clientMessageId → the message's id and receiver, from the POST's answer. */
    const answers = new Map<string, { id: number; receiver: number }>();
    // The floor's sender: the same schedule, half a period later, at the same time.
    const floorDone = (async () => {
      const floorPosts: Promise<unknown>[] = [];
      for (let i = 0; i < m.sends; i++) {
        const due = started + (i + 0.5) * gap;
        while (performance.now() < due) {
          await new Promise((r) =>
            setTimeout(r, Math.max(0, Math.min(5, due - performance.now()))),
          );
        }
        const c = clients[(i * 7919) % clients.length] as MessagingClient;
        const floorId = round * 1_000_000 + i;
        floorStarted.set(floorId, performance.now());
        floorPosts.push(
          fetch(`http://127.0.0.1:${floorPort}/floor/send`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              key: String(c.conversationId),
              id: floorId,
              to: c.partnerId,
              content: `Hej! Meddelande ${i} från bänken, med lite text som ett riktigt meddelande.`,
            }),
          })
            .then((res) => res.arrayBuffer())
            .catch(() => undefined),
        );
      }
      await Promise.all(floorPosts);
    })();
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
            const answer = (await res.json().catch(() => null)) as { id?: number } | null;
            if (res.status === 201) {
              answers.set(clientMessageId, { id: answer?.id ?? NaN, receiver: c.partnerId });
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
    await floorDone;
    const deadline = performance.now() + 5_000;
    while ((deliveredAt.size < answered || floorStarted.size > 0) && performance.now() < deadline) {
      await new Promise((r) => setTimeout(r, 10));
    }
    await new Promise((r) => setTimeout(r, 200)); // let duplicates show up
    // Every answered message not delivered live: fetched by its receiver, or missing by id.
    let caughtUp = 0;
    const missingIds: string[] = [];
    for (const [clientMessageId, a] of answers) {
      if (deliveredAt.has(clientMessageId)) continue;
      const receiver = byUser.get(a.receiver);
      const conv = receiver?.conversationId;
      const res = await fetch(
        `${origin}/api/v1/user/messaging/conversations/${conv}?after=${a.id - 1}`,
        { headers: { cookie: receiver?.cookie ?? '' } },
      ).catch(() => null);
      const found =
        res?.status === 200 &&
        ((await res.json()) as { messages: { id: number }[] }).messages.some((x) => x.id === a.id);
      if (found) caughtUp++;
      else missingIds.push(`${a.id} (${clientMessageId})`);
    }
    const floorSorted = Float64Array.from(floorLatencies).sort();
    const sorted = Float64Array.from(latencies).sort();
    const postSorted = Float64Array.from(postTimes).sort();
    send({
      type: 'delivered',
      sent: m.sends,
      answered,
      failedPosts,
      delivered: deliveredAt.size,
      caughtUp,
      missing: missingIds.length,
      missingIds,
      floor: {
        sent: m.sends,
        delivered: floorLatencies.length,
        missing: floorStarted.size,
        p50: percentile(floorSorted, 50),
        p99: percentile(floorSorted, 99),
        max: floorSorted[floorSorted.length - 1] ?? NaN,
      },
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

export async function mainMessages(args: Args): Promise<void> {
  const { benchTimings } = await import('../../src/live/bench-timings.ts');
  benchTimings.enable();
  const { buildApp } = await import('../../src/app.ts');
  const { loadConfig } = await import('../../src/config.ts');
  const { openDatabase } = await import('../../src/db/index.ts');
  const { migrate } = await import('../../src/db/migrate.ts');
  const { MemoryStorage } = await import('../../src/files/storage.ts');
  const { DevOutbox } = await import('../../src/mail/mailer.ts');
  const { systemClock } = await import('../../src/clock.ts');
  const { ABSOLUTE_TIMEOUT_MS, SESSION_COOKIE } =
    await import('../../src/modules/auth/sessions.ts');
  const { newToken, sha256 } = await import('../../src/security/tokens.ts');

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
    // Each staff member is in her client's care team (design §4.14), as in a clinic.
    await opened.db
      .insertInto('care_team_members')
      .values(
        pairs.map(([staff, client]) => ({
          client_id: client.userId,
          staff_id: staff.userId,
          added_by: null,
          added_at: now,
        })),
      )
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

  const floor = await startFloorProcess();
  send({ type: 'clients', port, floorPort: floor.port, clients });
  const connected = await fromChild('connected');
  console.log(
    `connect: ${connected.ok} connected and subscribed (${connected.failed} failed) in ${ms(connected.wallMs)};` +
      ` server: ${app.live.stats().sessions} sessions, ${app.live.stats().subscriptions} subscriptions`,
  );

  // Warm-up (JIT, the routes' first compilation, pools): one second of sends, not counted.
  const warmUp = Math.max(1, Math.min(args.rate, 200));
  send({ type: 'go', sends: warmUp, rate: args.rate });
  await fromChild('delivered');
  console.log(`warm-up: ${warmUp} sends (product and floor), not counted`);
  const cpu0 = process.cpuUsage();
  benchTimings.reset();
  const loadBefore = os.loadavg()[0] ?? 0;
  send({ type: 'go', sends: args.sends, rate: args.rate });
  const r = await fromChild('delivered');
  const cpu = process.cpuUsage(cpu0);
  const timings = benchTimings.snapshot();
  const loadAfter = os.loadavg()[0] ?? 0;
  console.log(
    `sent: ${r.sent} messages at ${args.rate}/s by REST POST → ${r.answered} answered 201` +
      ` (${r.failedPosts} failed), ${r.delivered} delivered live to the receiver, ${r.caughtUp} fetched` +
      ` afterwards by the receiver, ${r.missing} missing (${r.duplicates} duplicates),` +
      ` ${r.summaries} conversation-list updates, in ${ms(r.wallMs)}`,
  );
  if (r.missingIds.length > 0) console.log(`missing: ${r.missingIds.slice(0, 20).join(', ')}`);
  console.log(`POST answered: p50 ${ms(r.postP50)}, p99 ${ms(r.postP99)}`);
  console.log(
    `latency POST start → MESSAGE at the receiver: p50 ${ms(r.p50)}, p99 ${ms(r.p99)}, max ${ms(r.max)}`,
  );
  console.log(
    `server CPU: ${ms((cpu.user + cpu.system) / 1000 / Math.max(1, r.answered))} per message` +
      ` (${(((cpu.user + cpu.system) / 1000 / r.wallMs) * 100).toFixed(0)}% of one core during the run);` +
      ` RSS ${mb(process.memoryUsage().rss)}`,
  );
  const f = r.floor;
  console.log(
    `floor (bare ws process, POST /floor/send → ws, same sockets and rate, same time): ${f.sent} sent,` +
      ` ${f.delivered} delivered, ${f.missing} missing; p50 ${ms(f.p50)}, p99 ${ms(f.p99)}, max ${ms(f.max)}`,
  );
  const x = (a: number, b: number) => `×${(a / b).toFixed(1)}`;
  console.log(
    `product / floor: p50 ${x(r.p50, f.p50)}, p99 ${x(r.p99, f.p99)}, max ${x(r.max, f.max)};` +
      ` machine load ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)} on ${os.availableParallelism()} CPUs`,
  );
  printTimings(timings);
  const pass = r.p99 <= 3 * f.p99 && r.p99 <= 25 && r.missing === 0 && r.duplicates === 0;
  console.log(
    `target: p99 ≤ 3 × the floor's and ≤ 25 ms at ${connected.ok} clients, none missing → ${pass ? 'PASS' : 'FAIL'}`,
  );

  await finish({ type: 'exit' });
  await floor.stop();
  await app.close();
  await opened.close();
  await pg?.drop();
}
