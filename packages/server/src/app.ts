// buildApp(options): the whole HTTP app for main.ts and for tests (fastify.inject).
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import { endpointDefs } from '@halsa/api/contract';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { AppContext, AppModule } from './context.ts';
import type { Db, DbKind } from './db/index.ts';
import type { FileStorage } from './files/storage.ts';
import { registerAccessControl, type RouteAccessEntry } from './http/access.ts';
import { ResponseContractError } from './http/route.ts';
import { HttpError, MESSAGES } from './http/errors.ts';
import { registerOriginCheck } from './http/origin.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import './http/types.ts';
import { attachLive, conversationIdOf, type LiveServer, type LiveUser } from './live/index.ts';
import type { Mailer } from './mail/mailer.ts';
import { ActivityLog } from './modules/activity/service.ts';
import { AuthService } from './modules/auth/service.ts';
import { IDLE_TIMEOUT_MS, SESSION_COOKIE, SessionService } from './modules/auth/sessions.ts';
import { apiModules } from './modules/index.ts';
import { NotificationService } from './modules/notifications/service.ts';
import { portalModule } from './modules/portal/routes.ts';
import { registerRateLimit, type RateLimitOptions } from './security/rate-limit.ts';
import { sha256 } from './security/tokens.ts';
import { createOutbox } from './outbox/index.ts';
import { BackgroundTasks } from './tasks.ts';

export interface BuildAppOptions {
  config: Config;
  db: Db;
  dbKind: DbKind;
  mailer: Mailer;
  storage: FileStorage;
  clock?: Clock;
  rateLimit?: RateLimitOptions;
  /** Directory of the built portal; default packages/portal/dist. */
  portalDist?: string;
  /** Extra modules (tests use this to add probe routes). */
  extraModules?: AppModule[];
  logger?: boolean;
}

export interface App extends FastifyInstance {
  ctx: AppContext;
  /** The live endpoint (also `ctx.live`). */
  live: LiveServer;
  routeAccess: RouteAccessEntry[];
}

/** JSON bodies are small; uploads set their own limit. */
export const JSON_BODY_LIMIT = 64 * 1024;

export async function buildApp(options: BuildAppOptions): Promise<App> {
  const clock = options.clock ?? systemClock;
  const app = Fastify({
    logger: options.logger ? { level: 'info' } : false,
    bodyLimit: JSON_BODY_LIMIT,
    // Never trust X-Forwarded-For: the IP in the activity log is the peer's address.
    trustProxy: false,
    routerOptions: { ignoreTrailingSlash: true },
  });

  // The live endpoint (/ws) sits on the same http.Server: Fastify has attached its request
  // listener at construction, attachLive puts its own in front for /ws only. It works without
  // listen() (fastify.inject never touches app.server), and app.close() closes it (preClose).
  const live = attachLiveEndpoint(app, options, clock);
  app.addHook('preClose', async () => {
    await live.close();
  });

  const tasks = new BackgroundTasks((error) =>
    app.log.error({ err: error }, 'bakgrundsjobb misslyckades'),
  );
  const sessions = new SessionService(options.db, clock, options.config.isProduction);
  const activity = new ActivityLog(options.db, clock);
  const outbox = createOutbox(options.db, clock, options.mailer, live.broker, tasks, app.log);
  const auth = new AuthService(
    options.db,
    clock,
    options.config,
    options.mailer,
    outbox,
    sessions,
    activity,
    tasks,
  );
  const ctx: AppContext = {
    config: options.config,
    db: options.db,
    dbKind: options.dbKind,
    clock,
    mailer: options.mailer,
    storage: options.storage,
    sessions,
    activity,
    tasks,
    outbox,
    auth,
    live,
    notifications: new NotificationService(options.db, clock, outbox),
  };
  const routeAccess: RouteAccessEntry[] = [];
  app.decorate('ctx', ctx);
  app.decorate('live', live);
  app.decorate('routeAccess', routeAccess);

  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ message: MESSAGES.notFound });
  });

  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1 } });

  registerAccessControl(app, sessions, routeAccess);
  registerLiveSessionEnd(app, ctx);
  registerOriginCheck(app, options.config.publicUrl);
  registerRateLimit(app, clock, options.rateLimit);
  registerSecurityHeaders(app, {
    hsts: options.config.isProduction && options.config.publicUrl.startsWith('https:'),
  });

  for (const mod of [...apiModules, ...(options.extraModules ?? [])]) {
    await mod(app, ctx);
  }
  await portalModule(options.portalDist)(app, ctx);

  app.addHook('onClose', async () => {
    await outbox.stop();
    await tasks.idle();
  });

  await app.ready();
  outbox.start();
  return app as unknown as App;
}

// ---- live endpoint wiring ------------------------------------------------------------------

/** A socket's user: the session's user id and role, and when that session ends. */
export interface LiveSessionUser extends LiveUser {
  id: number;
  role: 'USER' | 'STAFF' | 'ADMIN';
}

function attachLiveEndpoint(app: FastifyInstance, options: BuildAppOptions, clock: Clock) {
  const { db, config } = options;
  return attachLive<LiveSessionUser>(app.server, {
    authenticate: (req) => authenticateLive(db, clock, req),
    isAllowedOrigin: (origin, req) => isAllowedLiveOrigin(origin, req, config.publicUrl),
    authorize: async (user, destination) => {
      const id = conversationIdOf(destination);
      return id !== null && (await isConversationParticipant(db, id, user.id));
    },
    ...(config.redisUrl ? { redisUrl: config.redisUrl, redisChannel: config.redisChannel } : {}),
    // Without request logging the live server still reports its errors (Redis down, …) on the
    // console (its default logger); with it, through Fastify's logger.
    ...(options.logger ? { log: app.log } : {}),
  });
}

/**
 * The session behind a handshake's cookie, read-only: unlike SessionService.resolve it does
 * not touch last_seen_at (SockJS polls re-authenticate every ~25 s and must not keep a
 * session alive). `expiresAt` is when the absolute or idle timeout ends it, in wall-clock ms.
 */
async function authenticateLive(
  db: Db,
  clock: Clock,
  req: IncomingMessage,
): Promise<LiveSessionUser | null> {
  const token = cookieValue(req.headers.cookie, SESSION_COOKIE);
  if (!token || token.length > 200) return null;
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.user_id', 's.last_seen_at', 's.expires_at', 'u.role'])
    .where('s.id_hash', '=', sha256(token))
    .executeTakeFirst();
  if (!row) return null;
  const now = clock.now().getTime();
  const endsAt = Math.min(row.expires_at.getTime(), row.last_seen_at.getTime() + IDLE_TIMEOUT_MS);
  if (endsAt <= now) return null;
  // The live server's timers run on the wall clock; the app clock may be a test's fake one.
  return { id: row.user_id, role: row.role, expiresAt: Date.now() + (endsAt - now) };
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return undefined;
}

/**
 * WebSocket/SockJS handshakes: the PUBLIC_URL origin, the request's own scheme+Host (as the
 * HTTP Origin check in http/origin.ts), or no Origin at all (browsers always send one on a
 * WebSocket handshake and cross-site; same-origin SockJS GETs and non-browser clients don't).
 */
export function isAllowedLiveOrigin(
  origin: string | undefined,
  req: IncomingMessage,
  publicUrl: string,
): boolean {
  if (origin === undefined) return true;
  if (origin === publicUrl) return true;
  const host = req.headers.host;
  if (!host) return false;
  const scheme = (req.socket as TLSSocket).encrypted ? 'https' : 'http';
  return origin.toLowerCase() === `${scheme}://${host}`.toLowerCase();
}

/**
 * SUBSCRIBE to /topic/conversations/{id}/… is for the conversation's two participants.
 * (A small query of its own; the messaging module may take this over with its service.)
 */
export async function isConversationParticipant(
  db: Db,
  conversationId: string,
  userId: number,
): Promise<boolean> {
  if (!/^[1-9][0-9]{0,9}$/.test(conversationId) || Number(conversationId) > 2_147_483_647) {
    return false;
  }
  const row = await db
    .selectFrom('conversations')
    .select('id')
    .where('id', '=', Number(conversationId))
    .where((eb) => eb.or([eb('user_low_id', '=', userId), eb('user_high_id', '=', userId)]))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Calls that end sessions also end the live sockets of that user (on every instance):
 * logout, password change (other sessions end; this tab's socket reconnects with its still
 * valid session), and password reset/set (every session ends). closeUser closes all sockets
 * of the user; those of sessions that are still valid reconnect within the client's 5 s.
 */
function registerLiveSessionEnd(app: FastifyInstance, ctx: AppContext): void {
  const bySession = new Set([
    `${endpointDefs.logout.method} ${endpointDefs.logout.path}`,
    `${endpointDefs.changePassword.method} ${endpointDefs.changePassword.path}`,
  ]);
  const byToken = new Map<string, 'RESET_PASSWORD' | 'SET_PASSWORD'>([
    [`${endpointDefs.resetPassword.method} ${endpointDefs.resetPassword.path}`, 'RESET_PASSWORD'],
    [`${endpointDefs.setPassword.method} ${endpointDefs.setPassword.path}`, 'SET_PASSWORD'],
  ]);
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode >= 300) return;
    const route = `${request.method} ${request.routeOptions.url ?? ''}`;
    if (bySession.has(route)) {
      if (request.session) ctx.live.closeUser(request.session.userId);
      return;
    }
    const kind = byToken.get(route);
    if (!kind) return;
    const token = (request.body as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string') return;
    // The token was consumed by this very request; its row names the user.
    const row = await ctx.db
      .selectFrom('auth_tokens')
      .select('user_id')
      .where('token_hash', '=', sha256(token))
      .where('kind', '=', kind)
      .executeTakeFirst();
    if (row?.user_id) ctx.live.closeUser(row.user_id);
  });
}

/** Every failure becomes `{ message }` in Swedish; client mistakes are 4xx, never 500. */
function errorHandler(
  this: FastifyInstance,
  error: FastifyError | HttpError | Error,
  request: Parameters<Parameters<FastifyInstance['setErrorHandler']>[0]>[1],
  reply: Parameters<Parameters<FastifyInstance['setErrorHandler']>[0]>[2],
) {
  if (error instanceof HttpError) {
    return reply.code(error.statusCode).headers(error.headers).send({ message: error.message });
  }
  if (error instanceof ResponseContractError) {
    return reply.code(500).send({ message: error.message });
  }
  const code = 'code' in error ? error.code : undefined;
  const status = 'statusCode' in error ? error.statusCode : undefined;
  switch (code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return reply.code(400).send({ message: MESSAGES.invalidJson });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return reply.code(413).send({ message: MESSAGES.tooLarge });
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return reply.code(400).send({ message: MESSAGES.tooLarge });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return reply.code(400).send({ message: MESSAGES.unsupportedType });
  }
  if (error instanceof SyntaxError || (status !== undefined && status >= 400 && status < 500)) {
    return reply.code(status && status < 500 ? status : 400).send({ message: MESSAGES.badRequest });
  }
  request.log.error({ err: error }, 'oväntat fel');
  return reply.code(500).send({ message: MESSAGES.generic });
}
