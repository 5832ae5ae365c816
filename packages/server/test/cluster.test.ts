// The product as a deployment (issue 15): two server processes behind Debian's nginx
// (deploy/nginx.conf) on one PostgreSQL and Redis, started together on an empty database.
//   - a lab upload through one instance is downloadable, byte-identical, through the other;
//   - a logout through one makes the next request through the other 401 at once;
//   - messages sent while each instance in turn is restarted (SIGTERM, rolling) reach the other
//     party exactly once, in order, and no request fails except with a retryable status.
// server-postgres only. Skipped with the reason printed when nginx or Redis is missing outside
// CI (CI=true: a failure); `apt-get install -y nginx` (.ci/run does it).
import { Client, type IMessage } from '@stomp/stompjs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { Cluster, nginxInstalled, NGINX } from './cluster-processes.ts';
import { REDIS_URL, reachable } from './cluster-helpers.ts';
import { dbAvailable, PASSWORD, PG_ADMIN_URL, TEST_DB } from './helpers.ts';

const inCI = process.env.CI === 'true';
const pgUp = TEST_DB === 'postgres' && (await dbAvailable());
const redisUp = pgUp && (await reachable(REDIS_URL, 6379));
const nginxUp = nginxInstalled();
const missing = [
  !redisUp && `Redis at ${REDIS_URL} is unreachable`,
  !nginxUp && `${NGINX} is missing`,
]
  .filter(Boolean)
  .join('; ');
if (TEST_DB !== 'postgres') {
  console.warn('cluster.test.ts skipped on pglite: the deployment runs on PostgreSQL.');
} else if (pgUp && missing && !inCI) {
  console.warn(`cluster.test.ts skipped: ${missing}.`);
}

describe.runIf(pgUp && missing && inCI)('cluster (CI)', () => {
  it('needs nginx and Redis', () => {
    throw new Error(`${missing}; CI=true requires them (apt-get install -y nginx redis-server)`);
  });
});

const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\n'),
  Buffer.alloc(200_000, 0x41),
  Buffer.from('\ntrailer<</Root 1 0 R>>\n%%EOF\n'),
]);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Answer {
  status: number;
  body: Buffer;
  json<T>(): T;
  headers: Headers;
}

async function call(
  base: string,
  method: string,
  path: string,
  opts: { cookie?: string; json?: unknown; form?: FormData } = {},
): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...(method === 'GET' ? {} : { origin: base }),
      ...(opts.json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(opts.json === undefined ? {} : { body: JSON.stringify(opts.json) }),
    ...(opts.form ? { body: opts.form } : {}),
  });
  const body = Buffer.from(await res.arrayBuffer());
  return {
    status: res.status,
    body,
    headers: res.headers,
    json: <T>() => JSON.parse(body.toString('utf8')) as T,
  };
}

(pgUp && redisUp && nginxUp ? describe : describe.skip)('two instances behind nginx', () => {
  const cluster = new Cluster({ pgAdminUrl: PG_ADMIN_URL, redisUrl: REDIS_URL });
  let ids: number[] = [];

  /** Password → mailed code → session, every step through the proxy. */
  async function login(email: string): Promise<string> {
    const auth = await call(cluster.url, 'POST', '/api/v1/auth/authenticate', {
      json: { email, password: PASSWORD },
    });
    expect(auth.status, auth.body.toString()).toBe(200);
    const verify = await call(cluster.url, 'POST', '/api/v1/auth/verify-2fa', {
      json: {
        twoFactorId: auth.json<{ message: string }>().message,
        code: cluster.lastCode(email),
      },
    });
    expect(verify.status).toBe(200);
    const cookie = /halsa_session=[^;]+/.exec(verify.headers.get('set-cookie') ?? '')?.[0];
    if (!cookie) throw new Error('ingen sessionskaka');
    return cookie;
  }

  beforeAll(async () => {
    await cluster.start();
    ids = await cluster.addUsers(
      [
        { email: 'admin@example.com', role: 'ADMIN', firstName: 'Anna', lastName: 'Admin' },
        { email: 'klient@example.com', role: 'USER', firstName: 'Karin', lastName: 'Klient' },
      ],
      PASSWORD,
    );
  }, 120_000);

  afterAll(() => cluster.close(), 60_000);

  it('both instances migrated the empty database together, once', async () => {
    const rows = await cluster.db.db
      .selectFrom('schema_migrations' as never)
      .selectAll()
      .execute();
    const names = (rows as { name: string }[]).map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBeGreaterThan(0);
  });

  it('a lab upload through one instance downloads byte-identical through the other', async () => {
    const admin = await login('admin@example.com');
    const klient = await login('klient@example.com');
    const form = new FormData();
    form.append('file', new Blob([PDF], { type: 'application/pdf' }), 'Blodprov.pdf');
    const up = await call(cluster.instanceUrl(0), 'POST', `/api/v1/admin/upload-lab/${ids[1]}`, {
      cookie: admin,
      form,
    });
    expect(up.status, up.body.toString()).toBe(201);
    const { fileName } = up.json<{ fileName: string }>();
    const path = `/api/v1/user/download/lab-data/${encodeURIComponent(fileName)}?userId=${ids[1]}`;
    for (const base of [cluster.instanceUrl(1), cluster.url, cluster.url, cluster.instanceUrl(0)]) {
      const res = await call(base, 'GET', path, { cookie: klient });
      expect(res.status, base).toBe(200);
      expect(res.body.equals(PDF), base).toBe(true);
    }
  });

  it('a logout through one instance: the next request through the other is 401 at once', async () => {
    const cookie = await login('klient@example.com');
    for (const base of [cluster.instanceUrl(0), cluster.instanceUrl(1)]) {
      expect((await call(base, 'GET', '/api/v1/auth/me', { cookie })).status).toBe(200);
    }
    expect(
      (await call(cluster.instanceUrl(0), 'POST', '/api/v1/user/logout', { cookie })).status,
    ).toBe(204);
    const after = await call(cluster.instanceUrl(1), 'GET', '/api/v1/auth/me', { cookie });
    expect(after.status).toBe(401);
    expect(after.json()).toEqual({ message: 'Du är inte inloggad.' });
    expect((await call(cluster.url, 'GET', '/api/v1/auth/me', { cookie })).status).toBe(401);
  });

  it('SockJS over xhr: every request of a session reaches the instance that holds it', async () => {
    const cookie = await login('admin@example.com');
    const sockjs = (base: string, sid: string, transport: string, body?: string) =>
      fetch(`${base}/ws/000/${sid}/${transport}`, {
        method: 'POST',
        headers: { cookie, origin: cluster.url, 'content-type': 'text/plain' },
        ...(body === undefined ? {} : { body }),
      }).then(async (r) => ({ status: r.status, text: await r.text() }));
    const connect = JSON.stringify(['CONNECT\naccept-version:1.2\nhost:halsa\n\n\u0000']);
    // Several sessions, so with round robin some would land on the other instance.
    for (let n = 0; n < 6; n++) {
      const sid = `s${n}${randomUUID().slice(0, 8)}`;
      expect(await sockjs(cluster.url, sid, 'xhr')).toEqual({ status: 200, text: 'o\n' });
      expect((await sockjs(cluster.url, sid, 'xhr_send', connect)).status).toBe(204);
      const frames = await sockjs(cluster.url, sid, 'xhr');
      expect(frames.status).toBe(200);
      expect(frames.text).toMatch(/^a\["CONNECTED\\n/);
    }
    // Without the proxy's stickiness a session's next request can reach the other instance,
    // which does not know it.
    const sid = `direct${randomUUID().slice(0, 8)}`;
    expect((await sockjs(cluster.instanceUrl(0), sid, 'xhr')).text).toBe('o\n');
    expect((await sockjs(cluster.instanceUrl(1), sid, 'xhr_send', connect)).status).toBe(404);
  });

  it('messages sent during a rolling restart arrive exactly once, in order', async () => {
    const klient = await login('klient@example.com');
    const admin = await login('admin@example.com');
    const [adminId] = ids;
    const first = new FormData();
    first.append('receiverId', String(adminId));
    first.append('text', 'Hej!');
    first.append('clientMessageId', randomUUID());
    const created = await call(cluster.url, 'POST', '/api/v1/user/messaging/conversations', {
      cookie: klient,
      form: first,
    });
    expect(created.status, created.body.toString()).toBe(201);
    const conversationId = created.json<{ conversationId: number }>().conversationId;

    // The receiver (ADMIN) live through the proxy, as the portal: on every (re)connect it
    // subscribes again and catches up over REST with ?after=<last id it has>.
    type Msg = { id: number; content: string };
    const seen: Msg[] = [];
    const liveIds: number[] = [];
    const closeCodes: number[] = [];
    let connects = 0;
    // Merged by id and kept in id order, as the portal's conversation view does.
    const add = (m: Msg) => {
      if (seen.some((s) => s.id === m.id)) return;
      seen.push(m);
      seen.sort((x, y) => x.id - y.id);
    };
    const catchUp = async () => {
      const after = seen.at(-1)?.id;
      const res = await call(
        cluster.url,
        'GET',
        `/api/v1/user/messaging/conversations/${conversationId}${after ? `?after=${after}` : ''}`,
        { cookie: admin },
      );
      if (res.status === 200) for (const m of res.json<{ messages: Msg[] }>().messages) add(m);
    };
    const receiver = new Client({
      webSocketFactory: () =>
        new WebSocket(`${cluster.url.replace('http', 'ws')}/ws`, ['v12.stomp'], {
          headers: { Cookie: admin, Origin: cluster.url },
        }),
      reconnectDelay: 200,
      heartbeatIncoming: 0,
      heartbeatOutgoing: 0,
      debug: () => {},
      onConnect: () => {
        connects++;
        receiver.subscribe(`/topic/conversations/${conversationId}/messages`, (f: IMessage) => {
          const m = JSON.parse(f.body) as Msg;
          liveIds.push(m.id);
          add(m);
        });
        void catchUp();
      },
      onWebSocketClose: (e: { code: number }) => {
        closeCodes.push(e.code);
      },
    });
    receiver.activate();
    await waitFor(() => connects === 1);

    // The sender (USER) sends 60 messages, one every 60 ms, through the proxy; a retry keeps
    // its clientMessageId, as the portal's send does.
    const TOTAL = 60;
    const sent: string[] = [];
    const failures: number[] = [];
    const sending = (async () => {
      for (let n = 1; n <= TOTAL; n++) {
        const content = `Meddelande ${String(n).padStart(2, '0')}`;
        const clientMessageId = randomUUID();
        for (let attempt = 0; ; attempt++) {
          let status = 0;
          try {
            status = (
              await call(
                cluster.url,
                'POST',
                `/api/v1/user/messaging/conversations/${conversationId}/messages`,
                { cookie: klient, json: { receiverId: adminId, content, clientMessageId } },
              )
            ).status;
          } catch {
            status = -1; // the connection itself failed
          }
          if (status === 200 || status === 201) break;
          failures.push(status);
          if (attempt > 20) throw new Error(`meddelande ${n} gick inte fram: ${status}`);
          await sleep(100);
        }
        sent.push(content);
        await sleep(60);
      }
    })();

    // Rolling restart while that runs: each instance in turn gets SIGTERM, exits, starts again.
    await waitFor(() => sent.length >= 10, 20_000);
    const exits: { code: number | null; ms: number }[] = [];
    for (const i of [0, 1]) {
      exits.push(await cluster.stop(i));
      await cluster.restart(i);
    }
    await sending;
    await waitFor(() => seen.length >= TOTAL + 1, 15_000).catch(() => undefined);
    await catchUp();
    await receiver.deactivate();

    // Every instance exited on its own, cleanly: exit code 0 (past main.ts's SHUTDOWN_LIMIT_MS the
    // server cuts itself off with 1). How long each took is printed below, not asserted.
    for (const e of exits) expect(e.code).toBe(0);
    // The receiver has every message once, in the order sent.
    expect(seen.map((m) => m.content)).toEqual(['Hej!', ...sent]);
    // Live delivery never repeats a message and never reorders.
    expect(new Set(liveIds).size).toBe(liveIds.length);
    expect(liveIds).toEqual([...liveIds].sort((x, y) => x - y));
    // The database holds each message once, in order (retries did not make copies).
    const all = await call(
      cluster.url,
      'GET',
      `/api/v1/user/messaging/conversations/${conversationId}`,
      {
        cookie: klient,
      },
    );
    expect(all.json<{ messages: Msg[] }>().messages.map((m) => m.content)).toEqual([
      'Hej!',
      ...sent,
    ]);
    // Failures along the way were only statuses a client retries (502/503 from the proxy or a
    // closing instance); none was another error.
    expect(failures.filter((s) => s !== 502 && s !== 503)).toEqual([]);
    // The live socket was closed by a stopping instance with the code clients reconnect from.
    expect(closeCodes.filter((c) => c !== 4503 && c !== 1000)).toEqual([]);
    console.log(
      `cluster: ${TOTAL} meddelanden under rullande omstart; utträden ${exits.map((e) => `${e.ms} ms`).join(', ')}; ` +
        `${failures.length} omförsök (${failures.join(', ') || 'inga'}); ${connects} anslutningar; ` +
        `${liveIds.length} levande leveranser`,
    );
  }, 120_000);
});

async function waitFor(pred: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!pred()) {
    if (Date.now() > end) throw new Error('villkoret uppfylldes inte i tid');
    await sleep(20);
  }
}
