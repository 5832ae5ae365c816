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
//     A bucket with `backoff` doubles its wait for every try made while it is closed (up to
//     2^BACKOFF_STEPS windows), so hammering an account gains less and less.
// The counters live in the app's limit store (limit-store.ts): with REDIS_URL in Redis (the
// library's Lua store), so every instance sees the same count; without it in this process (one
// instance, the embedded default). Both grow a closed bucket's wait the same way.
// If Redis cannot be reached the check lets the request through (logged): the OTP's own 5 tries
// per code are in the database and hold regardless, and /readyz reports Redis as down.
import fastifyRateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/index.ts';
import { MESSAGES, tooManyRequests } from '../http/errors.ts';
import { clientNetwork } from './ip-network.ts';
import type { LimitStore } from './limit-store.ts';
import { UUID_RE } from './tokens.ts';

export interface AccountLimit {
  /** Name of the count; routes naming the same bucket share it. */
  bucket: string;
  /** What names the account: the body's e-mail, or the user behind the body's twoFactorId. */
  by: 'email' | 'twoFactorId';
  /** Which answers count: 401s, 2xx answers, or every try. */
  count: 'failures' | 'successes' | 'all';
  max: number;
  windowMs: number;
  /** Every try while the bucket is closed doubles the wait (at most 2^BACKOFF_STEPS windows). */
  backoff?: boolean;
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
  store: LimitStore;
}

/** A closed bucket's wait doubles at most this many times (5 min → 5 h 20 min). */
export const BACKOFF_STEPS = 6;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The auth routes' limits. Per IP: generous (300 logins a minute from one office address).
 * Per account: 5 wrong passwords per 5 minutes then a doubling wait; 10 login codes mailed and
 * 10 wrong codes per hour (each code itself allows 5 tries, in the database), so opening new
 * challenges to get more tries gains nothing; 10 resends and 5 reset mails per hour.
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
        max: 5,
        windowMs: 5 * MINUTE,
        backoff: true,
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
      { bucket: 'forgot', by: 'email', count: 'all', max: 5, windowMs: HOUR, backoff: true },
    ],
  },
} as const satisfies Record<string, RateLimitRule>;

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

interface Pending {
  limit: AccountLimit;
  key: string;
}

const pendingKey = Symbol('halsa.rateLimit.pending');
const accountKey = Symbol('halsa.rateLimit.accountKey');
type WithPending = FastifyRequest & { [pendingKey]?: Pending[]; [accountKey]?: string };

/** Runs an account limiter on `key` (its key generator reads the key from the request). */
function onAccount<T>(request: FastifyRequest, key: string, run: () => Promise<T>): Promise<T> {
  (request as WithPending)[accountKey] = key;
  return run();
}
const accountKeyOf = (request: FastifyRequest): string =>
  (request as WithPending)[accountKey] ?? 'none';

export async function registerRateLimit(
  app: FastifyInstance,
  deps: RateLimitDeps,
  options: RateLimitOptions = {},
): Promise<void> {
  if (options.enabled === false) return;
  const factor = options.factor ?? 1;
  // The plugin constructs its store with `new`; this hands it the app's one store, whose
  // children (one per limiter below) share its counters.
  const store = function appStore() {
    return deps.store;
  } as unknown as FastifyRateLimitStoreCtor;
  await app.register(fastifyRateLimit, { global: false, skipOnError: true, store });

  // One limiter per (route, bucket): the key it generates carries both, since every limiter
  // made by createRateLimit shares one key prefix in the store.
  const limiters = new Map<string, Limiter>();
  const limiterFor = (
    id: string,
    max: number,
    windowMs: number,
    backoff: boolean,
    key: (req: FastifyRequest) => string,
  ): Limiter => {
    // Cached by id: `key` must derive everything from the request.
    let limiter = limiters.get(id);
    if (!limiter) {
      limiter = app.createRateLimit({
        max: Math.max(1, Math.round(max * factor)),
        timeWindow: windowMs,
        keyGenerator: key,
        // Not in CreateRateLimitOptions' types, honoured by the store (library index.js).
        ...({ exponentialBackoff: backoff } as object),
        // Only read back as `isBanned` (more than BACKOFF_STEPS tries while closed): the cap
        // on the growth below. Nothing bans; these limiters are called, not route hooks.
        ...(backoff ? { ban: BACKOFF_STEPS } : {}),
      });
      limiters.set(id, limiter);
    }
    return limiter;
  };

  const refuse = (ttlMs: number) =>
    tooManyRequests(MESSAGES.rateLimited, Math.max(1, Math.ceil(ttlMs / 1000)));

  app.addHook('onRequest', async (request) => {
    const rule = request.routeOptions.config.limits;
    if (!rule || request.routeOptions.config.access !== 'public') return;
    const route = `${request.routeOptions.method} ${request.routeOptions.url}`;
    const limiter = limiterFor(
      `ip ${route}`,
      rule.max,
      rule.windowMs,
      false,
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
        false,
        (req) => `user:${req.routeOptions.method} ${req.routeOptions.url}:${req.session?.userId}`,
      );
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) throw refuse(result.ttl);
    }
    if (!rule.account?.length) return;
    const pending: Pending[] = [];
    for (const limit of rule.account) {
      const account = await accountOf(deps.db, limit.by, request.body);
      if (account === null) continue;
      const key = `account:${limit.bucket}:${account}`;
      const limiter = limiterFor(
        `account ${limit.bucket}`,
        limit.max,
        limit.windowMs,
        limit.backoff ?? false,
        accountKeyOf,
      );
      if (limit.count === 'all') {
        const result = await onAccount(request, key, () => limiter(request));
        if (!result.isAllowed && result.isExceeded) throw refuse(result.ttl);
        continue;
      }
      const seen = await onAccount(request, key, () => limiter(request, { increment: false }));
      if (!seen.isAllowed && seen.remaining === 0 && seen.ttl > 0) {
        // Closed: a try now counts against it and, with backoff, doubles the wait, in Redis and
        // in-process alike: the k-th try while closed sets it to 2^(k−1) windows from now. Capped
        // by the count, not the wait left: after BACKOFF_STEPS + 1 such tries (a wait of
        // 2^BACKOFF_STEPS windows) further tries neither count nor extend it, so waiting until
        // little is left and trying again cannot push the next doubling past the cap.
        const capped = seen.isBanned;
        const grown =
          limit.backoff && !capped ? await onAccount(request, key, () => limiter(request)) : seen;
        throw refuse(grown.isAllowed ? seen.ttl : Math.max(grown.ttl, seen.ttl));
      }
      pending.push({ limit, key });
    }
    (request as WithPending)[pendingKey] = pending;
  });

  // Counted before the answer is written, so the caller's next try already sees it.
  app.addHook('onSend', async (request, reply) => {
    const pending = (request as WithPending)[pendingKey];
    if (!pending?.length) return;
    const failed = reply.statusCode === 401;
    const succeeded = reply.statusCode >= 200 && reply.statusCode < 300;
    for (const { limit, key } of pending) {
      if ((limit.count === 'failures' && failed) || (limit.count === 'successes' && succeeded)) {
        const limiter = limiters.get(`account ${limit.bucket}`)!;
        await onAccount(request, key, () => limiter(request));
      }
    }
  });
}

/** The account a request names: a lower-cased e-mail, or `user:<id>` behind a twoFactorId. */
async function accountOf(db: Db, by: AccountLimit['by'], body: unknown): Promise<string | null> {
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
