// Rate limits that protect accounts without punishing offices (issue 15), on @fastify/rate-limit.
//
// A route opts in with `limits` (defineRoute's `rateLimit:` option):
//   - a ceiling (`max` per `windowMs`): on a public route per client IP, checked on request
//     (`request.ip` is the client's address only when TRUST_PROXY names the proxy; sized so an
//     office of several hundred people behind one NAT address can all log in on the same
//     morning; an IPv6 client counts by its /64, see ip-network.ts); on a signed-in route per user, checked once the session is known, so colleagues
//     behind one address never share it;
//   - per-account buckets (`account: [...]`), checked once the body is read: keyed by the e-mail
//     or by the user behind a twoFactorId, counting failures (401), successes (2xx) or every try.
//     A bucket `perNetwork` counts per account AND client network (lockoutNetwork: IPv4 /24,
//     IPv6 /64): a stranger's tries lock the account from the stranger's network only, while a
//     higher per-account ceiling across all networks, without backoff, slows many networks
//     together down: over it each network keeps only its first CEILING_TRIES tries of its own
//     window, so a network that has not tried (the owner's) is never refused (issue 34).
//     A bucket with `backoff` doubles its wait for every try made while it is closed (up to
//     2^BACKOFF_STEPS windows); no wait of any bucket exceeds MAX_WAIT_MS (issue 22).
// Every try is counted atomically BEFORE the route runs (issue 22): the store's `hit` reserves
// it (one Lua script in Redis), so of concurrent tries only `max` run the password check; a try
// whose answer turns out not to count (a right password, for a bucket of failures) is given
// back after the answer. The IP ceilings live in the library's store, the account buckets in the
// app's limit store (limit-store.ts): with REDIS_URL in Redis, shared by every instance; without
// it in this process. unlockAccount lifts every lock of one account (an ADMIN's action).
// If Redis cannot be reached the check lets the request through (logged): the OTP's own 5 tries
// per code are in the database and hold regardless, and /readyz reports Redis as down.
import fastifyRateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/index.ts';
import { rateLimitedMessage, tooManyRequests } from '../http/errors.ts';
import { clientNetwork, lockoutNetwork } from './ip-network.ts';
import type { LimitStore, SharedLimitStore } from './limit-store.ts';
import { UUID_RE } from './tokens.ts';

export interface AccountLimit {
  /** Name of the count; routes naming the same bucket share it. */
  bucket: string;
  /**
   * What names the account: the body's e-mail, the user behind the body's twoFactorId, or the
   * owner of the passkey the body's `credential.id` names ('Logga in med nyckel').
   */
  by: 'email' | 'twoFactorId' | 'passkeyCredential';
  /** Which answers count: 401s, 2xx answers, or every try. */
  count: 'failures' | 'successes' | 'all';
  /** Per account and client network (lockoutNetwork), not per account alone. */
  perNetwork?: boolean;
  max: number;
  windowMs: number;
  /** Every try while the bucket is closed doubles the wait (at most 2^BACKOFF_STEPS windows). */
  backoff?: boolean;
  /**
   * An account-wide ceiling that never refuses on its own (issue 34): over it, a network may
   * make only the first `tries` tries of its own per-network bucket `bucket` (listed before this
   * one) in that bucket's window; a network that has made fewer, such as the owner's own, is let
   * through. So strangers on many networks slow each other down but never lock the owner out.
   */
  slows?: { bucket: string; tries: number };
}

export interface RateLimitRule {
  /** Per route and client IP (public routes) or signed-in user (other routes). */
  max: number;
  windowMs: number;
  account?: readonly AccountLimit[];
}

export interface RateLimitOptions {
  /** false turns limiting off (tests that are not about it); default true. */
  enabled?: boolean;
  /** Multiplies every limit's max (tests use a large factor). */
  factor?: number;
}

export interface RateLimitDeps {
  db: Db;
  /** The app's counters (limit-store.ts): Redis with REDIS_URL, in-process otherwise. */
  limits: SharedLimitStore;
}

/** A closed bucket's wait doubles at most this many times (5 min → 5 h 20 min). */
export const BACKOFF_STEPS = 6;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** No account bucket makes anyone wait longer than this (README "Rate limits"): 5 h 20 min. */
export const MAX_WAIT_MS = 5 * MINUTE * 2 ** BACKOFF_STEPS;

/**
 * Over an account-wide ceiling, the tries each network keeps in its own window (issue 34): two,
 * so the owner may mistype once while strangers are at her account.
 */
export const CEILING_TRIES = 2;

/**
 * The auth routes' limits. Per IP: generous (300 logins a minute from one office address).
 * Per account and network: 5 wrong passwords per 5 minutes then a doubling wait; per account
 * from all networks 20 wrong passwords per 15 minutes, over which every network keeps only its
 * first CEILING_TRIES tries of its window (a ceiling that slows strangers down, never one that
 * refuses the owner from her own network); 10 login codes mailed and
 * 10 wrong codes per hour (each code itself allows 5 tries, in the database), so opening new
 * challenges to get more tries gains nothing; 10 resends an hour; 5 reset mails an hour per
 * network (then a doubling wait), 10 from all networks, over which, likewise, each network
 * keeps only its first CEILING_TRIES.
 */
export const AUTH_LIMITS = {
  authenticate: {
    max: 300,
    windowMs: MINUTE,
    account: [
      {
        bucket: 'password',
        by: 'email',
        count: 'failures',
        perNetwork: true,
        max: 5,
        windowMs: 5 * MINUTE,
        backoff: true,
      },
      {
        bucket: 'password-all',
        by: 'email',
        count: 'failures',
        max: 20,
        windowMs: 15 * MINUTE,
        slows: { bucket: 'password', tries: CEILING_TRIES },
      },
      { bucket: 'challenges', by: 'email', count: 'successes', max: 10, windowMs: HOUR },
    ],
  },
  verify: {
    max: 300,
    windowMs: MINUTE,
    account: [
      {
        bucket: 'codes',
        by: 'twoFactorId',
        count: 'failures',
        max: 10,
        windowMs: HOUR,
        backoff: true,
      },
    ],
  },
  resend: {
    max: 100,
    windowMs: MINUTE,
    account: [{ bucket: 'resends', by: 'twoFactorId', count: 'all', max: 10, windowMs: HOUR }],
  },
  forgot: {
    max: 100,
    windowMs: MINUTE,
    account: [
      {
        bucket: 'forgot',
        by: 'email',
        count: 'all',
        perNetwork: true,
        max: 5,
        windowMs: HOUR,
        backoff: true,
      },
      {
        bucket: 'forgot-all',
        by: 'email',
        count: 'all',
        max: 10,
        windowMs: HOUR,
        slows: { bucket: 'forgot', tries: CEILING_TRIES },
      },
    ],
  },
} as const satisfies Record<string, RateLimitRule>;

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

interface Pending {
  limit: AccountLimit;
  key: string;
}

const pendingKey = Symbol('halsa.rateLimit.pending');
type WithPending = FastifyRequest & { [pendingKey]?: Pending[] };

/**
 * The store key of an account's bucket: `acct:<account>:` first, so unlockAccount finds all of
 * an account's keys by prefix (the account is URI-encoded: no `:` of an e-mail can run into it).
 */
const accountPrefix = (account: string) => `acct:${encodeURIComponent(account)}:`;

export async function registerRateLimit(
  app: FastifyInstance,
  deps: RateLimitDeps,
  options: RateLimitOptions = {},
): Promise<void> {
  if (options.enabled === false) return;
  const factor = options.factor ?? 1;
  // The plugin's public `store` option: a class it constructs once, asking it for one child per
  // limiter below. It counts in the app's one store, so every child shares its counters.
  const root = deps.limits.store;
  class AppLimitStore implements FastifyRateLimitStore {
    incr: LimitStore['incr'] = (...args) => root.incr(...args);
    read: LimitStore['read'] = (...args) => root.read(...args);
    child: LimitStore['child'] = (routeOptions) => root.child(routeOptions);
  }
  await app.register(fastifyRateLimit, {
    global: false,
    skipOnError: true,
    store: AppLimitStore,
  });

  // One limiter per (route, bucket): the key it generates carries both, since every limiter
  // made by createRateLimit shares one key prefix in the store.
  const limiters = new Map<string, Limiter>();
  const limiterFor = (
    id: string,
    max: number,
    windowMs: number,
    key: (req: FastifyRequest) => string,
  ): Limiter => {
    // Cached by id: `key` must derive everything from the request.
    let limiter = limiters.get(id);
    if (!limiter) {
      limiter = app.createRateLimit({
        max: Math.max(1, Math.round(max * factor)),
        timeWindow: windowMs,
        keyGenerator: key,
      });
      limiters.set(id, limiter);
    }
    return limiter;
  };

  // The 429 says when to try again (the Retry-After in words) and, for a wrong-password lock, how
  // to reset it.
  const refuse = (ttlMs: number, lock: 'password' | 'other' = 'other') => {
    const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
    return tooManyRequests(rateLimitedMessage(seconds, lock), seconds);
  };

  app.addHook('onRequest', async (request) => {
    const rule = request.routeOptions.config.limits;
    if (!rule || request.routeOptions.config.access !== 'public') return;
    const route = `${request.routeOptions.method} ${request.routeOptions.url}`;
    const limiter = limiterFor(
      `ip ${route}`,
      rule.max,
      rule.windowMs,
      (req) => `ip:${req.routeOptions.method} ${req.routeOptions.url}:${clientNetwork(req.ip)}`,
    );
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) throw refuse(result.ttl);
  });

  app.addHook('preHandler', async (request) => {
    const rule = request.routeOptions.config.limits;
    if (!rule) return;
    // Signed-in routes: per user (the access hook, registered before this one, set the session).
    if (request.session) {
      const limiter = limiterFor(
        `user ${request.routeOptions.method} ${request.routeOptions.url}`,
        rule.max,
        rule.windowMs,
        (req) => `user:${req.routeOptions.method} ${req.routeOptions.url}:${req.session?.userId}`,
      );
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) throw refuse(result.ttl);
    }
    if (!rule.account?.length) return;
    const pending: Pending[] = [];
    // This request's count in each bucket (its own try included), for a ceiling that `slows`.
    const counted = new Map<string, { key: string; current: number; ttl: number }>();
    // Reserved before the route runs; on a refusal the tries reserved so far are given back
    // (they were not made), the refused one stays counted (that is what grows the wait).
    for (const limit of rule.account) {
      const account = await accountOf(deps.db, limit.by, request.body);
      if (account === null) continue;
      const network = limit.perNetwork ? `:${lockoutNetwork(request.ip)}` : '';
      const key = `${accountPrefix(account)}${limit.bucket}${network}`;
      const max = Math.max(1, Math.round(limit.max * factor));
      const result = await deps.limits.hit(key, {
        windowMs: limit.windowMs,
        max,
        backoff: limit.backoff ?? false,
        steps: BACKOFF_STEPS,
        maxWaitMs: MAX_WAIT_MS,
      });
      if (result && result.current > max) {
        // A ceiling that slows refuses only a network that has used its few tries of its
        // window (the refused try then stays counted there too, so that network's wait grows);
        // if the network's count failed in the store, the try goes through as it then would.
        const own = limit.slows ? counted.get(limit.slows.bucket) : undefined;
        const through = limit.slows !== undefined && (!own || own.current <= limit.slows.tries);
        if (!through) {
          for (const p of pending) if (p.key !== own?.key) await deps.limits.release(p.key);
          throw refuse(
            own ? Math.min(own.ttl, result.ttl) : result.ttl,
            limit.by === 'email' && limit.count === 'failures' ? 'password' : 'other',
          );
        }
      }
      if (result) counted.set(limit.bucket, { key, ...result });
      if (result && limit.count !== 'all') pending.push({ limit, key });
    }
    (request as WithPending)[pendingKey] = pending;
  });

  // Settled before the answer is written, so the caller's next try already sees it.
  app.addHook('onSend', async (request, reply) => {
    const pending = (request as WithPending)[pendingKey];
    if (!pending?.length) return;
    const failed = reply.statusCode === 401;
    const succeeded = reply.statusCode >= 200 && reply.statusCode < 300;
    for (const { limit, key } of pending) {
      const counts = limit.count === 'failures' ? failed : succeeded;
      if (!counts) await deps.limits.release(key);
    }
  });
}

/**
 * Lifts every lock of one account (an ADMIN's action, issue 22): all its buckets, per network
 * and across networks, by e-mail and by user, in whichever store is active (`app.ctx`). The
 * next try counts from zero.
 */
export async function unlockAccount(
  ctx: { db: Db; limitStore: SharedLimitStore },
  userId: number,
): Promise<void> {
  const user = await ctx.db
    .selectFrom('users')
    .select('email')
    .where('id', '=', userId)
    .executeTakeFirst();
  await ctx.limitStore.clearPrefix(accountPrefix(`user:${userId}`));
  if (user)
    await ctx.limitStore.clearPrefix(accountPrefix(`email:${user.email.trim().toLowerCase()}`));
}

/**
 * Whether an account is locked now: a bucket of its sign-in tries (password, codes, forgot) has
 * gone over its limit and its wait has not ended. What `/staff` shows beside 'Lås upp inloggning'.
 */
export async function isAccountLocked(
  ctx: { db: Db; limitStore: SharedLimitStore },
  userId: number,
): Promise<boolean> {
  const user = await ctx.db
    .selectFrom('users')
    .select('email')
    .where('id', '=', userId)
    .executeTakeFirst();
  const accounts = [
    `user:${userId}`,
    ...(user ? [`email:${user.email.trim().toLowerCase()}`] : []),
  ];
  // A ceiling that only slows (`slows`) locks nobody out: it is not a lock.
  const maxOf = new Map<string, number>();
  for (const rule of Object.values(AUTH_LIMITS) as RateLimitRule[])
    for (const limit of rule.account ?? []) if (!limit.slows) maxOf.set(limit.bucket, limit.max);
  for (const account of accounts) {
    for (const { key, current } of await ctx.limitStore.peekPrefix(accountPrefix(account))) {
      const bucket = key.split(':')[0] ?? '';
      const max = maxOf.get(bucket);
      if (max !== undefined && current > max) return true;
    }
  }
  return false;
}

/** The account a request names: a lower-cased e-mail, or `user:<id>` behind a twoFactorId. */
async function accountOf(db: Db, by: AccountLimit['by'], body: unknown): Promise<string | null> {
  if (by === 'passkeyCredential') return passkeyAccountOf(db, body);
  const value = (body as Record<string, unknown> | null | undefined)?.[by];
  if (typeof value !== 'string' || value.length === 0 || value.length > 320) return null;
  if (by === 'email') return `email:${value.trim().toLowerCase()}`;
  if (!UUID_RE.test(value)) return null; // refused by the route itself, no account to count
  const row = await db
    .selectFrom('two_factor_challenges')
    .select('user_id')
    .where('id', '=', value)
    .executeTakeFirst();
  return row ? `user:${row.user_id}` : null;
}

/** `user:<id>` of the passkey a body's `credential.id` names, or null. */
async function passkeyAccountOf(db: Db, body: unknown): Promise<string | null> {
  const credential = (body as { credential?: { id?: unknown } } | null | undefined)?.credential;
  const id = credential?.id;
  if (typeof id !== 'string' || id.length === 0 || id.length > 1024) return null;
  const row = await db
    .selectFrom('sign_in_methods')
    .select('user_id')
    .where('kind', '=', 'PASSKEY')
    .where('credential_id', '=', id)
    .executeTakeFirst();
  return row ? `user:${row.user_id}` : null;
}
