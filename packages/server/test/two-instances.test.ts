// Two app instances (A and B) on the same PostgreSQL database with Redis fan-out: a lab upload
// through A creates a LAB_RESULT notification that reaches a STOMP subscriber connected to B,
// exactly once, and B's notification list shows it.
//   server-postgres: runs (Redis at 127.0.0.1:6379; unreachable → skipped, a failure when CI=true).
//   server-pglite:   skipped — two instances cannot share one in-memory PGlite database.
import { notificationSchema } from '@halsa/api/contract';
import { Client, type IMessage } from '@stomp/stompjs';
import { Redis } from 'ioredis';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { buildApp, type App } from '../src/app.ts';
import { openDatabase, type OpenedDb } from '../src/db/index.ts';
import { DevOutbox } from '../src/mail/mailer.ts';
import {
  createTestApp,
  dbAvailable,
  login,
  PG_ADMIN_URL,
  PUBLIC_URL,
  TEST_DB,
  testConfig,
  type TestApp,
} from './helpers.ts';

// A channel of this run's own (config REDIS_CHANNEL), so parallel runs sharing this Redis cannot
// see each other's events (their fresh databases hand out the same user and notification ids).
const REDIS_CHANNEL = `halsa:live:test:${Math.random().toString(36).slice(2, 14)}`;
const REDIS_URL = 'redis://127.0.0.1:6379';
const inCI = process.env.CI === 'true';

function redisReachable(url: string): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const s = net.connect({ host: u.hostname, port: Number(u.port || 6379) });
    const done = (ok: boolean) => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(1000, () => done(false));
    s.once('connect', () => done(true));
    s.once('error', () => done(false));
  });
}

const pgUp = TEST_DB === 'postgres' && (await dbAvailable());
const redisUp = pgUp && (await redisReachable(REDIS_URL));
if (TEST_DB !== 'postgres') {
  console.warn(
    'two-instances.test.ts skipped on pglite: two server instances cannot share one in-memory ' +
      'PGlite database (runs in the server-postgres project).',
  );
} else if (pgUp && !redisUp && !inCI) {
  console.warn(`two-instances.test.ts skipped: Redis at ${REDIS_URL} is unreachable.`);
}

describe.runIf(pgUp && !redisUp && inCI)('two instances (CI)', () => {
  it('needs Redis', () => {
    throw new Error(`Redis at ${REDIS_URL} is unreachable; CI=true requires it`);
  });
});

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

async function until(pred: () => boolean, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!pred()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

(redisUp ? describe : describe.skip)('two instances on one PostgreSQL with Redis', () => {
  let a: TestApp | undefined;
  let b: TestApp | undefined;
  let dbB: OpenedDb | undefined;
  let hostA = '';
  let hostB = '';
  let client: Client | undefined;

  beforeAll(async () => {
    // Instance A: creates halsa_test_<random>, migrates it and seeds the users.
    a = await createTestApp({ config: { redisUrl: REDIS_URL, redisChannel: REDIS_CHANNEL } });
    // Instance B: its own pool, outbox and app on the same database (same clock and file
    // storage, as two processes would share the wall clock and the file store).
    const url = `${PG_ADMIN_URL.replace(/\/[^/]*$/, '')}/${a.db.name}`;
    dbB = await openDatabase({ kind: 'postgres', url, max: 5 });
    const outboxB = new DevOutbox('Hälsoportalen <no-reply@example.com>', a.clock, () => {});
    const appB = await buildApp({
      config: testConfig({ redisUrl: REDIS_URL, redisChannel: REDIS_CHANNEL }),
      db: dbB.db,
      dbKind: dbB.kind,
      mailer: outboxB,
      storage: a.storage,
      clock: a.clock,
      rateLimit: { enabled: false },
      portalDist: '/nonexistent-portal-dist',
    });
    b = { ...a, app: appB, db: { ...dbB, name: a.db.name }, outbox: outboxB };
    hostA = await listen(a.app);
    hostB = await listen(b.app);
    // Both Redis subscriptions active before anything is published.
    await Promise.all([a.app.live.ready, b.app.live.ready]);
  });

  afterAll(async () => {
    await client?.deactivate({ force: true });
    await b?.app.close();
    await a?.app.close();
    await dbB?.close();
    await a?.db.close(); // drops the database (WITH (FORCE))
  });

  it('a lab upload through A reaches the USER subscribed on B exactly once', async () => {
    const ta = a!;
    const tb = b!;
    const klient = await login(tb, 'klient@example.com'); // session row in the shared database
    const admin = await login(ta, 'admin@example.com');

    const got: IMessage[] = [];
    const errors: string[] = [];
    const connected = new Promise<void>((resolve) => {
      client = new Client({
        webSocketFactory: () =>
          new WebSocket(`ws://${hostB}/ws`, ['v12.stomp', 'v11.stomp', 'v10.stomp'], {
            headers: { Cookie: klient, Origin: PUBLIC_URL },
          }),
        reconnectDelay: 0,
        heartbeatIncoming: 0,
        heartbeatOutgoing: 0,
        debug: () => {},
        onConnect: () => resolve(),
        onStompError: (f) => errors.push(f.headers.message ?? f.body),
      });
      client.activate();
    });
    await connected;
    await new Promise<void>((resolve) => {
      client!.watchForReceipt('sub-notifications', () => resolve());
      client!.subscribe('/user/queue/notifications', (m) => got.push(m), {
        receipt: 'sub-notifications',
      });
    });

    // The fan-out travels on the configured channel (REDIS_CHANNEL), not on the default one.
    const onChannel: string[] = [];
    const spy = new Redis(REDIS_URL, { lazyConnect: true });
    await spy.connect();
    await spy.subscribe(REDIS_CHANNEL);
    spy.on('message', (channel: string) => onChannel.push(channel));

    const form = new FormData();
    form.append('file', new Blob([PDF], { type: 'application/pdf' }), 'Blodprov.pdf');
    const upload = await fetch(`http://${hostA}/api/v1/admin/upload-lab/${ta.users.klient.id}`, {
      method: 'POST',
      headers: { cookie: admin, origin: PUBLIC_URL },
      body: form,
    });
    expect(upload.status).toBe(201);

    await until(() => got.length > 0);
    // Give a duplicate (local delivery + Redis echo) time to show up.
    await new Promise((r) => setTimeout(r, 500));
    expect(got).toHaveLength(1);
    spy.disconnect();
    expect(onChannel.length).toBeGreaterThan(0);
    expect(new Set(onChannel)).toEqual(new Set([REDIS_CHANNEL]));
    const frame = got[0]!;
    expect(frame.headers['content-type']).toBe('application/json');
    const body = notificationSchema.parse(JSON.parse(frame.body));
    expect(body).toMatchObject({
      type: 'LAB_RESULT',
      status: 'UNREAD',
      message: 'Nya provsvar finns att läsa.',
    });

    const list = await fetch(`http://${hostB}/api/v1/user/notifications`, {
      headers: { cookie: klient },
    });
    expect(list.status).toBe(200);
    const items = notificationSchema.array().parse(await list.json());
    expect(items.filter((n) => n.id === body.id)).toEqual([body]);
    expect(errors).toEqual([]);
  });
});
