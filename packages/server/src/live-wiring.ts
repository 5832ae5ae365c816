// The live endpoint (/ws) as the app wires it: a socket is authenticated by the session cookie
// of its handshake (read-only), its Origin is checked like HTTP's, a SUBSCRIBE to a conversation
// topic is for its participants (STAFF only while she may read the client, re-checked whenever
// her access changes), each message pushed to staff on it is logged as a read of the client, and
// calls that end sessions close that user's sockets.
import { endpointDefs, type Role } from '@halsa/api/contract';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { BuildAppOptions } from './app.ts';
import type { Clock } from './clock.ts';
import type { AppContext } from './context.ts';
import type { Db } from './db/index.ts';
import { attachLive, conversationIdOf, type LiveUser } from './live/index.ts';
import { IDLE_TIMEOUT_MS, sessionCookieName } from './access/sessions.ts';
import type { ActivityEntry, ActivityLog } from './modules/activity/service.ts';
import { conversationReadGrant } from './modules/care-team/live-access.ts';
import { strongSignInState } from './access/strong-rule.ts';
import type { RedisConnections } from './redis.ts';
import { sha256 } from './security/tokens.ts';
import type { BackgroundTasks } from './tasks.ts';

/** A socket's user: the session's user id and role, and when that session ends. */
export interface LiveSessionUser extends LiveUser {
  id: number;
  role: 'USER' | 'STAFF' | 'ADMIN';
  /** The session's sign-in was strong on its own (e-legitimation): the staff rule holds. */
  strongSignIn: boolean;
}

export function attachLiveEndpoint(
  app: FastifyInstance,
  options: Pick<BuildAppOptions, 'db' | 'config' | 'logger'>,
  clock: Clock,
  redis: RedisConnections | undefined,
  audit: { activity: ActivityLog; tasks: BackgroundTasks },
) {
  const { db, config } = options;
  return attachLive<LiveSessionUser>(app.server, {
    authenticate: (req) => authenticateLive(db, clock, req, sessionCookieName(config.publicUrl)),
    isAllowedOrigin: (origin, req) => isAllowedLiveOrigin(origin, req, config.publicUrl),
    // Her own /topic/users/{id}/… (the conversation summaries) are asked too: the staff rule.
    authorizeOwnTopics: true,
    authorize: async (user, destination) => {
      // The clinic's staff rule (design §4.17): a STAFF or ADMIN who must set up a passkey or an
      // authenticator app receives no client's messages or summaries, read with her role now.
      if (destination.startsWith('/topic/users/')) return ownTopicGrant(db, user);
      const id = conversationIdOf(destination);
      // SUBSCRIBE to /topic/conversations/{id}/… is for the conversation's two participants,
      // and a STAFF participant only while she may read the client (design §4.14), with the
      // role she has now. Under an emergency access the grant ends with it; asked again
      // whenever her access changes (recheckAccess) and every 10 s of deliveries.
      if (id === null || !/^[1-9][0-9]{0,9}$/.test(id)) return false;
      const grant = await conversationReadGrant(db, user.id, Number(id), clock.now());
      if (!grant) return false;
      if (grant.role !== 'USER' && (await mustSetUp(db, user, grant.role))) return false;
      const reader: DeliveryReader | null =
        grant.clientId === null ? null : { clientId: grant.clientId, conversationId: Number(id) };
      return {
        ...(grant.until ? { until: grant.until.getTime() } : {}),
        ...(reader ? { audit: reader } : {}),
      };
    },
    delivered: deliveryAudit(audit.activity, audit.tasks),
    now: () => clock.now().getTime(),
    ...(redis ? { redis, redisChannel: config.redisChannel } : {}),
    // Without request logging the live server still reports its errors (Redis down, …) on the
    // console (its default logger); with it, through Fastify's logger.
    ...(options.logger ? { log: app.log } : {}),
  });
}

const mustSetUp = async (db: Db, user: LiveSessionUser, role: Role) =>
  (await strongSignInState(db, { userId: user.id, role, strongSignIn: user.strongSignIn }))
    .mustSetUp;

/** Her own topics (classifySubscription let only hers through): refused under the staff rule. */
async function ownTopicGrant(db: Db, user: LiveSessionUser): Promise<boolean> {
  const userId = user.id;
  const row = await db
    .selectFrom('users')
    .select('role')
    .where('id', '=', userId)
    .where('deactivated_at', 'is', null)
    .executeTakeFirst();
  if (!row) return false;
  return row.role === 'USER' || !(await mustSetUp(db, user, row.role));
}

/** What a staff member's grant on a client's conversation carries for the delivery log. */
interface DeliveryReader {
  clientId: number;
  conversationId: number;
}

/**
 * Each message of a client pushed to a STAFF/ADMIN subscriber of her conversation topic is a
 * read of the client, logged as the live summary push is (MESSAGE_PUSHED, with the access's
 * `emergencyAccessId` added by the log when read under one), naming the topic. One row per
 * reader and message on this instance (several tabs write one), written in one INSERT per tick.
 * A read marker re-sent after the staff member read the message is not a new read; her own
 * messages are not a read of the client.
 */
function deliveryAudit(
  activity: ActivityLog,
  tasks: BackgroundTasks,
): (user: LiveSessionUser, destination: string, audit: unknown, json: string) => void {
  let pending: Map<string, ActivityEntry> | null = null;
  return (user, destination, audit, json) => {
    const reader = audit as DeliveryReader;
    const key = `${user.id}
${destination}
${json}`;
    if (pending?.has(key)) return;
    let message: { id?: unknown; sender?: unknown; isRead?: unknown; isEdited?: unknown };
    try {
      message = JSON.parse(json) as typeof message;
    } catch {
      return;
    }
    if (message.sender !== reader.clientId || typeof message.id !== 'number') return;
    if (message.isRead === true && message.isEdited !== true) return;
    if (!pending) {
      const batch = (pending = new Map());
      // Gathers this tick's deliveries (a publish reaches every socket in one go); a task from
      // the start, so shutdown and tests awaiting `tasks.idle()` wait for the row.
      tasks.run(async () => {
        await new Promise((resolve) => setImmediate(resolve));
        pending = null;
        await activity.recordMany([...batch.values()]);
      });
    }
    pending.set(key, {
      action: 'MESSAGE_PUSHED',
      actorUserId: user.id,
      subjectUserId: reader.clientId,
      ip: null,
      details: { conversationId: reader.conversationId, messageId: message.id, destination },
    });
  };
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
  cookieName: string,
): Promise<LiveSessionUser | null> {
  const token = cookieValue(req.headers.cookie, cookieName);
  if (!token || token.length > 200) return null;
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.user_id', 's.last_seen_at', 's.expires_at', 's.strong_sign_in', 'u.role'])
    .where('s.id_hash', '=', sha256(token))
    .executeTakeFirst();
  if (!row) return null;
  const now = clock.now().getTime();
  const endsAt = Math.min(row.expires_at.getTime(), row.last_seen_at.getTime() + IDLE_TIMEOUT_MS);
  if (endsAt <= now) return null;
  // The live server's timers run on the wall clock; the app clock may be a test's fake one.
  return {
    id: row.user_id,
    role: row.role,
    strongSignIn: row.strong_sign_in,
    expiresAt: Date.now() + (endsAt - now),
  };
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
 * Calls that end sessions also end the live sockets of that user (on every instance):
 * logout, password change (other sessions end; this tab's socket reconnects with its still
 * valid session), and password reset/set (every session ends). closeUser closes all sockets
 * of the user; those of sessions that are still valid reconnect within the client's 5 s.
 */
export function registerLiveSessionEnd(app: FastifyInstance, ctx: AppContext): void {
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
