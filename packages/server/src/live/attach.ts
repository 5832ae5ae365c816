// Wires the live endpoint into an http.Server (Fastify's `app.server`):
//
//   GET  /ws                        raw WebSocket (`ws`), subprotocol v12.stomp/v11.stomp/v10.stomp
//   GET  /ws/websocket              the same raw WebSocket (SockJS's raw-websocket URL)
//   *    /ws/info, /ws/{s}/{id}/…   SockJS: websocket, xhr-streaming, xhr-polling (+ xhr_send)
//
// So `new WebSocket('wss://host/ws')` and `new SockJS('https://host/ws')` both work. SockJS's
// iframe, htmlfile, jsonp, eventsource and chunking-test routes are refused with 404: the
// portal is same-origin and does not need them, and jsonp/htmlfile would be readable by
// foreign pages.
//
// Every handshake (WebSocket upgrade, and every SockJS transport request including each poll
// and each xhr_send) checks Origin and authenticates with the app's callback (the session
// cookie) before anything reaches `ws` or `sockjs`: foreign Origin → 403, no session → 401.
// A SockJS session id stays bound to the user who opened it.

import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import sockjs from 'sockjs';
import { WebSocketServer, type WebSocket } from 'ws';
import { LocalBroker, type LiveBroker } from './broker.ts';
import { DEFAULT_FRAME_LIMITS, type FrameLimits } from './frames.ts';
import { RedisFanout } from './redis.ts';
import { type SessionSettings, StompSession } from './session.ts';
import {
  LiveCloseCodes,
  consoleWarnLogger,
  type LiveLogger,
  type LiveTransport,
  type LiveUser,
} from './types.ts';

export interface AttachLiveOptions<U extends LiveUser> {
  /**
   * Who is making this handshake, from the session cookie; null when there is no valid
   * session. Called for the WebSocket upgrade and for every SockJS transport request.
   */
  authenticate(req: IncomingMessage): Promise<U | null> | U | null;
  /**
   * Origin allowlist. `undefined` means the request had no Origin header: browsers always send
   * one on WebSocket handshakes and cross-origin requests, but not on same-origin GETs, so
   * return true for undefined unless you want to refuse non-browser clients.
   */
  isAllowedOrigin(origin: string | undefined, req: IncomingMessage): boolean;
  /**
   * Decides SUBSCRIBE to `/topic/…` destinations the built-in rules do not settle, e.g.
   * `/topic/conversations/{id}/messages` (participants only; see conversationIdOf()).
   * Absent or false → refused. `/user/queue/…` and `/topic/users/{id}/…` are built in.
   */
  authorize?(user: U, destination: string): Promise<boolean> | boolean;
  /** URL path of the endpoint. Default '/ws'. */
  path?: string;
  /** Heart-beat the server offers in both directions (spec §9: 10 000). 0 disables. */
  heartBeatMs?: number;
  /** Close a client after `incoming interval × factor` ms without data. Default 2. */
  heartBeatGraceFactor?: number;
  /** Time allowed between the handshake and the CONNECT frame. Default 10 000 ms. */
  connectTimeoutMs?: number;
  /** Frame limits; defaults: 64 KiB frame, 32 headers, 2 KiB per header line. */
  limits?: Partial<FrameLimits>;
  maxSubscriptionsPerSession?: number;
  /** Simultaneous sockets per user on this instance (tabs × devices). Default 32. */
  maxSessionsPerUser?: number;
  /** A socket with more than this many unsent bytes is closed as a slow consumer. 1 MiB. */
  maxBufferedBytes?: number;
  /** Serve SockJS under the same path. Default true. */
  sockjs?: boolean;
  /** Redis URL for fan-out between instances (REDIS_URL); unset → in-process only. */
  redisUrl?: string;
  /** Redis channel name. Default 'halsa:live'. */
  redisChannel?: string;
  log?: LiveLogger;
}

export interface LiveServer {
  broker: LiveBroker;
  /** Closes every socket of this user, on every instance (call it on logout). */
  closeUser(userId: string | number): void;
  /** Resolves once the Redis subscription is active (at once without Redis); waits while Redis is down. */
  ready: Promise<void>;
  stats(): { sessions: number; users: number; subscriptions: number };
  /** Closes all sockets, detaches from the http server, quits Redis. */
  close(): Promise<void>;
}

const STOMP_PROTOCOLS = ['v12.stomp', 'v11.stomp', 'v10.stomp'];
const SOCKJS_TRANSPORTS = new Set(['websocket', 'xhr', 'xhr_send', 'xhr_streaming']);
/** How long an authenticated SockJS session id waits for its connection. */
const SOCKJS_PENDING_MS = 30_000;

interface SockjsBinding<U> {
  user: U;
  userKey: string;
  timer: NodeJS.Timeout | undefined;
}

type SockjsHandler = (req: IncomingMessage, res: ServerResponse | Duplex, head?: Buffer) => boolean;

function pathnameOf(url: string | undefined): string {
  const u = url ?? '/';
  const q = u.indexOf('?');
  return q < 0 ? u : u.slice(0, q);
}

function rejectUpgrade(socket: Duplex, status: number): void {
  if (socket.writable) {
    socket.once('finish', () => socket.destroy());
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
    );
  } else {
    socket.destroy();
  }
}

/** sockjs's types say the code is a string; it must be a number to reach the client as one. */
function closeSockjs(conn: sockjs.Connection, code: number, reason: string): void {
  (conn.close as unknown as (code: number, reason: string) => boolean).call(conn, code, reason);
}

function reply(res: ServerResponse, status: number): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
  });
  res.end(`${status} ${STATUS_CODES[status] ?? ''}\n`);
}

export function attachLive<U extends LiveUser>(
  server: Server,
  options: AttachLiveOptions<U>,
): LiveServer {
  const log = options.log ?? consoleWarnLogger;
  const prefix = (options.path ?? '/ws').replace(/\/+$/, '');
  if (!/^\/[A-Za-z0-9_/-]+$/.test(prefix)) throw new Error(`live: invalid path "${prefix}"`);
  const limits: FrameLimits = { ...DEFAULT_FRAME_LIMITS, ...options.limits };
  const settings: SessionSettings = {
    limits,
    heartBeatMs: options.heartBeatMs ?? 10_000,
    heartBeatGraceFactor: options.heartBeatGraceFactor ?? 2,
    connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
    maxSubscriptions: options.maxSubscriptionsPerSession ?? 64,
    maxBufferedBytes: options.maxBufferedBytes ?? 1024 * 1024,
  };
  const maxSessionsPerUser = options.maxSessionsPerUser ?? 32;
  const authorize = options.authorize;

  const broker = new LocalBroker(log);
  const sessionsByUser = new Map<string, Set<StompSession<U>>>();
  const rawSockets = new Set<WebSocket>();
  const sockjsBindings = new Map<string, SockjsBinding<U>>();
  let closed = false;
  let sessionCount = 0;

  const host = {
    settings,
    broker,
    log,
    authorize: async (user: U, destination: string) =>
      authorize ? Boolean(await authorize(user, destination)) : false,
    closed(session: StompSession<U>) {
      const set = sessionsByUser.get(session.userKey);
      if (set?.delete(session)) {
        sessionCount--;
        if (set.size === 0) sessionsByUser.delete(session.userKey);
      }
    },
  };

  function openSession(transport: LiveTransport, user: U): StompSession<U> {
    const session = new StompSession(transport, user, host);
    let set = sessionsByUser.get(session.userKey);
    if (!set) sessionsByUser.set(session.userKey, (set = new Set()));
    set.add(session);
    sessionCount++;
    return session;
  }

  function tooManySessions(userKey: string): boolean {
    return (sessionsByUser.get(userKey)?.size ?? 0) >= maxSessionsPerUser;
  }

  function closeUserLocal(userKey: string): void {
    const set = sessionsByUser.get(userKey);
    if (set)
      for (const s of [...set]) s.end('Sessionen har avslutats', LiveCloseCodes.SESSION_ENDED);
    for (const [id, b] of sockjsBindings) {
      if (b.userKey === userKey) {
        clearTimeout(b.timer);
        sockjsBindings.delete(id);
      }
    }
  }

  const fanout = options.redisUrl
    ? new RedisFanout(
        options.redisUrl,
        options.redisChannel ?? 'halsa:live',
        broker.instanceId,
        {
          message: (key, json) => broker.deliverLocal(key, json),
          closeUser: closeUserLocal,
        },
        log,
      )
    : undefined;
  broker.fanout = fanout;

  async function identify(req: IncomingMessage): Promise<{ status: number; user?: U }> {
    if (!options.isAllowedOrigin(req.headers.origin, req)) return { status: 403 };
    let user: U | null;
    try {
      user = await options.authenticate(req);
    } catch (err) {
      log.error({ err }, 'live: authenticate failed');
      return { status: 500 };
    }
    if (!user) return { status: 401 };
    if (closed) return { status: 503 };
    return { status: 200, user };
  }

  // ---- raw WebSocket (ws)

  const wss = new WebSocketServer({
    noServer: true,
    clientTracking: false,
    perMessageDeflate: false,
    // Let frames up to 4× the STOMP limit through so the parser can answer with an ERROR frame;
    // anything bigger is cut off by ws itself (close 1009).
    maxPayload: limits.maxFrameBytes * 4,
    handleProtocols: (protocols) => STOMP_PROTOCOLS.find((p) => protocols.has(p)) ?? false,
  });

  function acceptRaw(ws: WebSocket, user: U): void {
    rawSockets.add(ws);
    const transport: LiveTransport = {
      kind: 'websocket',
      send: (data) => {
        if (ws.readyState === ws.OPEN) ws.send(data);
      },
      close: (code, reason) => ws.close(code, reason),
      bufferedAmount: () => ws.bufferedAmount,
      ping: () => {
        if (ws.readyState === ws.OPEN) ws.ping();
      },
    };
    const session = openSession(transport, user);
    ws.on('message', (data) => session.receive(data as Buffer));
    ws.on('pong', () => session.touch());
    ws.on('error', (err) => log.debug({ err: err.message }, 'live: websocket error'));
    ws.on('close', () => {
      rawSockets.delete(ws);
      session.transportClosed();
    });
  }

  async function upgradeRaw(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const { status, user } = await identify(req);
    if (!user) return rejectUpgrade(socket, status);
    if (tooManySessions(String(user.id))) return rejectUpgrade(socket, 429);
    wss.handleUpgrade(req, socket, head, (ws) => acceptRaw(ws, user));
  }

  // ---- SockJS

  let sockjsHandler: SockjsHandler | undefined;
  if (options.sockjs !== false) {
    const sjs = sockjs.createServer({
      prefix,
      log: (severity: string, line: string) => {
        if (severity === 'error') log.error({ line }, 'live: sockjs');
        else log.debug({ severity, line }, 'live: sockjs');
      },
      heartbeat_delay: 25_000,
      disconnect_delay: 5_000,
      response_limit: 128 * 1024,
      // faye-websocket limit for the SockJS websocket transport (frames arrive JSON-quoted).
      faye_server_options: { maxLength: limits.maxFrameBytes * 8 },
    } as sockjs.ServerOptions);
    sockjsHandler = (sjs as unknown as { middleware(): SockjsHandler }).middleware();
    sjs.on('connection', (conn: sockjs.Connection | null) => {
      if (!conn) return;
      const sessionId = /\/[^/]+\/([^/]+)\/[^/]+\/?$/.exec(conn.pathname ?? '')?.[1];
      const binding = sessionId ? sockjsBindings.get(sessionId) : undefined;
      if (!sessionId || !binding || closed) {
        closeSockjs(conn, LiveCloseCodes.UNAUTHORIZED, 'Unauthorized');
        return;
      }
      clearTimeout(binding.timer);
      binding.timer = undefined;
      const internal = conn as unknown as { _session?: { send_buffer?: string[] } };
      const transport: LiveTransport = {
        kind: 'sockjs',
        send: (data) => {
          conn.write(data);
        },
        close: (code, reason) => closeSockjs(conn, code, reason),
        bufferedAmount: () => {
          const buffered = internal._session?.send_buffer;
          return buffered ? buffered.reduce((n, s) => n + s.length, 0) : 0;
        },
      };
      const session = openSession(transport, binding.user);
      conn.on('data', (data: string) => session.receive(data));
      conn.on('close', () => {
        sockjsBindings.delete(sessionId);
        session.transportClosed();
      });
    });
  }

  /** SockJS transport URL → [serverId, sessionId, transport], or null. */
  function sockjsTransport(pathname: string): [string, string, string] | null {
    const rest = pathname.slice(prefix.length + 1).replace(/\/$/, '');
    const parts = rest.split('/');
    if (parts.length !== 3 || parts.some((p) => p === '' || p.includes('.'))) return null;
    return parts as [string, string, string];
  }

  /** Authenticates a SockJS transport request and binds/checks its session id. */
  async function admitSockjs(req: IncomingMessage, sessionId: string): Promise<number> {
    const { status, user } = await identify(req);
    if (!user) return status;
    const userKey = String(user.id);
    const existing = sockjsBindings.get(sessionId);
    if (existing) return existing.userKey === userKey ? 200 : 403;
    if (tooManySessions(userKey)) return 429;
    const binding: SockjsBinding<U> = { user, userKey, timer: undefined };
    binding.timer = setTimeout(() => {
      if (sockjsBindings.get(sessionId) === binding && binding.timer)
        sockjsBindings.delete(sessionId);
    }, SOCKJS_PENDING_MS);
    binding.timer.unref();
    sockjsBindings.set(sessionId, binding);
    return 200;
  }

  async function handleSockjsRequest(req: IncomingMessage, res: ServerResponse, pathname: string) {
    const handler = sockjsHandler;
    if (!handler) return reply(res, 404);
    const sub = pathname.slice(prefix.length);
    const method = req.method ?? 'GET';
    if (sub === '' || sub === '/' || sub === '/info' || sub === '/info/') {
      if (!options.isAllowedOrigin(req.headers.origin, req)) return reply(res, 403);
      handler(req, res);
      return;
    }
    const t = sockjsTransport(pathname);
    if (!t || !SOCKJS_TRANSPORTS.has(t[2])) return reply(res, 404);
    if (method === 'OPTIONS') {
      if (!options.isAllowedOrigin(req.headers.origin, req)) return reply(res, 403);
      handler(req, res);
      return;
    }
    if (t[2] === 'websocket') return reply(res, 400); // needs an upgrade
    if (t[2] === 'xhr_send') {
      const len = Number(req.headers['content-length'] ?? 0);
      if (len > limits.maxFrameBytes * 8) return reply(res, 413);
    }
    const status = await admitSockjs(req, t[1]);
    if (status !== 200) return reply(res, status);
    handler(req, res);
    if (t[2] === 'xhr_send') {
      // sockjs buffers the whole body; cut off bodies without (or with a lying) content-length.
      let seen = 0;
      req.on('data', (chunk: Buffer) => {
        seen += chunk.length;
        if (seen > limits.maxFrameBytes * 8) req.destroy();
      });
    }
  }

  async function upgradeSockjs(
    req: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    pathname: string,
  ) {
    const handler = sockjsHandler;
    const t = sockjsTransport(pathname);
    if (!handler || !t || t[2] !== 'websocket') return rejectUpgrade(socket, 404);
    const status = await admitSockjs(req, t[1]);
    if (status !== 200) return rejectUpgrade(socket, status);
    if (!socket.writable) return;
    handler(req, socket, head);
  }

  // ---- http.Server listeners

  const isOurs = (pathname: string) => pathname === prefix || pathname.startsWith(prefix + '/');
  const isRaw = (pathname: string) =>
    pathname === prefix || pathname === prefix + '/' || pathname === prefix + '/websocket';

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const pathname = pathnameOf(req.url);
    if (!isOurs(pathname)) {
      // Someone else's upgrade; refuse it only when nobody else listens.
      if (server.listenerCount('upgrade') === 1) rejectUpgrade(socket, 404);
      return;
    }
    socket.on('error', () => socket.destroy());
    if (closed) return rejectUpgrade(socket, 503);
    const done = isRaw(pathname)
      ? upgradeRaw(req, socket, head)
      : upgradeSockjs(req, socket, head, pathname);
    done.catch((err: unknown) => {
      log.error({ err }, 'live: upgrade failed');
      rejectUpgrade(socket, 500);
    });
  };

  // Run before the existing 'request' listeners (Fastify's) for our path; pass others on.
  const originalRequestListeners = server.listeners('request') as ((
    req: IncomingMessage,
    res: ServerResponse,
  ) => void)[];
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    const pathname = pathnameOf(req.url);
    if (isOurs(pathname) && !closed) {
      handleSockjsRequest(req, res, pathname).catch((err: unknown) => {
        log.error({ err }, 'live: sockjs request failed');
        reply(res, 500);
      });
      return;
    }
    if (originalRequestListeners.length === 0) return reply(res, 404);
    for (const l of originalRequestListeners) l.call(server, req, res);
  };
  server.removeAllListeners('request');
  server.on('request', onRequest);
  server.on('upgrade', onUpgrade);

  const allSessions = () => [...sessionsByUser.values()].flatMap((s) => [...s]);

  return {
    broker,
    ready: fanout ? fanout.ready : Promise.resolve(),
    closeUser(userId) {
      const userKey = String(userId);
      closeUserLocal(userKey);
      fanout?.closeUser(userKey);
    },
    stats: () => ({
      sessions: sessionCount,
      users: sessionsByUser.size,
      subscriptions: broker.size,
    }),
    async close() {
      if (closed) return;
      closed = true;
      server.off('upgrade', onUpgrade);
      server.off('request', onRequest);
      for (const l of originalRequestListeners) server.on('request', l);
      for (const s of allSessions()) s.shutdown();
      for (const b of sockjsBindings.values()) clearTimeout(b.timer);
      sockjsBindings.clear();
      // Give close handshakes a moment, then cut what is left.
      const pending = [...rawSockets].map(
        (ws) =>
          new Promise<void>((resolve) => {
            if (ws.readyState === ws.CLOSED) return resolve();
            const t = setTimeout(() => {
              ws.terminate();
              resolve();
            }, 1000);
            ws.once('close', () => {
              clearTimeout(t);
              resolve();
            });
          }),
      );
      await Promise.all([...pending, fanout?.close()]);
      wss.close();
    },
  };
}
