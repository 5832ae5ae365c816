// buildApp(options): the whole HTTP app for main.ts and for tests (fastify.inject).
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { AppContext, AppModule } from './context.ts';
import type { Db, DbKind } from './db/index.ts';
import type { FileStorage } from './files/storage.ts';
import { registerAccessControl, type RouteAccessEntry } from './http/access.ts';
import { errorHandler } from './http/error-handler.ts';
import { MESSAGES } from './http/errors.ts';
import { registerFetchSiteCheck } from './http/fetch-site.ts';
import { registerOriginCheck } from './http/origin.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { validatorCompiler } from './http/validate.ts';
import './http/types.ts';
import type { LiveServer } from './live/index.ts';
import type { Mailer } from './mail/mailer.ts';
import { ActivityLog, type ActivityLogOptions } from './modules/activity/service.ts';
import { AuthService } from './modules/auth/service.ts';
import { RedisSessionInvalidation } from './access/session-invalidation.ts';
import { SessionService, sessionCookieName } from './access/sessions.ts';
import { attachLiveEndpoint, registerLiveSessionEnd } from './live-wiring.ts';
import { apiModules } from './modules/index.ts';
import { NoticeMails } from './modules/notice-mails/service.ts';
import { NotificationService } from './modules/notifications/service.ts';
import { registerCompression } from './modules/portal/compression.ts';
import { portalModule } from './modules/portal/routes.ts';
import { ExportLimits } from './security/export-limit.ts';
import { openLimitStore } from './security/limit-store.ts';
import { registerRateLimit, type RateLimitOptions } from './security/rate-limit.ts';
import { createOutbox } from './outbox/index.ts';
import { openRedis } from './redis.ts';
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
  /** The activity log's writer (group commit on by default; the log-wall bench turns it off). */
  activityLog?: ActivityLogOptions;
}

export interface App extends FastifyInstance {
  ctx: AppContext;
  /** The live endpoint (also `ctx.live`). */
  live: LiveServer;
  routeAccess: RouteAccessEntry[];
}

/** How long a closing app waits for requests in flight before it closes the live endpoint. */
const IN_FLIGHT_WAIT_MS = 3_000;

/** JSON bodies are small; uploads set their own limit. */
export const JSON_BODY_LIMIT = 64 * 1024;

export async function buildApp(options: BuildAppOptions): Promise<App> {
  const clock = options.clock ?? systemClock;
  const app = Fastify({
    logger: options.logger ? { level: 'info' } : false,
    bodyLimit: JSON_BODY_LIMIT,
    // X-Forwarded-For is trusted only from TRUST_PROXY's addresses: then request.ip (rate limits,
    // the activity log) is the client's; otherwise it is the peer's and forwarded headers are
    // ignored.
    trustProxy: options.config.trustProxy ?? false,
    routerOptions: { ignoreTrailingSlash: true },
  });

  // The live endpoint (/ws) sits on the same http.Server: Fastify has attached its request
  // listener at construction, attachLive puts its own in front for /ws only. It works without
  // listen() (fastify.inject never touches app.server), and app.close() closes it (preClose).
  // The instance's Redis connections (REDIS_URL), shared by the live fan-out, the session
  // invalidation, the limit store and /readyz. Closed by the first onClose hook registered, so
  // last (Fastify runs them in reverse): everything that publishes or counts has stopped by then.
  const redis = options.config.redisUrl
    ? openRedis(options.config.redisUrl, options.logger ? app.log : undefined)
    : undefined;
  if (redis) app.addHook('onClose', () => redis.close());
  const tasks = new BackgroundTasks((error) =>
    app.log.error({ err: error }, 'bakgrundsjobb misslyckades'),
  );
  const activity = new ActivityLog(options.db, clock, options.activityLog);
  const live = attachLiveEndpoint(app, options, clock, redis, { activity, tasks });
  // Closing (SIGTERM): requests arriving from now on get 503 (the proxy passes them to another
  // instance); those already in flight get up to IN_FLIGHT_WAIT_MS to finish before the live
  // sockets close, so their own publishes still reach this instance's sockets. One that takes
  // longer still publishes to Redis (the fan-out keeps publishing after the live endpoint
  // closed): Fastify closes the server, which waits for every request, before the onClose hooks,
  // and Redis closes last (test/cluster-shutdown.test.ts).
  let inFlight = 0;
  app.addHook('onRequest', async (_request, reply) => {
    inFlight++;
    reply.raw.once('close', () => inFlight--);
  });
  app.addHook('preClose', async () => {
    for (const end = Date.now() + IN_FLIGHT_WAIT_MS; inFlight > 0 && Date.now() < end;) {
      await new Promise((r) => setTimeout(r, 10));
    }
    await live.close();
  });

  const sessions = new SessionService(options.db, clock, {
    name: sessionCookieName(options.config.publicUrl),
    // Secure in production and whenever the portal is served over HTTPS.
    secure: options.config.isProduction || options.config.publicUrl.startsWith('https:'),
  });
  if (redis) {
    // Logout, password and profile changes reach every instance's session cache at once.
    const invalidation = new RedisSessionInvalidation(
      redis,
      options.config.redisChannel,
      (kind, id) => sessions.dropLocal(kind, id),
    );
    sessions.useInvalidation(invalidation);
    app.addHook('onClose', () => invalidation.close());
  }
  // The counters of the rate limits and upload tries: in Redis when REDIS_URL is set (shared by
  // every instance), in this process otherwise.
  const limitStore = openLimitStore({
    redis,
    namespace: `${options.config.redisChannel}:rate`,
    clock,
    log: app.log,
  });
  const outbox = createOutbox(
    options.db,
    clock,
    options.mailer,
    live.broker,
    tasks,
    app.log,
    options.config.publicUrl,
  );
  const noticeMails = new NoticeMails(
    options.db,
    clock,
    outbox,
    {
      publicUrl: options.config.publicUrl,
      sessionSecret: options.config.sessionSecret,
      mailFrom: options.config.mailFrom,
    },
    {
      track: (task) => tasks.run(task),
      onError: (err) => app.log.error({ err }, 'e-postavisering: körningen misslyckades'),
    },
  );
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
    notifications: new NotificationService(options.db, clock, outbox, noticeMails),
    noticeMails,
    redis,
    limitStore,
    // Off with the rate limits (tests not about limits), scaled by their factor.
    exportLimits: new ExportLimits(limitStore, options.rateLimit),
  };
  const routeAccess: RouteAccessEntry[] = [];
  app.decorate('ctx', ctx);
  app.decorate('live', live);
  app.decorate('routeAccess', routeAccess);

  // Contract routes (http/route.ts) validate requests and serialise JSON answers from their
  // zod schemas: a field the response schema does not declare is never sent.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ message: MESSAGES.notFound });
  });

  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1 } });
  // Before any route: @fastify/compress hooks the routes registered after it.
  await registerCompression(app);

  registerAccessControl(app, sessions, routeAccess);
  registerLiveSessionEnd(app, ctx);
  registerFetchSiteCheck(app);
  registerOriginCheck(app, options.config.publicUrl);
  await registerRateLimit(app, { db: options.db, limits: limitStore }, options.rateLimit);
  registerSecurityHeaders(app, {
    // HSTS whenever the portal is served over HTTPS (PUBLIC_URL https), behind a proxy or not.
    hsts: options.config.publicUrl.startsWith('https:'),
    publicUrl: options.config.publicUrl,
  });

  for (const mod of [...apiModules, ...(options.extraModules ?? [])]) {
    await mod(app, ctx);
  }
  await portalModule(options.portalDist)(app, ctx);

  app.addHook('onClose', async () => {
    await noticeMails.stop();
    await outbox.stop();
    await tasks.idle();
  });

  await app.ready();
  outbox.start();
  noticeMails.start();
  return app as unknown as App;
}
