// Helpers for the live tests and the ws benchmark: a plain http.Server with the live endpoint,
// a fake authenticate that reads a `sid` cookie, and a bare STOMP client over `ws`.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import { openRedis } from '../src/redis.ts';
import { attachLive, type AttachLiveOptions, type LiveServer } from '../src/live/attach.ts';
import { conversationIdOf } from '../src/live/destinations.ts';
import type { LiveLogger, LiveUser } from '../src/live/types.ts';

export const TEST_ORIGIN = 'http://portal.test';

export interface TestUser extends LiveUser {
  id: number;
  name: string;
}

export const silentLogger: LiveLogger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: (obj, msg) => console.error(msg, obj),
};

export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name)
      return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

export interface TestServer {
  server: http.Server;
  live: LiveServer;
  port: number;
  /** http://127.0.0.1:port */
  httpUrl: string;
  /** ws://127.0.0.1:port/ws */
  wsUrl: string;
  users: Map<string, TestUser>;
  close(): Promise<void>;
}

export interface TestServerOptions extends Partial<AttachLiveOptions<TestUser>> {
  /**
   * Test-only: also accept the session id from a `sid` query parameter. sockjs-client's
   * xhr transports in Node send no cookies (browsers do), so the xhr tests use this.
   */
  sidFromQuery?: boolean;
  /** Listener the http.Server already has (stands in for Fastify's). */
  requestListener?: http.RequestListener;
  users?: TestUser[];
  /** conversation id → participant user ids */
  conversations?: Record<string, number[]>;
  /** Fan-out through Redis at this URL (the server opens and closes its connections). */
  redisUrl?: string;
}

export const ALICE: TestUser = { id: 1, name: 'Alice' };
export const BOB: TestUser = { id: 2, name: 'Bob' };
export const CARL: TestUser = { id: 3, name: 'Carl' };

export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const users = new Map<string, TestUser>();
  for (const u of opts.users ?? [ALICE, BOB, CARL]) users.set(`sid-${u.id}`, u);
  const conversations = opts.conversations ?? { '10': [1, 2], '11': [2, 3] };
  const server = http.createServer(opts.requestListener);
  const {
    sidFromQuery,
    requestListener: _requestListener,
    users: _users,
    conversations: _conversations,
    redisUrl,
    ...liveOptions
  } = opts;
  const redis = redisUrl ? openRedis(redisUrl, silentLogger) : undefined;
  const live = attachLive<TestUser>(server, {
    authenticate: async (req) => {
      let sid = cookieValue(req.headers.cookie, 'sid');
      if (!sid && sidFromQuery) {
        sid = new URL(req.url ?? '/', 'http://x').searchParams.get('sid') ?? undefined;
      }
      return (sid && users.get(sid)) || null;
    },
    isAllowedOrigin: (origin) => origin === undefined || origin === TEST_ORIGIN,
    authorize: async (user, destination) => {
      const id = conversationIdOf(destination);
      return id !== null && (conversations[id] ?? []).includes(user.id);
    },
    heartBeatMs: 200,
    // 3 × 200 ms: tolerant of event-loop stalls when the test machine is busy.
    heartBeatGraceFactor: 3,
    log: silentLogger,
    ...(redis ? { redis } : {}),
    ...liveOptions,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    live,
    port,
    httpUrl: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    users,
    async close() {
      await live.close();
      await redis?.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface ParsedFrame {
  command: string;
  headers: Record<string, string>;
  body: string;
}

/** Parses one server frame (the server sends one frame per WebSocket message). */
export function parseServerFrame(text: string): ParsedFrame {
  const headerEnd = text.indexOf('\n\n');
  const head = text.slice(0, headerEnd).split('\n');
  const headers: Record<string, string> = {};
  for (const line of head.slice(1)) {
    const i = line.indexOf(':');
    const k = line.slice(0, i);
    if (!(k in headers)) headers[k] = line.slice(i + 1);
  }
  const body = text.slice(headerEnd + 2).replace(/\0$/, '');
  return { command: head[0] ?? '', headers, body };
}

/** A bare STOMP client over `ws` that records everything, for protocol-level tests. */
export class RawStomp {
  readonly frames: ParsedFrame[] = [];
  heartbeats = 0;
  readonly opened: Promise<void>;
  readonly closed: Promise<{ code: number; reason: string }>;
  /** Status of a refused handshake. */
  readonly refused: Promise<number>;
  private waiters: { pred: (f: ParsedFrame) => boolean; resolve: (f: ParsedFrame) => void }[] = [];

  constructor(readonly ws: WebSocket) {
    this.opened = new Promise((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    this.opened.catch(() => {});
    this.refused = new Promise((resolve) => {
      ws.once('unexpected-response', (_req, res) => {
        resolve(res.statusCode ?? 0);
        ws.terminate();
      });
    });
    this.closed = new Promise((resolve) => {
      ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    });
    ws.on('message', (data) => {
      const text = (data as Buffer).toString('utf8');
      if (text === '\n' || text === '\r\n') {
        this.heartbeats++;
        return;
      }
      const frame = parseServerFrame(text);
      this.frames.push(frame);
      this.waiters = this.waiters.filter((w) => {
        if (!w.pred(frame)) return true;
        w.resolve(frame);
        return false;
      });
    });
  }

  static open(
    url: string,
    headers: Record<string, string> = { Cookie: 'sid=sid-1', Origin: TEST_ORIGIN },
  ): RawStomp {
    return new RawStomp(new WebSocket(url, ['v12.stomp'], { headers }));
  }

  send(text: string): void {
    this.ws.send(text);
  }

  frame(command: string, headers: Record<string, string> = {}, body = ''): void {
    const lines = Object.entries(headers).map(([k, v]) => `${k}:${v}`);
    this.send(`${command}\n${lines.join('\n')}${lines.length ? '\n' : ''}\n${body}\0`);
  }

  next(command: string, timeoutMs = 3000): Promise<ParsedFrame> {
    const found = this.frames.find((f) => f.command === command && !this.taken.has(f));
    if (found) {
      this.taken.add(found);
      return Promise.resolve(found);
    }
    return new Promise((resolve, reject) => {
      const t = setTimeout(
        () => reject(new Error(`no ${command} frame within ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.waiters.push({
        pred: (f) => f.command === command && !this.taken.has(f),
        resolve: (f) => {
          clearTimeout(t);
          this.taken.add(f);
          resolve(f);
        },
      });
    });
  }

  private readonly taken = new Set<ParsedFrame>();

  async connect(heartBeat = '0,0'): Promise<ParsedFrame> {
    await this.opened;
    this.frame('CONNECT', {
      'accept-version': '1.2',
      host: 'portal.test',
      'heart-beat': heartBeat,
    });
    return this.next('CONNECTED');
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
