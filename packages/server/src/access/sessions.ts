// Server-side sessions: a random id in an HttpOnly cookie, only its sha256 in the table.
// Idle timeout 30 min, absolute 12 h; a new id at every 2FA success and password change; logout
// deletes the row.
import { SESSION_END_REASONS, type SessionEndReason } from '@halsa/api/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Clock } from '../clock.ts';
import { HOUR, MINUTE } from '../clock.ts';
import type { Db } from '../db/index.ts';
import type { Role } from '../db/schema.ts';
import { newToken, sha256 } from '../security/tokens.ts';
import type { SessionInvalidation } from './session-invalidation.ts';

export const SESSION_COOKIE = 'halsa_session';
/**
 * Under HTTPS the cookie is `__Host-halsa_session`: the browser then only accepts it Secure, with
 * Path=/ and without Domain, so no sibling subdomain (or plain-HTTP page) can plant or widen it.
 */
export const HOST_SESSION_COOKIE = '__Host-halsa_session';

export const sessionCookieName = (publicUrl: string): string =>
  publicUrl.startsWith('https:') ? HOST_SESSION_COOKIE : SESSION_COOKIE;

/** Whether a request carries a session cookie of either name (the Origin check, the portal). */
export const hasSessionCookie = (cookies: Record<string, string | undefined>): boolean =>
  cookies[SESSION_COOKIE] !== undefined || cookies[HOST_SESSION_COOKIE] !== undefined;

export interface SessionCookieOptions {
  /** `SESSION_COOKIE`, or `HOST_SESSION_COOKIE` under HTTPS (sessionCookieName). */
  name: string;
  secure: boolean;
}
export const IDLE_TIMEOUT_MS = 30 * MINUTE;
export const ABSOLUTE_TIMEOUT_MS = 12 * HOUR;
/** last_seen_at is written at most this often, so a busy session is not a write per call. */
const TOUCH_INTERVAL_MS = MINUTE;
/**
 * Each session touches (and, with REDIS_URL, re-reads) a little before the minute is out, by a
 * spread of up to this much taken from its id hash (`touchAfterMs`): sessions signed in in the
 * same second (a bench, a restart, a deploy) then do not all miss the cache and write in the
 * same second (issue 38). Earlier, never later: last_seen_at never lags a busy session by more
 * than TOUCH_INTERVAL_MS, so the idle timeout counts as before.
 */
export const TOUCH_JITTER_MS = 15_000;
/**
 * A resolved session is reused in-process for this long, so a busy client is not one query
 * per call. This process forgets entries at once on logout, password change and profile
 * change. With REDIS_URL every other instance is told at once too (session-invalidation.ts)
 * and the entry lives until the session's next last_seen_at touch (`touchAfterMs`); while that
 * channel is not live the cache is not used at all. Without REDIS_URL (one instance) entries
 * live this long, less up to a quarter by the same spread.
 */
export const SESSION_CACHE_TTL_MS = 2_000;
const SESSION_CACHE_MAX = 10_000;
/**
 * Why a session ended is remembered (by id hash) for as long as the session could have lived
 * at most, so the browser holding it is told on its next call, however long it was away: a
 * 401 then carries `reason` (issue 13). In memory and shared with the other instances through
 * the invalidation channel; a restarted instance answers a plain 401, which is still correct.
 */
const ENDED_TTL_MS = ABSOLUTE_TIMEOUT_MS;
const ENDED_MAX = 10_000;

interface CachedSession {
  ctx: SessionContext;
  /** Until when the entry is used (excluded): the touch moment, or the short TTL's end. */
  freshUntil: number;
  cachedAt: number;
  lastSeen: number;
  expiresAt: number;
}

/** This session's place in the spread, 0 ≤ f < 1, from its id hash (the same on every instance). */
const spreadOf = (idHash: string): number => parseInt(idHash.slice(0, 8), 16) / 2 ** 32;

/** How long after its last_seen_at this session is touched again (45–60 s, `TOUCH_JITTER_MS`). */
export const touchAfterMs = (idHash: string): number =>
  TOUCH_INTERVAL_MS - Math.floor(spreadOf(idHash) * TOUCH_JITTER_MS);

/** A lookup of one session in flight; `stale` once an invalidation came while it ran. */
interface Lookup {
  done: Promise<SessionContext | null>;
  stale: boolean;
}

export interface SessionContext {
  idHash: string;
  userId: number;
  role: Role;
  firstName: string;
  lastName: string;
  email: string;
  imageFileId: string | null;
  /** Her sign-in was strong on its own (e-legitimation, design §4.18): the staff rule holds. */
  strongSignIn: boolean;
}

export class SessionService {
  readonly #cache = new Map<string, CachedSession>();
  readonly #lookups = new Map<string, Lookup>();
  readonly #ended = new Map<string, { reason: SessionEndReason; until: number }>();
  #invalidation: SessionInvalidation | undefined;
  /** The channel's generation the cache was filled in. */
  #generation = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly cookie: SessionCookieOptions,
  ) {}

  get cookieName(): string {
    return this.cookie.name;
  }

  /** Shares invalidations with the other instances (REDIS_URL); see session-invalidation.ts. */
  useInvalidation(invalidation: SessionInvalidation): void {
    this.#invalidation = invalidation;
    this.#generation = invalidation.generation;
  }

  /**
   * An invalidation from another instance: forget a session (`s`) or a user's (`u`), or
   * remember why sessions ended (`e`, `<reason>:<idHash>,<idHash>…`).
   */
  dropLocal(kind: 's' | 'u' | 'e', id: string): void {
    if (kind === 's') this.#dropLocal(id);
    else if (kind === 'u' && /^\d+$/.test(id)) this.#forgetLocal(Number(id));
    else if (kind === 'e') {
      const [reason, hashes = ''] = id.split(':');
      const known = SESSION_END_REASONS.find((r) => r === reason);
      if (known) this.#rememberLocal(known, hashes.split(','));
    }
  }

  /** Why the session behind this cookie value was ended, if this server ended it lately. */
  endedReason(token: string | undefined): SessionEndReason | undefined {
    if (!token || token.length > 200) return undefined;
    const idHash = sha256(token);
    const entry = this.#ended.get(idHash);
    if (entry && entry.until > this.clock.now().getTime()) return entry.reason;
    if (entry) this.#ended.delete(idHash);
    return undefined;
  }

  /** Remembers why these sessions ended, here and (REDIS_URL) on every other instance. */
  async rememberEnded(reason: SessionEndReason, idHashes: string[]): Promise<void> {
    if (idHashes.length === 0) return;
    this.#rememberLocal(reason, idHashes);
    await this.#invalidation?.publish('e', `${reason}:${idHashes.join(',')}`);
  }

  #rememberLocal(reason: SessionEndReason, idHashes: string[]): void {
    const until = this.clock.now().getTime() + ENDED_TTL_MS;
    for (const idHash of idHashes) {
      if (!/^[0-9a-f]{64}$/.test(idHash)) continue;
      if (this.#ended.size >= ENDED_MAX) {
        const oldest = this.#ended.keys().next().value;
        if (oldest !== undefined) this.#ended.delete(oldest);
      }
      this.#ended.delete(idHash);
      this.#ended.set(idHash, { reason, until });
    }
  }

  /**
   * A new session for `userId`. `strongSignIn`: the sign-in was strong on its own (e-legitimation),
   * so the clinic's staff rule does not lead her to set up a method (strong-rule.ts).
   */
  async create(
    userId: number,
    meta: { ip: string; userAgent: string | undefined },
    { strongSignIn = false }: { strongSignIn?: boolean } = {},
  ): Promise<{ token: string; expiresAt: Date }> {
    const token = newToken();
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + ABSOLUTE_TIMEOUT_MS);
    await this.db
      .insertInto('sessions')
      .values({
        id_hash: sha256(token),
        user_id: userId,
        created_at: now,
        last_seen_at: now,
        expires_at: expiresAt,
        ip_address: meta.ip,
        user_agent: meta.userAgent?.slice(0, 300) ?? null,
        strong_sign_in: strongSignIn,
      })
      .execute();
    return { token, expiresAt };
  }

  /**
   * Gives a live session a new id (after a password change): the row keeps its times, so the
   * 12 h limit still counts from the login, and the old cookie value stops working here and
   * (REDIS_URL) on every other instance. Returns the new cookie value, or null when the session
   * is gone.
   */
  async rotate(idHash: string): Promise<string | null> {
    const token = newToken();
    const row = await this.db
      .updateTable('sessions')
      .set({ id_hash: sha256(token) })
      .where('id_hash', '=', idHash)
      .returning('user_id')
      .executeTakeFirst();
    this.#dropLocal(idHash);
    await this.#invalidation?.publish('s', idHash);
    return row ? token : null;
  }

  /**
   * The live session for a cookie value, or null (expired ones are deleted). Concurrent calls of
   * one session (a page fires several at once) share one lookup, and so one touch.
   */
  async resolve(token: string | undefined): Promise<SessionContext | null> {
    if (!token || token.length > 200) return null;
    const idHash = sha256(token);
    const now = this.clock.now().getTime();
    const shared = this.#invalidation;
    // While the channel is not live a logout elsewhere is not heard: every call reads on its own
    // and nothing read before or meanwhile is kept, so no call is answered by a lookup begun
    // before such a logout, nor (once the channel is live again) by what was read while deaf.
    if (shared && !shared.listening) {
      this.#dropAllLocal();
      return this.#lookup(idHash, now, { done: Promise.resolve(null), stale: true });
    }
    // Live again since this instance last looked: messages may have been lost meanwhile.
    if (shared && shared.generation !== this.#generation) {
      this.#dropAllLocal();
      this.#generation = shared.generation;
    }
    const cached = this.#cache.get(idHash);
    if (cached) {
      const fresh = now < cached.freshUntil && now >= cached.cachedAt;
      const live = cached.expiresAt > now && cached.lastSeen + IDLE_TIMEOUT_MS > now;
      if (fresh && live) return cached.ctx;
      this.#cache.delete(idHash);
    }
    const running = this.#lookups.get(idHash);
    if (running) return running.done;
    const lookup: Lookup = { done: Promise.resolve(null), stale: false };
    lookup.done = this.#lookup(idHash, now, lookup).finally(() => {
      if (this.#lookups.get(idHash) === lookup) this.#lookups.delete(idHash);
    });
    this.#lookups.set(idHash, lookup);
    return lookup.done;
  }

  /**
   * One statement reads the session and, when its touch is due (`touchAfterMs`), writes
   * last_seen_at and the user's last_active_at. A touch that another instance made meanwhile
   * makes the row no longer match, so the session is not touched twice.
   *
   * Every read of `users` here is by the session's user id as a value (a scalar subquery), never
   * a join on sessions.user_id: with sessions' statistics taken while it held a few rows of low
   * ids, PostgreSQL chose a merge join that read users' primary key from id 1 up to hers, about
   * 100 ms for a client of id 150 000 on 200 000 clients, on every lookup (issue 38).
   */
  async #lookup(idHash: string, now: number, lookup: Lookup): Promise<SessionContext | null> {
    const at = new Date(now);
    const row = await this.db
      .with('touched', (db) =>
        db
          .updateTable('sessions')
          .set({ last_seen_at: at })
          .where('id_hash', '=', idHash)
          .where('last_seen_at', '<=', new Date(now - touchAfterMs(idHash)))
          .where('last_seen_at', '>', new Date(now - IDLE_TIMEOUT_MS))
          .where('expires_at', '>', at)
          .where(
            sql<boolean>`(select u.deactivated_at is null from users u where u.id = sessions.user_id)`,
          )
          .returning('user_id'),
      )
      .with('active', (db) =>
        db
          .updateTable('users')
          .set({ last_active_at: at })
          .where('id', '=', db.selectFrom('touched').select('touched.user_id'))
          .returning('id'),
      )
      .selectFrom('sessions as s')
      .innerJoin('users as u', (join) =>
        join.on('u.id', '=', (eb) =>
          eb.selectFrom('sessions').select('user_id').where('id_hash', '=', idHash),
        ),
      )
      .select([
        's.id_hash',
        's.user_id',
        's.last_seen_at',
        's.expires_at',
        's.strong_sign_in',
        'u.role',
        'u.first_name',
        'u.last_name',
        'u.email',
        'u.image_file_id',
        sql<boolean>`exists (select 1 from active)`.as('touched'),
      ])
      .where('s.id_hash', '=', idHash)
      .where('u.deactivated_at', 'is', null)
      .executeTakeFirst();
    if (!row) return null;
    if (row.expires_at.getTime() <= now || row.last_seen_at.getTime() + IDLE_TIMEOUT_MS <= now) {
      await this.db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
      await this.rememberEnded('EXPIRED', [idHash]);
      return null;
    }
    // The statement's own read sees the row as it was before its touch.
    const lastSeen = row.touched ? now : row.last_seen_at.getTime();
    const ctx: SessionContext = {
      idHash,
      userId: row.user_id,
      role: row.role,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      imageFileId: row.image_file_id,
      strongSignIn: row.strong_sign_in,
    };
    // Logout, rotation or a profile change while it ran: answer this call, keep nothing.
    if (lookup.stale) return ctx;
    if (this.#cache.size >= SESSION_CACHE_MAX) {
      const oldest = this.#cache.keys().next().value;
      if (oldest !== undefined) this.#cache.delete(oldest);
    }
    let freshUntil = lastSeen + touchAfterMs(idHash);
    if (!this.#invalidation) {
      const ttl = SESSION_CACHE_TTL_MS - Math.floor((spreadOf(idHash) * SESSION_CACHE_TTL_MS) / 4);
      freshUntil = Math.min(freshUntil, now + ttl);
    }
    this.#cache.set(idHash, {
      ctx,
      freshUntil,
      cachedAt: now,
      lastSeen,
      expiresAt: row.expires_at.getTime(),
    });
    return ctx;
  }

  /** Forgets every session here: the cache, and no lookup in flight keeps its answer. */
  #dropAllLocal(): void {
    this.#cache.clear();
    for (const lookup of this.#lookups.values()) lookup.stale = true;
    this.#lookups.clear();
  }

  /** Forgets a session here: its cached entry, and a lookup in flight keeps nothing. */
  #dropLocal(idHash: string): void {
    this.#cache.delete(idHash);
    const lookup = this.#lookups.get(idHash);
    if (lookup) {
      lookup.stale = true;
      this.#lookups.delete(idHash);
    }
  }

  /**
   * Drops cached sessions of a user after a change to the user or their sessions, here and
   * (REDIS_URL) on every other instance; resolves once the others were told.
   */
  async forgetUser(userId: number): Promise<void> {
    this.#forgetLocal(userId);
    await this.#invalidation?.publish('u', String(userId));
  }

  #forgetLocal(userId: number): void {
    for (const [key, entry] of this.#cache)
      if (entry.ctx.userId === userId) this.#cache.delete(key);
    // Whose session a lookup in flight reads is not known yet: none of them keeps its answer.
    for (const lookup of this.#lookups.values()) lookup.stale = true;
    this.#lookups.clear();
  }

  async destroyByToken(token: string | undefined): Promise<void> {
    if (!token || token.length > 200) return;
    await this.destroy(sha256(token));
  }

  async destroy(idHash: string): Promise<void> {
    this.#dropLocal(idHash);
    await this.db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
    // Again once the row is gone: a call made while the DELETE ran may have read it and cached
    // it, or be reading it still; neither may serve a call after the logout.
    this.#dropLocal(idHash);
    await this.#invalidation?.publish('s', idHash);
  }

  /**
   * Ends every session of a user, except `keepIdHash` when given (password changes), and
   * remembers `reason` for the ended ones so their browsers are told why (endedReason).
   */
  async destroyAllForUser(
    userId: number,
    reason: SessionEndReason,
    keepIdHash?: string,
  ): Promise<void> {
    let q = this.db.deleteFrom('sessions').where('user_id', '=', userId);
    if (keepIdHash) q = q.where('id_hash', '<>', keepIdHash);
    const rows = await q.returning('id_hash').execute();
    await this.rememberEnded(
      reason,
      rows.map((r) => r.id_hash),
    );
    await this.forgetUser(userId);
  }

  /**
   * A browser-session cookie: no Expires or Max-Age, so closing the browser on a shared computer
   * ends it; the server still ends the session after 30 min idle or 12 h (`expiresAt`, kept in
   * the table, not in the cookie).
   */
  setCookie(reply: FastifyReply, token: string): void {
    reply.setCookie(this.cookie.name, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.cookie.secure,
    });
  }

  clearCookie(reply: FastifyReply): void {
    reply.clearCookie(this.cookie.name, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.cookie.secure,
    });
  }

  tokenOf(request: FastifyRequest): string | undefined {
    return request.cookies[this.cookie.name];
  }
}
