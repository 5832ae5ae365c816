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
//
// This file is the server process (mainMessages); the client process is in messages-clients.ts,
// its rounds of sends in messages-round.ts, the floor process and the database in
// messages-support.ts.

import type { AddressInfo } from 'node:net';
import os from 'node:os';
import type { MessagingClient, MsgToChild, MsgToParent } from './messages-clients.ts';
import { printTimings, startFloorProcess, throwAwayPostgres } from './messages-support.ts';
import { forkClientProcess, mb, ms, type Args } from './shared.ts';

/** The client process's entry (ws.ts --child-messages). */
export { runMessageClients } from './messages-clients.ts';

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
  const { ABSOLUTE_TIMEOUT_MS, SESSION_COOKIE } = await import('../../src/access/sessions.ts');
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
