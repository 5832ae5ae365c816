// buildApp(options): the whole HTTP app for main.ts and for tests (fastify.inject).
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { AppContext, AppModule } from './context.ts';
import type { Db, DbKind } from './db/index.ts';
import type { FileStorage } from './files/storage.ts';
import { registerAccessControl, type RouteAccessEntry } from './http/access.ts';
import { HttpError, MESSAGES } from './http/errors.ts';
import { registerOriginCheck } from './http/origin.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import './http/types.ts';
import type { Mailer } from './mail/mailer.ts';
import { ActivityLog } from './modules/activity/service.ts';
import { AuthService } from './modules/auth/service.ts';
import { SessionService } from './modules/auth/sessions.ts';
import { apiModules } from './modules/index.ts';
import { portalModule } from './modules/portal/routes.ts';
import { registerRateLimit, type RateLimitOptions } from './security/rate-limit.ts';
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

  const tasks = new BackgroundTasks((error) =>
    app.log.error({ err: error }, 'bakgrundsjobb misslyckades'),
  );
  const sessions = new SessionService(options.db, clock, options.config.isProduction);
  const activity = new ActivityLog(options.db, clock);
  const auth = new AuthService(
    options.db,
    clock,
    options.config,
    options.mailer,
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
    auth,
  };
  const routeAccess: RouteAccessEntry[] = [];
  app.decorate('ctx', ctx);
  app.decorate('routeAccess', routeAccess);

  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ message: MESSAGES.notFound });
  });

  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1 } });

  registerAccessControl(app, sessions, routeAccess);
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
    await tasks.idle();
  });

  await app.ready();
  return app as unknown as App;
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
  const code = 'code' in error ? error.code : undefined;
  const status = 'statusCode' in error ? error.statusCode : undefined;
  switch (code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return reply.code(400).send({ message: MESSAGES.invalidJson });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
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
