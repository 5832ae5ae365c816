// The live endpoint with the real clients (@stomp/stompjs over `ws` and over sockjs-client)
// and with a bare STOMP client for protocol edges. No database: a plain http.Server and a
// fake authenticate reading a `sid` cookie (see test/live-support.ts).
import { Client, type IFrame, type IMessage } from '@stomp/stompjs';
import Fastify from 'fastify';
import SockJS from 'sockjs-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { attachLive } from './attach.ts';
import { LiveCloseCodes } from './types.ts';
import {
  RawStomp,
  TEST_ORIGIN,
  type TestServer,
  cookieValue,
  sleep,
  startTestServer,
} from '../../test/live-support.ts';

const AUTH = { Cookie: 'sid=sid-1', Origin: TEST_ORIGIN };

interface Harness {
  client: Client;
  connected: Promise<IFrame>;
  errors: IFrame[];
  closes: { code: number; reason: string }[];
  closed: Promise<{ code: number; reason: string }>;
}

/** A real @stomp/stompjs client, no reconnects, 200 ms heart-beats. */
function stompClient(factory: () => unknown, heartBeat = 200): Harness {
  const errors: IFrame[] = [];
  const closes: { code: number; reason: string }[] = [];
  let onConnected!: (f: IFrame) => void;
  let onClosed!: (c: { code: number; reason: string }) => void;
  const connected = new Promise<IFrame>((r) => (onConnected = r));
  const closed = new Promise<{ code: number; reason: string }>((r) => (onClosed = r));
  const client = new Client({
    webSocketFactory: factory as () => WebSocket,
    reconnectDelay: 0,
    heartbeatIncoming: heartBeat,
    heartbeatOutgoing: heartBeat,
    heartbeatToleranceMultiplier: 3,
    debug: () => {},
    onConnect: onConnected,
    onStompError: (f) => errors.push(f),
    onWebSocketClose: (e: { code: number; reason: string }) => {
      const c = { code: e.code, reason: e.reason };
      closes.push(c);
      onClosed(c);
    },
  });
  client.activate();
  return { client, connected, errors, closes, closed };
}

function wsFactory(url: string, headers: Record<string, string> = AUTH) {
  return () => new WebSocket(url, ['v12.stomp', 'v11.stomp', 'v10.stomp'], { headers });
}

/** Subscribes and resolves once the server confirmed (RECEIPT), so publishes are not missed. */
function subscribe(client: Client, destination: string, into: IMessage[]): Promise<void> {
  const receipt = `sub-${Math.random().toString(36).slice(2)}`;
  return new Promise((resolve) => {
    client.watchForReceipt(receipt, () => resolve());
    client.subscribe(destination, (m) => into.push(m), { receipt });
  });
}

async function until(pred: () => boolean, timeoutMs = 3000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!pred()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(10);
  }
}

let t: TestServer;
const clients: Client[] = [];
const track = (h: Harness) => (clients.push(h.client), h);

beforeAll(async () => {
  t = await startTestServer({ sidFromQuery: true });
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.deactivate({ force: true })));
});
afterAll(async () => {
  await t.close();
});

describe('@stomp/stompjs over ws (raw WebSocket at /ws)', () => {
  it('connects, negotiates STOMP 1.2 heart-beats, subscribes and receives', async () => {
    const h = track(stompClient(wsFactory(t.wsUrl)));
    const connected = await h.connected;
    expect(connected.headers.version).toBe('1.2');
    expect(connected.headers['heart-beat']).toBe('200,200');

    const got: IMessage[] = [];
    await subscribe(h.client, '/user/queue/notifications', got);
    t.live.broker.publishToUser(1, '/queue/notifications', { id: 7, message: 'Nytt labbsvar' });
    t.live.broker.publishToUser(2, '/queue/notifications', { id: 8, message: 'inte till Alice' });
    await until(() => got.length === 1);
    const m = got[0] as IMessage;
    expect(JSON.parse(m.body)).toEqual({ id: 7, message: 'Nytt labbsvar' });
    expect(m.headers.destination).toBe('/user/queue/notifications');
    expect(m.headers['content-type']).toBe('application/json');
    expect(m.headers['message-id']).toBeTruthy();
    expect(m.headers.subscription).toBeTruthy();
    await sleep(100);
    expect(got).toHaveLength(1);
  });

  it("delivers the user's own topics and conversations they take part in", async () => {
    const h = track(stompClient(wsFactory(t.wsUrl)));
    await h.connected;
    const convs: IMessage[] = [];
    const msgs: IMessage[] = [];
    await subscribe(h.client, '/topic/users/1/conversations', convs);
    await subscribe(h.client, '/topic/conversations/10/messages', msgs);
    t.live.broker.publish('/topic/users/1/conversations', { conversationId: 10, unreadCount: 1 });
    t.live.broker.publish('/topic/conversations/10/messages', { id: 1, content: 'Hej då' });
    t.live.broker.publish('/topic/conversations/11/messages', { id: 2 });
    await until(() => convs.length === 1 && msgs.length === 1);
    expect(JSON.parse((msgs[0] as IMessage).body)).toEqual({ id: 1, content: 'Hej då' });
    expect((msgs[0] as IMessage).headers.destination).toBe('/topic/conversations/10/messages');
  });

  it('stops delivering after UNSUBSCRIBE', async () => {
    const h = track(stompClient(wsFactory(t.wsUrl)));
    await h.connected;
    const got: IMessage[] = [];
    const receipt = 'sub-x';
    const subscribed = new Promise<void>((r) => h.client.watchForReceipt(receipt, () => r()));
    const sub = h.client.subscribe('/user/queue/notifications', (m) => got.push(m), { receipt });
    await subscribed;
    const unsubscribed = new Promise<void>((r) => h.client.watchForReceipt('unsub-x', () => r()));
    sub.unsubscribe({ receipt: 'unsub-x' });
    await unsubscribed;
    t.live.broker.publishToUser(1, '/queue/notifications', { late: true });
    await sleep(100);
    expect(got).toHaveLength(0);
    expect(t.live.stats().subscriptions).toBe(0);
  });

  it('heart-beats keep an idle link open', async () => {
    const h = track(stompClient(wsFactory(t.wsUrl)));
    await h.connected;
    let beats = 0;
    h.client.onHeartbeatReceived = () => beats++;
    await sleep(1500); // several server intervals and grace periods
    expect(h.client.connected).toBe(true);
    expect(h.closes).toHaveLength(0);
    expect(beats).toBeGreaterThanOrEqual(3);
  });

  it('DISCONNECT with a receipt gets the RECEIPT, then a normal close', async () => {
    const h = stompClient(wsFactory(t.wsUrl));
    await h.connected;
    await h.client.deactivate(); // sends DISCONNECT with a receipt and waits for it
    const c = await h.closed;
    expect(c.code).toBe(1000);
  });

  it('refuses a handshake without a session cookie (401) and never connects', async () => {
    const raw = RawStomp.open(t.wsUrl, { Origin: TEST_ORIGIN });
    expect(await raw.refused).toBe(401);
    const wrong = RawStomp.open(t.wsUrl, { Cookie: 'sid=nope', Origin: TEST_ORIGIN });
    expect(await wrong.refused).toBe(401);

    const h = stompClient(wsFactory(t.wsUrl, { Origin: TEST_ORIGIN }));
    const c = await h.closed;
    expect(c.code).not.toBe(1000);
    expect(h.client.connected).toBe(false);
    await h.client.deactivate({ force: true });
  });

  it('refuses a foreign Origin (403) even with a valid cookie', async () => {
    const raw = RawStomp.open(t.wsUrl, { Cookie: 'sid=sid-1', Origin: 'https://evil.example' });
    expect(await raw.refused).toBe(403);
  });

  it.each([
    ['/topic/users/2/conversations'],
    ['/topic/conversations/11/messages'],
    ['/user/2/queue/notifications'],
    ['/queue/notifications'],
    ['/topic/../users/1/conversations'],
  ])('answers SUBSCRIBE to %s (not the caller’s) with ERROR and closes', async (destination) => {
    const h = track(stompClient(wsFactory(t.wsUrl)));
    await h.connected;
    h.client.subscribe(destination, () => {});
    const c = await h.closed;
    expect(h.errors).toHaveLength(1);
    expect(h.errors[0]?.headers.message).toMatch(/behörighet|Ogiltig destination/);
    expect(c.code).toBe(LiveCloseCodes.FORBIDDEN);
  });

  it('closeUser() closes every socket of that user and no one else', async () => {
    const a1 = track(stompClient(wsFactory(t.wsUrl)));
    const a2 = track(stompClient(wsFactory(t.wsUrl)));
    const b = track(stompClient(wsFactory(t.wsUrl, { Cookie: 'sid=sid-2', Origin: TEST_ORIGIN })));
    await Promise.all([a1.connected, a2.connected, b.connected]);
    t.live.closeUser(1);
    const [c1, c2] = await Promise.all([a1.closed, a2.closed]);
    expect(c1.code).toBe(LiveCloseCodes.SESSION_ENDED);
    expect(c2.code).toBe(LiveCloseCodes.SESSION_ENDED);
    expect(a1.errors[0]?.headers.message).toBe('Sessionen har avslutats');
    await sleep(50);
    expect(b.client.connected).toBe(true);
  });
});

describe('sockjs-client (SockJS at /ws)', () => {
  it('websocket transport, authenticated by the session cookie', async () => {
    const h = track(
      stompClient(
        () =>
          new SockJS(`${t.httpUrl}/ws`, undefined, {
            transports: ['websocket'],
            // sockjs-client in Node hands these options to faye-websocket, which sends them as
            // handshake headers; browsers send the cookie and Origin themselves.
            transportOptions: { websocket: { headers: AUTH } },
          } as SockJS.Options),
      ),
    );
    await h.connected;
    const got: IMessage[] = [];
    await subscribe(h.client, '/user/queue/notifications', got);
    t.live.broker.publishToUser(1, '/queue/notifications', { via: 'sockjs' });
    await until(() => got.length === 1);
    expect(JSON.parse((got[0] as IMessage).body)).toEqual({ via: 'sockjs' });
    await sleep(600); // heart-beats over SockJS
    expect(h.client.connected).toBe(true);
  });

  it.each([['xhr-streaming'], ['xhr-polling']])(
    '%s transport (test-only sid query: Node xhr sends no cookies)',
    async (transport) => {
      const h = track(
        stompClient(
          () => new SockJS(`${t.httpUrl}/ws?sid=sid-1`, undefined, { transports: [transport] }),
        ),
      );
      await h.connected;
      const got: IMessage[] = [];
      await subscribe(h.client, '/topic/conversations/10/messages', got);
      t.live.broker.publish('/topic/conversations/10/messages', { n: 1 });
      t.live.broker.publish('/topic/conversations/10/messages', { n: 2 });
      await until(() => got.length === 2);
      expect(got.map((m) => JSON.parse(m.body))).toEqual([{ n: 1 }, { n: 2 }]);
      await sleep(600);
      expect(h.client.connected).toBe(true);
    },
  );

  it('refuses SockJS without a session and with a foreign Origin', async () => {
    const anon = stompClient(
      () =>
        new SockJS(`${t.httpUrl}/ws`, undefined, {
          transports: ['websocket'],
          transportOptions: { websocket: { headers: { Origin: TEST_ORIGIN } } },
        } as SockJS.Options),
    );
    await anon.closed;
    expect(anon.client.connected).toBe(false);
    await anon.client.deactivate({ force: true });

    const xhr = await fetch(`${t.httpUrl}/ws/000/abcdefgh/xhr_streaming`, { method: 'POST' });
    expect(xhr.status).toBe(401);
    const foreign = await fetch(`${t.httpUrl}/ws/000/abcdefgh/xhr?sid=sid-1`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
  });

  it('refuses a handshake a browser marks cross-site, even with the cookie and no Origin', async () => {
    // A hostile page's top-level navigation carries the SameSite=Lax cookie and no Origin.
    const crossSite = { Cookie: 'sid=sid-1', 'Sec-Fetch-Site': 'cross-site' };
    const poll = await fetch(`${t.httpUrl}/ws/000/crosssite/xhr?sid=sid-1`, {
      method: 'POST',
      headers: crossSite,
    });
    expect(poll.status).toBe(403);
    const raw = RawStomp.open(t.wsUrl, crossSite);
    expect(await raw.refused).toBe(403);
    // The portal's own calls are same-origin and go on as before.
    const ctrl = new AbortController();
    const sameSite = await fetch(`${t.httpUrl}/ws/000/samesite/xhr_streaming?sid=sid-1`, {
      method: 'POST',
      headers: { 'Sec-Fetch-Site': 'same-origin' },
      signal: ctrl.signal,
    });
    expect(sameSite.status).toBe(200);
    ctrl.abort();
  });

  it('keeps a SockJS session id bound to the user who opened it', async () => {
    const ctrl = new AbortController();
    const owner = await fetch(`${t.httpUrl}/ws/000/boundsid/xhr_streaming?sid=sid-1`, {
      method: 'POST',
      signal: ctrl.signal,
    });
    expect(owner.status).toBe(200);
    const thief = await fetch(`${t.httpUrl}/ws/000/boundsid/xhr?sid=sid-2`, { method: 'POST' });
    expect(thief.status).toBe(403);
    ctrl.abort();
  });

  it('serves /ws/info and refuses the iframe, jsonp and htmlfile routes', async () => {
    const info = await fetch(`${t.httpUrl}/ws/info`);
    expect(info.status).toBe(200);
    expect(await info.json()).toMatchObject({ websocket: true });
    for (const p of [
      '/ws/iframe.html',
      '/ws/000/abc/jsonp?c=x&sid=sid-1',
      '/ws/000/abc/htmlfile?c=x&sid=sid-1',
      '/ws/000/abc/eventsource?sid=sid-1',
    ]) {
      expect((await fetch(`${t.httpUrl}${p}`)).status, p).toBe(404);
    }
  });
});

describe('STOMP protocol edges (bare client)', () => {
  it('closes a client whose heart-beats stop', async () => {
    const raw = RawStomp.open(t.wsUrl);
    const connected = await raw.connect('100,0'); // promises a beat every max(100, 200) ms…
    expect(connected.headers['heart-beat']).toBe('200,200');
    const started = Date.now();
    const c = await raw.closed; // …and then stays silent: closed after 3 × 200 ms
    expect(c.code).toBe(LiveCloseCodes.HEARTBEAT_TIMEOUT);
    // Not before three missed beats; no upper bound (a timing): a close that never comes fails
    // the test at its timeout.
    expect(Date.now() - started).toBeGreaterThanOrEqual(550);
    expect(raw.frames.at(-1)?.command).toBe('ERROR');
  });

  it('sends heart-beats at max(sx, cy) and none when the client wants none', async () => {
    const raw = RawStomp.open(t.wsUrl);
    await raw.connect('0,400');
    await sleep(1000);
    expect(raw.heartbeats).toBeGreaterThanOrEqual(1);
    expect(raw.heartbeats).toBeLessThanOrEqual(3);
    raw.ws.close();

    const none = RawStomp.open(t.wsUrl);
    await none.connect('0,0');
    await sleep(500);
    expect(none.heartbeats).toBe(0);
    none.ws.close();
  });

  it('answers an oversized frame with ERROR and closes', async () => {
    const raw = RawStomp.open(t.wsUrl);
    await raw.connect();
    raw.frame('SEND', { destination: '/topic/x' }, 'x'.repeat(100 * 1024));
    const err = await raw.next('ERROR');
    expect(err.headers.message).toMatch(/större än 65536 byte/);
    expect((await raw.closed).code).toBe(LiveCloseCodes.FRAME_TOO_LARGE);
  });

  it('answers too many headers and an overlong header with ERROR', async () => {
    const many = RawStomp.open(t.wsUrl);
    await many.connect();
    const headers: Record<string, string> = { id: '1', destination: '/user/queue/notifications' };
    for (let i = 0; i < 40; i++) headers[`x-${i}`] = 'y';
    many.frame('SUBSCRIBE', headers);
    expect((await many.next('ERROR')).headers.message).toMatch(/Fler än 32 headers/);

    const long = RawStomp.open(t.wsUrl);
    await long.connect();
    long.frame('SUBSCRIBE', {
      id: '1',
      destination: '/user/queue/notifications',
      x: 'y'.repeat(5000),
    });
    expect((await long.next('ERROR')).headers.message).toMatch(/längre än 2048 byte/);
    expect((await long.closed).code).toBe(LiveCloseCodes.FRAME_TOO_LARGE);
  });

  it('requires CONNECT first and STOMP 1.2', async () => {
    const early = RawStomp.open(t.wsUrl);
    await early.opened;
    early.frame('SUBSCRIBE', { id: '1', destination: '/user/queue/notifications' });
    expect((await early.next('ERROR')).headers.message).toMatch(/CONNECT/);

    const old = RawStomp.open(t.wsUrl);
    await old.opened;
    old.frame('CONNECT', { 'accept-version': '1.0' });
    const err = await old.next('ERROR');
    expect(err.headers.version).toBe('1.2');
    expect((await old.closed).code).toBe(LiveCloseCodes.PROTOCOL_ERROR);
  });

  it('refuses SEND (clients do not publish) with ERROR carrying the receipt-id', async () => {
    const raw = RawStomp.open(t.wsUrl);
    await raw.connect();
    raw.frame('SEND', { destination: '/topic/conversations/10/messages', receipt: 'r-9' }, '{}');
    const err = await raw.next('ERROR');
    expect(err.headers['receipt-id']).toBe('r-9');
  });

  it('answers a SEND to the ping destination with its RECEIPT only, and stays open', async () => {
    const raw = RawStomp.open(t.wsUrl);
    await raw.connect();
    raw.frame('SEND', { destination: '/app/ping', receipt: 'ping-1' }, '');
    expect((await raw.next('RECEIPT')).headers['receipt-id']).toBe('ping-1');
    raw.frame('SEND', { destination: '/app/ping', receipt: 'ping-2' }, '');
    expect((await raw.next('RECEIPT')).headers['receipt-id']).toBe('ping-2');
    // Any other destination is still refused.
    raw.frame('SEND', { destination: '/app/other', receipt: 'r-3' }, '');
    expect((await raw.next('ERROR')).headers['receipt-id']).toBe('r-3');
  });

  it('handles frames split across messages, CRLF line ends and escaped headers', async () => {
    const raw = RawStomp.open(t.wsUrl);
    await raw.connect();
    const frame =
      'SUBSCRIBE\r\nid:a\\cb\r\ndestination:/user/queue/notifications\r\nreceipt:r\\c1\r\n\r\n\0';
    for (const part of [frame.slice(0, 5), frame.slice(5, 30), frame.slice(30)]) raw.send(part);
    expect((await raw.next('RECEIPT')).headers['receipt-id']).toBe('r\\c1'); // escaped on the wire
    t.live.broker.publishToUser(1, '/queue/notifications', 'ok');
    const msg = await raw.next('MESSAGE');
    expect(msg.headers.subscription).toBe('a\\cb');
    expect(msg.body).toBe('"ok"');
    raw.ws.close();
  });

  it('closes a socket that never sends CONNECT', async () => {
    const s = await startTestServer({ connectTimeoutMs: 150 });
    try {
      const raw = RawStomp.open(s.wsUrl);
      await raw.opened;
      expect((await raw.closed).code).toBe(LiveCloseCodes.PROTOCOL_ERROR);
    } finally {
      await s.close();
    }
  });

  it('closes the socket when the HTTP session expires', async () => {
    const s = await startTestServer({
      users: [{ id: 1, name: 'Alice', expiresAt: Date.now() + 300 }],
    });
    try {
      const raw = RawStomp.open(s.wsUrl);
      await raw.connect();
      expect((await raw.next('ERROR')).headers.message).toBe('Sessionen har gått ut');
      expect((await raw.closed).code).toBe(LiveCloseCodes.SESSION_ENDED);
    } finally {
      await s.close();
    }
  });
});

describe('sharing the http server', () => {
  it('passes other requests and upgrades on to the existing listeners', async () => {
    const s = await startTestServer({
      requestListener: (_req, res) => res.end('app'),
    });
    try {
      expect(await (await fetch(`${s.httpUrl}/api/v1/x`)).text()).toBe('app');
      expect(await (await fetch(`${s.httpUrl}/wsx`)).text()).toBe('app');
      const other = new WebSocket(`ws://127.0.0.1:${s.port}/elsewhere`);
      const status = await new Promise<number>((r) =>
        other.once('unexpected-response', (_q, res) => r(res.statusCode ?? 0)),
      );
      expect(status).toBe(404);
    } finally {
      await s.close();
    }
  });

  it('wires into a bare Fastify app through app.server', async () => {
    const app = Fastify();
    app.get('/api/ping', async () => ({ ok: true }));
    const live = attachLive(app.server, {
      authenticate: (req) =>
        cookieValue(req.headers.cookie, 'sid') === 'sid-1' ? { id: 1 } : null,
      isAllowedOrigin: (o) => o === undefined || o === TEST_ORIGIN,
      log: app.log, // pino fits LiveLogger
    });
    app.addHook('preClose', () => live.close());
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const port = (app.server.address() as { port: number }).port;
      expect(await (await fetch(`http://127.0.0.1:${port}/api/ping`)).json()).toEqual({ ok: true });
      const h = track(stompClient(wsFactory(`ws://127.0.0.1:${port}/ws`), 10_000));
      expect((await h.connected).headers['heart-beat']).toBe('10000,10000');
      const got: IMessage[] = [];
      await subscribe(h.client, '/user/queue/notifications', got);
      live.broker.publishToUser(1, '/queue/notifications', { fastify: true });
      await until(() => got.length === 1);
      const info = await fetch(`http://127.0.0.1:${port}/ws/info`);
      expect(info.status).toBe(200);
    } finally {
      await app.close();
    }
    expect(live.stats().sessions).toBe(0);
  });
});
