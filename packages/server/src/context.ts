// Everything a module needs, built once by buildApp. A module is a function that adds
// routes (and hooks) to the app with this context; see modules/index.ts.
import type { FastifyInstance } from 'fastify';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Db, DbKind } from './db/index.ts';
import type { FileStorage } from './files/storage.ts';
import type { LiveServer } from './live/index.ts';
import type { Mailer } from './mail/mailer.ts';
import type { ActivityLog } from './modules/activity/service.ts';
import type { AuthService } from './modules/auth/service.ts';
import type { SessionService } from './access/sessions.ts';
import type { NoticeMails } from './modules/notice-mails/service.ts';
import type { NotificationService } from './modules/notifications/service.ts';
import type { Outbox } from './outbox/outbox.ts';
import type { RedisConnections } from './redis.ts';
import type { ExportLimits } from './security/export-limit.ts';
import type { SharedLimitStore } from './security/limit-store.ts';
import type { BackgroundTasks } from './tasks.ts';

export interface AppContext {
  config: Config;
  db: Db;
  dbKind: DbKind;
  clock: Clock;
  mailer: Mailer;
  storage: FileStorage;
  sessions: SessionService;
  activity: ActivityLog;
  tasks: BackgroundTasks;
  /** Mails and notification pushes written in a change's transaction, delivered after commit. */
  outbox: Outbox;
  auth: AuthService;
  /**
   * The live (STOMP) endpoint at /ws, attached to `app.server` by buildApp. Services push
   * with `ctx.live.broker.publish(…)` / `publishToUser(…)`; `closeUser` ends a user's sockets.
   */
  live: LiveServer;
  /** `notify(userId, type, message)`: stores a notification and pushes it to the user. */
  notifications: NotificationService;
  /** Notice mails, calendar invitations and reminders (design §4.16), through the outbox. */
  noticeMails: NoticeMails;
  /** The instance's Redis connections (REDIS_URL; redis.ts), unset without it. */
  redis: RedisConnections | undefined;
  /** The counters of the rate limits and upload tries: Redis with REDIS_URL, else in-process. */
  limitStore: SharedLimitStore;
  /** A user's CSV exports: a few a minute (in `limitStore`), one at a time (this instance). */
  exportLimits: ExportLimits;
}

export type AppModule = (app: FastifyInstance, ctx: AppContext) => void | Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The app context, decorated by buildApp (defineRoute reads config and the activity log). */
    ctx: AppContext;
  }
}
