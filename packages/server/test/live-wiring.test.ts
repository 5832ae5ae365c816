// The live endpoint wired into the real app (buildApp): the app listens on 127.0.0.1:0, a USER
// signs in through the real login flow, connects @stomp/stompjs over `ws` with the session
// cookie, and an ADMIN's lab upload over HTTP arrives as a STOMP MESSAGE. Sessions that end
// (logout, password change, reset) close the user's sockets; app.close() closes them all.
import { notificationSchema } from '@halsa/api/contract';
import { Client, type IFrame, type IMessage } from '@stomp/stompjs';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { LiveCloseCodes } from '../src/live/index.ts';
import {
  createTestApp,
  describeDb,
  login,
  PASSWORD,
  PUBLIC_URL,
  send,
  useTestApp,
  type TestApp,
} from './helpers.ts';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

interface Harness {
  client: Client;
  connected: Promise<IFrame>;
  errors: IFrame[];
  closed: Promise<{ code: number; reason: string }>;
}

function wsUrl(port: number) {
  return `ws://127.0.0.1:${port}/ws`;
}

/** A real @stomp/stompjs client over `ws`, no reconnects, no heart-beats. */
function stomp(url: string, headers: Record<string, string>): Harness {
  const errors: IFrame[] = [];
  let onConnected!: (f: IFrame) => void;
  let onClosed!: (c: { code: number; reason: string }) => void;
  const connected = new Promise<IFrame>((r) => (onConnected = r));
  const closed = new Promise<{ code: number; reason: string }>((r) => (onClosed = r));
  const client = new Client({
    webSocketFactory: () =>
      new WebSocket(url, ['v12.stomp', 'v11.stomp', 'v10.stomp'], { headers }),
    reconnectDelay: 0,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
    debug: () => {},
    onConnect: onConnected,
    onStompError: (f) => errors.push(f),
    onWebSocketClose: (e: { code: number; reason: string }) =>
      onClosed({ code: e.code, reason: e.reason }),
  });
  client.activate();
  return { client, connected, errors, closed };
}

/** Subscribes and resolves once the server confirmed it (RECEIPT), so no publish is missed. */
function subscribe(client: Client, destination: string, into: IMessage[]): Promise<void> {
  const receipt = `sub-${Math.random().toString(36).slice(2)}`;
  return new Promise((resolve) => {
    client.watchForReceipt(receipt, () => resolve());
    client.subscribe(destination, (m) => into.push(m), { receipt });
  });
}

async function until(pred: () => boolean, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!pred()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The status of a refused WebSocket handshake (or 101 when it was accepted). */
function handshakeStatus(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, ['v12.stomp'], { headers });
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('open', () => {
      resolve(101);
      ws.close();
    });
    ws.once('error', (err) => {
      if (!/Unexpected server response/.test(err.message)) reject(err);
    });
  });
}

async function listen(t: TestApp): Promise<number> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as AddressInfo).port;
}

describeDb('live endpoint wired into the app', () => {
  const t = useTestApp();
  let port = 0;
  let base = '';
  const clients: Client[] = [];
  const track = (h: Harness) => (clients.push(h.client), h);
  const auth = (cookie: string) => ({ Cookie: cookie, Origin: PUBLIC_URL });

  beforeAll(async () => {
    port = await listen(t);
    base = `http://127.0.0.1:${port}`;
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.deactivate({ force: true })));
  });

  /** An HTTP call over the real socket (not inject), as a browser on PUBLIC_URL makes it. */
  const http = (method: string, path: string, cookie: string, body?: BodyInit) =>
    fetch(`${base}${path}`, {
      method,
      headers: { cookie, origin: PUBLIC_URL },
      ...(body ? { body } : {}),
    });

  it('an ADMIN lab upload over HTTP reaches the USER’s /user/queue/notifications', async () => {
    const klient = await login(t, 'klient@example.com');
    const admin = await login(t, 'admin@example.com');
    const h = track(stomp(wsUrl(port), auth(klient)));
    await h.connected;
    const got: IMessage[] = [];
    await subscribe(h.client, '/user/queue/notifications', got);

    const form = new FormData();
    form.append('file', new Blob([PDF], { type: 'application/pdf' }), 'Blodprov.pdf');
    const res = await http('POST', `/api/v1/admin/upload-lab/${t.users.klient.id}`, admin, form);
    expect(res.status).toBe(201);
    expect((await res.json()).fileName).toBe('Blodprov.pdf');

    await until(() => got.length > 0);
    const frame = got[0]!;
    expect(frame.headers['content-type']).toBe('application/json');
    const body = notificationSchema.parse(JSON.parse(frame.body));
    expect(body).toMatchObject({
      type: 'LAB_RESULT',
      status: 'UNREAD',
      message: 'Nya provsvar finns att läsa.',
    });
    // the same notification the list answers
    const list = await http('GET', '/api/v1/user/notifications', klient);
    expect((await list.json())[0]).toEqual(body);
    expect(h.errors).toEqual([]);
  });

  it('nobody else receives it', async () => {
    const klient = await login(t, 'klient@example.com');
    const klient2 = await login(t, 'klient2@example.com');
    const mine = track(stomp(wsUrl(port), auth(klient)));
    const theirs = track(stomp(wsUrl(port), auth(klient2)));
    await Promise.all([mine.connected, theirs.connected]);
    const gotMine: IMessage[] = [];
    const gotTheirs: IMessage[] = [];
    await subscribe(mine.client, '/user/queue/notifications', gotMine);
    await subscribe(theirs.client, '/user/queue/notifications', gotTheirs);
    await t.app.ctx.notifications.notify(t.users.klient.id, 'DAILY_NOTE', 'Bara till Karin');
    await until(() => gotMine.length === 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(gotTheirs).toEqual([]);
  });

  it('logout closes the user’s socket', async () => {
    const klient = await login(t, 'klient@example.com');
    const h = track(stomp(wsUrl(port), auth(klient)));
    await h.connected;
    const out = await http('POST', '/api/v1/user/logout', klient);
    expect(out.status).toBe(204);
    const closed = await h.closed;
    expect(closed.code).toBe(LiveCloseCodes.SESSION_ENDED);
    // and the ended session cannot open a new one
    expect(await handshakeStatus(wsUrl(port), auth(klient))).toBe(401);
  });

  it('a password change and a password reset close the user’s sockets', async () => {
    const klient = await login(t, 'klient2@example.com');
    const first = track(stomp(wsUrl(port), auth(klient)));
    await first.connected;
    const change = await fetch(`${base}/api/v1/user/change-password`, {
      method: 'POST',
      headers: { cookie: klient, origin: PUBLIC_URL, 'content-type': 'application/json' },
      body: JSON.stringify({ currentPassword: PASSWORD, newPassword: `${PASSWORD}X` }),
    });
    expect(change.status).toBe(204);
    expect((await first.closed).code).toBe(LiveCloseCodes.SESSION_ENDED);

    const again = await login(t, 'klient2@example.com', `${PASSWORD}X`);
    const second = track(stomp(wsUrl(port), auth(again)));
    await second.connected;
    const { token } = await t.app.ctx.auth.issueToken(
      'RESET_PASSWORD',
      { userId: t.users.klient2.id },
      60_000,
    );
    const reset = await send(t, 'POST', '/api/v1/auth/reset-password', {
      body: { token, password: PASSWORD },
    });
    expect(reset.statusCode).toBe(204);
    expect((await second.closed).code).toBe(LiveCloseCodes.SESSION_ENDED);
  });

  it('handshakes: foreign Origin 403, no session 401; own Host and PUBLIC_URL allowed', async () => {
    const klient = await login(t, 'klient@example.com');
    const url = wsUrl(port);
    expect(await handshakeStatus(url, { Cookie: klient, Origin: 'https://evil.example' })).toBe(
      403,
    );
    expect(await handshakeStatus(url, { Origin: PUBLIC_URL })).toBe(401);
    expect(await handshakeStatus(url, { Cookie: 'halsa_session=nope', Origin: PUBLIC_URL })).toBe(
      401,
    );
    expect(await handshakeStatus(url, { Cookie: klient, Origin: base })).toBe(101);
    expect(await handshakeStatus(url, { Cookie: klient, Origin: PUBLIC_URL })).toBe(101);
    expect(await handshakeStatus(url, { Cookie: klient })).toBe(101);
  });

  it('conversation topics: participants only', async () => {
    const [low, high] = [t.users.klient.id, t.users.admin.id].sort((a, b) => a - b) as [
      number,
      number,
    ];
    const conv = await t.db.db
      .insertInto('conversations')
      .values({
        user_low_id: low,
        user_high_id: high,
        created_at: t.clock.now(),
        last_message_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const topic = `/topic/conversations/${conv.id}/messages`;

    const klient = await login(t, 'klient@example.com');
    const member = track(stomp(wsUrl(port), auth(klient)));
    await member.connected;
    const got: IMessage[] = [];
    await subscribe(member.client, topic, got);
    t.app.ctx.live.broker.publish(topic, { content: 'Hej Karin' });
    await until(() => got.length === 1);
    expect(JSON.parse(got[0]!.body)).toEqual({ content: 'Hej Karin' });

    const klient2 = await login(t, 'klient2@example.com');
    const outsider = track(stomp(wsUrl(port), auth(klient2)));
    await outsider.connected;
    outsider.client.subscribe(topic, () => {});
    const closed = await outsider.closed;
    expect(closed.code).toBe(LiveCloseCodes.FORBIDDEN);
    expect(outsider.errors[0]?.headers.destination).toBe(topic);

    for (const bad of ['/topic/conversations/abc/messages', '/topic/conversations/0/messages']) {
      const h = track(stomp(wsUrl(port), auth(klient)));
      await h.connected;
      h.client.subscribe(bad, () => {});
      expect((await h.closed).code, bad).toBe(LiveCloseCodes.FORBIDDEN);
    }
  });
});

describeDb('app.close() with live sockets', () => {
  let t: TestApp | undefined;
  afterAll(async () => {
    await t?.db.close();
  });

  it('closes the sockets and the server', async () => {
    t = await createTestApp();
    const port = await listen(t);
    const cookie = await login(t, 'klient@example.com');
    const h = stomp(wsUrl(port), { Cookie: cookie, Origin: PUBLIC_URL });
    await h.connected;
    await t.app.close();
    const closed = await h.closed;
    expect(closed.code).toBe(LiveCloseCodes.SHUTDOWN);
    await h.client.deactivate({ force: true });
    await expect(fetch(`http://127.0.0.1:${port}/api/v1/auth/me`)).rejects.toThrow();
  });
});
