// Wires the live endpoint into an http.Server (Fastify's `app.server`):
//
//   GET  /ws                        raw WebSocket (`ws`), subprotocol v12.stomp/v11.stomp/v10.stomp
//   GET  /ws/websocket              the same raw WebSocket (SockJS's raw-websocket URL)
//   *    /ws/info, /ws/{s}/{id}/…   SockJS: websocket, xhr-streaming, xhr-polling (+ xhr_send)
//
// The transports are in transport-websocket.ts and transport-sockjs.ts.
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

import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { BENCH_TIMINGS_PATH, benchTimings } from './bench-timings.ts';
import { LocalBroker, type LiveBroker } from './broker.ts';
import { DEFAULT_FRAME_LIMITS, type FrameLimits } from './frames.ts';
import { pathnameOf, rejectUpgrade, reply } from './http-replies.ts';
import type { RedisConnections } from '../redis.ts';
import { RedisFanout } from './redis.ts';
import type { Granted } from './granted.ts';
import type { SessionSettings } from './session-host.ts';
import { StompSession } from './session.ts';
import { createSockjsTransport } from './transport-sockjs.ts';
import { createWebSocketTransport } from './transport-websocket.ts';
import {
  LiveCloseCodes,
  consoleWarnLogger,
  type LiveGrant,
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
   * Absent or false (or null) → refused; true or a `LiveGrant` → allowed. A grant may end
   * (`until`) and may ask for its deliveries to be reported (`audit`, see `delivered`). It is
   * asked again on `recheckAccess`, after `until`, and when older than `revalidateAfterMs`.
   * `/user/queue/…` and `/topic/users/{id}/…` are built in (the latter asked too with
   * `authorizeOwnTopics`).
   */
  authorize?(
    user: U,
    destination: string,
  ): Promise<boolean | LiveGrant | null> | boolean | LiveGrant | null;
  /**
   * Called for every MESSAGE written to a subscription whose grant carries `audit` (the app logs
   * a staff member's read of a client). Synchronous and must not throw; batch the work.
   */
  delivered?(user: U, destination: string, audit: unknown, json: string): void;
  /** The clock of grants (`until`, cache and revalidation ages), in ms. Default Date.now. */
  now?: () => number;
  /**
   * A granted subscription is asked again at its first delivery after this many ms (of `now`):
   * the bound on a change of rights nobody announced with `recheckAccess`. Default 10 000; 0 = never.
   */
  revalidateAfterMs?: number;
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
  /** Incoming frames queued behind a pending SUBSCRIBE before reading pauses (8× closes). 128. */
  maxQueuedFrames?: number;
  /** SUBSCRIBEs per second per socket (10) and the burst allowed at once (40); more → 4429. */
  subscribesPerSecond?: number;
  subscribeBurst?: number;
  /** How long a granted `authorize(user, destination)` is reused (ms). Default 10 000; 0 = never. */
  authorizeCacheMs?: number;
  /**
   * The caller's own `/topic/users/{her id}/…` are asked of `authorize` too (and re-checked like
   * any grant) instead of being always allowed: the app may refuse them (the staff rule, §4.17).
   * Another user's stay refused. Default false.
   */
  authorizeOwnTopics?: boolean;
  /** Serve SockJS under the same path. Default true. */
  sockjs?: boolean;
  /**
   * The instance's Redis connections (../redis.ts) for fan-out between instances; unset →
   * in-process only. Their owner closes them.
   */
  redis?: RedisConnections;
  /** Redis channel name. Default 'halsa:live'. */
  redisChannel?: string;
  log?: LiveLogger;
}

export interface LiveServer {
  broker: LiveBroker;
  /** Closes every socket of this user, on every instance (call it on logout). */
  closeUser(userId: string | number): void;
  /**
   * Forgets cached grants of `authorize` for a destination (all when omitted): call it when who
   * may read a destination changes. This instance only; grants live `authorizeCacheMs` at most.
   */
  forgetAuthorizations(destination?: string): void;
  /**
   * Someone's access changed (care team, emergency access, role, clinic setting): on every
   * instance, each subscription `authorize` granted to this user (to anyone when omitted) is held
   * at once and asked again, then kept or dropped; cached grants are forgotten. Resolves once
   * Redis has the message, so whatever is published after it reaches every instance after it.
   * Never rejects.
   */
  recheckAccess(userId?: string | number): Promise<void>;
  /** Resolves once the Redis subscription is active (at once without Redis); waits while Redis is down. */
  ready: Promise<void>;
  stats(): { sessions: number; users: number; subscriptions: number };
  /** Closes all sockets, detaches from the http server, stops the fan-out (not its Redis). */
  close(): Promise<void>;
}

/**
 * HALSA_BENCH_TIMINGS=1 only (bench-timings.ts): this instance's figures as JSON, to a direct
 * loopback caller (not through a proxy); `?reset=1` starts a new window after answering.
 */
function benchTimingsReply(req: IncomingMessage, res: ServerResponse): void {
  const remote = req.socket.remoteAddress ?? '';
  const loopback = remote === '127.0.0.1' || remote === '::1' || remote === '::ffff:127.0.0.1';
  if (!loopback || req.headers['x-forwarded-for'] !== undefined) return reply(res, 404);
  const body = JSON.stringify(benchTimings.snapshot());
  if (/[?&]reset=1\b/.test(req.url ?? '')) benchTimings.reset();
  res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(body);
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
    maxQueuedFrames: options.maxQueuedFrames ?? 128,
    subscribesPerSecond: options.subscribesPerSecond ?? 10,
    subscribeBurst: options.subscribeBurst ?? 40,
    revalidateAfterMs: options.revalidateAfterMs ?? 10_000,
    authorizeOwnTopics: options.authorizeOwnTopics ?? false,
  };
  const now = options.now ?? Date.now;
  const maxSessionsPerUser = options.maxSessionsPerUser ?? 32;
  const authorize = options.authorize;
  // Granted checks are reused briefly, so a client re-subscribing (or a storm of SUBSCRIBE /
  // UNSUBSCRIBE pairs) costs one query per destination, not one per frame. Refusals are never
  // cached. `recheckAccess` and `forgetAuthorizations` drop entries when readers change.
  const authorizeCacheMs = options.authorizeCacheMs ?? 10_000;
  const granted = new Map<string, Granted>();
  const GRANTED_MAX = 50_000;
  const grantKey = (userKey: string, destination: string) => `${userKey}\n${destination}`;

  async function ask(user: U, destination: string): Promise<LiveGrant | null> {
    if (!authorize) return null;
    const answer = await authorize(user, destination);
    if (answer === true) return {};
    return answer && typeof answer === 'object' ? answer : null;
  }

  const broker = new LocalBroker(log);
  const sessionsByUser = new Map<string, Set<StompSession<U>>>();
  const allSessions = () => [...sessionsByUser.values()].flatMap((s) => [...s]);
  let closed = false;
  let sessionCount = 0;

  const host = {
    settings,
    broker,
    log,
    now,
    authorize: async (user: U, destination: string, current: () => boolean) => {
      if (!authorize) return null;
      const key = grantKey(String(user.id), destination);
      const hit = granted.get(key);
      const at = now();
      if (hit && at < hit.checkedAt + authorizeCacheMs && at < (hit.grant.until ?? Infinity)) {
        return hit;
      }
      const grant = await ask(user, destination);
      if (!grant) {
        granted.delete(key);
        return null;
      }
      const entry = { grant, checkedAt: at };
      if (authorizeCacheMs > 0 && current()) {
        if (granted.size >= GRANTED_MAX) granted.clear();
        granted.set(key, entry);
      }
      return entry;
    },
    reauthorize: ask,
    delivered: (user: U, destination: string, audit: unknown, json: string) =>
      options.delivered?.(user, destination, audit, json),
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

  function forgetUserGrants(userKey: string): void {
    for (const key of granted.keys()) if (key.startsWith(`${userKey}\n`)) granted.delete(key);
  }

  function recheckLocal(userKey: string | null): void {
    if (userKey === null) granted.clear();
    else forgetUserGrants(userKey);
    const sessions = userKey === null ? allSessions() : [...(sessionsByUser.get(userKey) ?? [])];
    for (const s of sessions) s.recheck();
  }

  function closeUserLocal(userKey: string): void {
    forgetUserGrants(userKey);
    const set = sessionsByUser.get(userKey);
    if (set)
      for (const s of [...set]) s.end('Sessionen har avslutats', LiveCloseCodes.SESSION_ENDED);
    sockjsTransport.closeUser(userKey);
  }

  const fanout = options.redis
    ? new RedisFanout(
        options.redis,
        options.redisChannel ?? 'halsa:live',
        broker.instanceId,
        {
          message: (key, json) => broker.deliverLocal(key, json),
          closeUser: closeUserLocal,
          recheck: recheckLocal,
        },
        log,
      )
    : undefined;
  broker.fanout = fanout;

  // A browser marks a request another site caused with Sec-Fetch-Site: cross-site. A top-level
  // navigation to a SockJS GET transport carries the session cookie (SameSite=Lax) and no
  // Origin, so the Origin check alone would let it in: refused here as the API's guard does
  // (http/fetch-site.ts), since /ws is answered before Fastify's hooks run.
  const isAllowed = (origin: string | undefined, req: IncomingMessage) =>
    req.headers['sec-fetch-site'] !== 'cross-site' && options.isAllowedOrigin(origin, req);

  async function identify(req: IncomingMessage): Promise<{ status: number; user?: U }> {
    if (!isAllowed(req.headers.origin, req)) return { status: 403 };
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

  // ---- the two transports

  const webSocketTransport = createWebSocketTransport<U>({ limits, log, openSession });
  const sockjsTransport = createSockjsTransport<U>({
    prefix,
    enabled: options.sockjs !== false,
    limits,
    log,
    isClosed: () => closed,
    isAllowedOrigin: isAllowed,
    identify,
    tooManySessions,
    openSession,
  });

  async function upgradeRaw(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const { status, user } = await identify(req);
    if (!user) return rejectUpgrade(socket, status);
    if (tooManySessions(String(user.id))) return rejectUpgrade(socket, 429);
    webSocketTransport.accept(req, socket, head, user);
  }

  // ---- SockJS

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
      : sockjsTransport.upgrade(req, socket, head, pathname);
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
    if (benchTimings.enabled && pathname === BENCH_TIMINGS_PATH) return benchTimingsReply(req, res);
    if (isOurs(pathname) && !closed) {
      sockjsTransport.handleRequest(req, res, pathname).catch((err: unknown) => {
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

  return {
    broker,
    ready: fanout ? fanout.ready : Promise.resolve(),
    forgetAuthorizations(destination?: string) {
      if (destination === undefined) return granted.clear();
      for (const key of granted.keys()) if (key.endsWith(`\n${destination}`)) granted.delete(key);
    },
    recheckAccess(userId?: string | number) {
      const userKey = userId === undefined ? null : String(userId);
      recheckLocal(userKey);
      return fanout ? fanout.recheck(userKey) : Promise.resolve();
    },
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
      sockjsTransport.close();
      fanout?.close();
      await webSocketTransport.close();
    },
  };
}
