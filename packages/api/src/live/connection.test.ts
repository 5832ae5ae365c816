import type { IStompSocket } from '@stomp/stompjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveConnection, LivePingError, type LiveConnectionOptions } from './connection.ts';
import { FakeLiveClient } from './fake.ts';
import { liveUrls } from './urls.ts';

interface Frame {
  command: string;
  headers: Record<string, string>;
  body: string;
}

function parse(text: string): Frame[] {
  return text
    .split('\0')
    .map((f) => f.replace(/^\n+/, ''))
    .filter((f) => f.length > 0)
    .map((f) => {
      const end = f.indexOf('\n\n');
      const [command = '', ...lines] = f.slice(0, end).split('\n');
      const headers: Record<string, string> = {};
      for (const l of lines) headers[l.slice(0, l.indexOf(':'))] = l.slice(l.indexOf(':') + 1);
      return { command, headers, body: f.slice(end + 2) };
    });
}

/** A scripted STOMP server behind an IStompSocket. */
class FakeSocket implements IStompSocket {
  onclose: ((ev?: unknown) => unknown) | null | undefined = null;
  onerror: ((ev: unknown) => unknown) | null | undefined = null;
  onmessage: ((ev: unknown) => unknown) | null | undefined = null;
  onopen: ((ev?: unknown) => unknown) | null | undefined = null;
  readyState = 0;
  binaryType = 'arraybuffer';
  readonly frames: Frame[] = [];

  constructor(
    readonly url: string,
    readonly protocols: string[] | undefined,
    readonly kind: 'websocket' | 'sockjs',
    behaviour: 'accept' | 'refuse',
  ) {
    setTimeout(() => {
      if (behaviour === 'refuse') return this.drop(1006);
      this.readyState = 1;
      this.onopen?.();
    }, 1);
  }

  send(data: string | ArrayBufferLike | Blob | ArrayBufferView): void {
    for (const f of parse(String(data))) {
      this.frames.push(f);
      if (f.command === 'CONNECT')
        this.serverSend('CONNECTED\nversion:1.2\nheart-beat:10000,10000\n\n\0');
      if (f.command === 'DISCONNECT' && f.headers.receipt) {
        this.serverSend(`RECEIPT\nreceipt-id:${f.headers.receipt}\n\n\0`);
      }
    }
  }

  serverSend(text: string): void {
    setTimeout(() => this.onmessage?.({ data: text }), 0);
  }

  message(subscription: string, destination: string, body: unknown): void {
    const json = JSON.stringify(body);
    this.serverSend(
      `MESSAGE\nsubscription:${subscription}\nmessage-id:m1\ndestination:${destination}\ncontent-type:application/json\n\n${json}\0`,
    );
  }

  close(): void {
    this.drop(1000);
  }

  drop(code: number, reason = ''): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    setTimeout(() => this.onclose?.({ code, reason }), 0);
  }

  sent(command: string): Frame[] {
    return this.frames.filter((f) => f.command === command);
  }
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(pred: () => boolean, ms = 2000): Promise<void> {
  const end = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > end) throw new Error('timed out');
    await wait(2);
  }
}

function setup(opts: Partial<LiveConnectionOptions> & { refuseWebSocket?: boolean } = {}) {
  const sockets: FakeSocket[] = [];
  const { refuseWebSocket, ...rest } = opts;
  const conn = new LiveConnection({
    url: 'https://portal.example/clients/5',
    reconnectDelay: 20,
    createWebSocket: (url, protocols) => {
      const s = new FakeSocket(url, protocols, 'websocket', refuseWebSocket ? 'refuse' : 'accept');
      sockets.push(s);
      return s;
    },
    createSockJS: (url) => {
      const s = new FakeSocket(url, undefined, 'sockjs', 'accept');
      sockets.push(s);
      return s;
    },
    ...rest,
  });
  const statuses: string[] = [];
  conn.onStatus((s) => statuses.push(s));
  const last = () => sockets[sockets.length - 1] as FakeSocket;
  return { conn, sockets, statuses, last };
}

const open: LiveConnection[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.stop()));
});

describe('LiveConnection', () => {
  it('connects natively to ws(s)://host/ws with STOMP 1.2 and 10 s heart-beats', async () => {
    const { conn, last, statuses } = setup();
    open.push(conn);
    conn.start();
    expect(conn.status).toBe('connecting');
    await until(() => conn.status === 'open');
    expect(last().kind).toBe('websocket');
    expect(last().url).toBe('wss://portal.example/ws');
    expect(last().protocols).toEqual(['v12.stomp', 'v11.stomp', 'v10.stomp']);
    const connect = last().sent('CONNECT')[0];
    expect(connect?.headers['accept-version']).toContain('1.2');
    expect(connect?.headers['heart-beat']).toBe('10000,10000');
    expect(statuses).toEqual(['connecting', 'open']);
  });

  it('shares one STOMP subscription per destination and parses JSON bodies', async () => {
    const { conn, last } = setup();
    open.push(conn);
    const a = vi.fn();
    const b = vi.fn();
    const offA = conn.subscribe('/user/queue/notifications', a);
    const offB = conn.subscribe('/user/queue/notifications', b);
    conn.start();
    await until(() => last()?.sent('SUBSCRIBE').length === 1);
    const sub = last().sent('SUBSCRIBE')[0] as Frame;
    expect(sub.headers.destination).toBe('/user/queue/notifications');
    last().message(sub.headers.id as string, '/user/queue/notifications', {
      id: 1,
      status: 'UNREAD',
    });
    await until(() => a.mock.calls.length === 1 && b.mock.calls.length === 1);
    expect(a.mock.calls[0]?.[0]).toEqual({ id: 1, status: 'UNREAD' });
    expect(a.mock.calls[0]?.[1].destination).toBe('/user/queue/notifications');
    offA();
    expect(last().sent('UNSUBSCRIBE')).toHaveLength(0);
    offB();
    expect(last().sent('UNSUBSCRIBE')).toHaveLength(1);
  });

  it('resubscribes after a reconnect and tells reconnect listeners (not on the first connect)', async () => {
    const { conn, sockets, last, statuses } = setup();
    open.push(conn);
    const reconnected = vi.fn();
    conn.onReconnect(reconnected);
    conn.subscribe('/topic/users/5/conversations', () => {});
    conn.start();
    await until(() => conn.status === 'open');
    expect(reconnected).not.toHaveBeenCalled();
    last().drop(1006);
    await until(() => conn.status === 'connecting');
    await until(() => sockets.length === 2 && conn.status === 'open');
    expect(
      last()
        .sent('SUBSCRIBE')
        .map((f) => f.headers.destination),
    ).toEqual(['/topic/users/5/conversations']);
    expect(reconnected).toHaveBeenCalledTimes(1);
    expect(statuses).toEqual(['connecting', 'open', 'connecting', 'open']);
  });

  it('falls back to SockJS at http(s)://host/ws when the WebSocket fails, and back after', async () => {
    const { conn, sockets, last } = setup({ refuseWebSocket: true });
    open.push(conn);
    conn.start();
    await until(() => conn.status === 'open');
    expect(sockets.map((s) => s.kind)).toEqual(['websocket', 'sockjs']);
    expect(last().url).toBe('https://portal.example/ws');
    expect(conn.transport).toBe('sockjs');
    last().drop(1006); // a session that worked ended → native first again
    await until(() => sockets.length === 3);
    expect(last().kind).toBe('websocket');
  });

  it('does not retry a destination the server refused', async () => {
    const onError = vi.fn();
    const { conn, sockets, last } = setup({ onError });
    open.push(conn);
    conn.subscribe('/topic/conversations/9/messages', () => {});
    conn.subscribe('/user/queue/notifications', () => {});
    conn.start();
    await until(() => last()?.sent('SUBSCRIBE').length === 2);
    last().serverSend(
      'ERROR\nmessage:Ingen behörighet till destinationen\ndestination:/topic/conversations/9/messages\n\n\0',
    );
    await until(() => onError.mock.calls.length === 1);
    last().drop(4403);
    await until(() => sockets.length === 2 && conn.status === 'open');
    await until(() => last().sent('SUBSCRIBE').length === 1);
    expect(last().sent('SUBSCRIBE')[0]?.headers.destination).toBe('/user/queue/notifications');
    expect(onError.mock.calls[0]?.[0]).toEqual({
      message: 'Ingen behörighet till destinationen',
      destination: '/topic/conversations/9/messages',
    });
  });

  it('stop() closes with DISCONNECT and does not reconnect', async () => {
    const { conn, sockets, last, statuses } = setup();
    conn.start();
    await until(() => conn.status === 'open');
    await conn.stop();
    expect(last().sent('DISCONNECT')).toHaveLength(1);
    expect(conn.status).toBe('closed');
    await wait(60);
    expect(sockets).toHaveLength(1);
    expect(statuses.at(-1)).toBe('closed');
  });
});

describe('liveUrls', () => {
  it('ping: a SEND to /app/ping with a receipt, timed until its RECEIPT; refused when closed or unanswered', async () => {
    const { conn, last } = setup();
    open.push(conn);
    await expect(conn.ping()).rejects.toEqual(new LivePingError('not-connected'));
    conn.start();
    await until(() => conn.status === 'open');
    const answered = conn.ping(1000);
    await until(() => last().sent('SEND').length === 1);
    const send = last().sent('SEND')[0]!;
    expect(send.headers.destination).toBe('/app/ping');
    expect(send.headers.receipt).toMatch(/^ping-\d+$/);
    await wait(30);
    last().serverSend(`RECEIPT\nreceipt-id:${send.headers.receipt}\n\n\0`);
    const ms = await answered;
    // At least the 30 ms the RECEIPT was held back; an upper bound would be a timing (the
    // ping's own 1 000 ms timeout already rejects a missing answer).
    expect(ms).toBeGreaterThanOrEqual(25);
    // No RECEIPT: rejected after the timeout.
    await expect(conn.ping(50)).rejects.toEqual(new LivePingError('timeout'));
  });

  it('derives ws(s) and http(s) URLs for /ws', () => {
    expect(liveUrls('https://portal.example/any/page?x=1')).toEqual({
      websocket: 'wss://portal.example/ws',
      sockjs: 'https://portal.example/ws',
    });
    expect(liveUrls('http://localhost:8080')).toEqual({
      websocket: 'ws://localhost:8080/ws',
      sockjs: 'http://localhost:8080/ws',
    });
    expect(liveUrls('ws://127.0.0.1:9/ws')).toEqual({
      websocket: 'ws://127.0.0.1:9/ws',
      sockjs: 'http://127.0.0.1:9/ws',
    });
  });
});

describe('FakeLiveClient', () => {
  it('emits to subscribers and simulates reconnects', () => {
    const live = new FakeLiveClient();
    const got: unknown[] = [];
    const off = live.subscribe('/user/queue/notifications', (b) => got.push(b));
    const reconnects = vi.fn();
    live.onReconnect(reconnects);
    expect(live.emit('/user/queue/notifications', { id: 1 })).toBe(1);
    expect(live.emit('/topic/other', {})).toBe(0);
    live.reconnect();
    off();
    expect(live.emit('/user/queue/notifications', { id: 2 })).toBe(0);
    expect(got).toEqual([{ id: 1 }]);
    expect(reconnects).toHaveBeenCalledTimes(1);
    expect(live.status).toBe('open');
  });
});

describe('LiveConnection when the server ends sessions', () => {
  it('calls onSessionEnded for closeUser (4001 Sessionen har avslutats), not for expiry or other closes', async () => {
    const onSessionEnded = vi.fn();
    const { conn, sockets, last } = setup({ onSessionEnded });
    open.push(conn);
    conn.start();
    await until(() => conn.status === 'open');
    last().drop(4001, 'Sessionen har gått ut');
    await until(() => sockets.length === 2 && conn.status === 'open');
    last().drop(1006);
    await until(() => sockets.length === 3 && conn.status === 'open');
    expect(onSessionEnded).not.toHaveBeenCalled();
    last().drop(4001, 'Sessionen har avslutats');
    await until(() => onSessionEnded.mock.calls.length === 1);
    // It still reconnects: a session that is still valid carries on.
    await until(() => sockets.length === 4 && conn.status === 'open');
  });
});

describe('LiveConnection restart', () => {
  it('start() right after stop() (React StrictMode) ends up open', async () => {
    const { conn, sockets, statuses } = setup();
    open.push(conn);
    conn.start();
    await until(() => conn.status === 'open');
    void conn.stop();
    conn.start();
    await until(() => sockets.length === 2 && conn.status === 'open');
    expect(statuses).toEqual(['connecting', 'open', 'closed', 'connecting', 'open']);
  });
});
