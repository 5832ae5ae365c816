// The SockJS transport at `/ws/info` and `/ws/{server}/{session}/{transport}`: websocket,
// xhr-streaming and xhr-polling (+ xhr_send). Every transport request, each poll and each
// xhr_send included, is checked (Origin, session) before sockjs sees it, and a SockJS session id
// stays bound to the user who opened it. iframe, jsonp, htmlfile and eventsource are 404.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import sockjs from 'sockjs';
import type { FrameLimits } from './frames.ts';
import { reply, rejectUpgrade } from './http-replies.ts';
import type { StompSession } from './session.ts';
import { LiveCloseCodes, type LiveLogger, type LiveTransport, type LiveUser } from './types.ts';

const SOCKJS_TRANSPORTS = new Set(['websocket', 'xhr', 'xhr_send', 'xhr_streaming']);
/** How long an authenticated SockJS session id waits for its connection. */
const SOCKJS_PENDING_MS = 30_000;

interface SockjsBinding<U> {
  user: U;
  userKey: string;
  timer: NodeJS.Timeout | undefined;
}

type SockjsHandler = (req: IncomingMessage, res: ServerResponse | Duplex, head?: Buffer) => boolean;

/** sockjs's types say the code is a string; it must be a number to reach the client as one. */
function closeSockjs(conn: sockjs.Connection, code: number, reason: string): void {
  (conn.close as unknown as (code: number, reason: string) => boolean).call(conn, code, reason);
}

export interface SockjsTransportDeps<U extends LiveUser> {
  prefix: string;
  enabled: boolean;
  limits: FrameLimits;
  log: LiveLogger;
  isClosed: () => boolean;
  isAllowedOrigin: (origin: string | undefined, req: IncomingMessage) => boolean;
  identify: (req: IncomingMessage) => Promise<{ status: number; user?: U }>;
  tooManySessions: (userKey: string) => boolean;
  openSession: (transport: LiveTransport, user: U) => StompSession<U>;
}

export function createSockjsTransport<U extends LiveUser>(deps: SockjsTransportDeps<U>) {
  const { prefix, limits, log, identify, tooManySessions, openSession } = deps;
  const options = { isAllowedOrigin: deps.isAllowedOrigin, sockjs: deps.enabled };
  const sockjsBindings = new Map<string, SockjsBinding<U>>();
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
      if (!sessionId || !binding || deps.isClosed()) {
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

  return {
    handleRequest: handleSockjsRequest,
    upgrade: upgradeSockjs,
    /** Forgets the user's pending SockJS session ids (their sessions are ended by attach.ts). */
    closeUser(userKey: string): void {
      for (const [id, b] of sockjsBindings) {
        if (b.userKey === userKey) {
          clearTimeout(b.timer);
          sockjsBindings.delete(id);
        }
      }
    },
    close(): void {
      for (const b of sockjsBindings.values()) clearTimeout(b.timer);
      sockjsBindings.clear();
    },
  };
}
