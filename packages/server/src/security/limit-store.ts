// The counters behind the app's limits: the rate limits (rate-limit.ts, through
// @fastify/rate-limit) and the upload tries (files/upload-limits.ts). One store per app:
//   - with REDIS_URL, RedisLimitStore on the instance's command connection (../redis.ts), so
//     every instance counts the same tries;
//   - without it, MemoryLimitStore in this process (one instance, the embedded default).
// Both implement the library's public store interface (`incr`, `child`, and the `read` it needs
// for `increment: false`; its `store` option, see rate-limit.ts) with the same meaning: a
// key's window starts at its first try and ends `timeWindow` later; with `exponentialBackoff`,
// a try over `max` sets the end to now + timeWindow × 2^(tries over max − 1), so the wait grows.
// RedisLimitStore does it in one Lua script (the one the library's own Redis store runs); the
// in-process store does the same on the app's clock (tests move it). The library's own in-process store does not: it ends every window after `timeWindow`
// whatever the backoff set, so the wait never grew without Redis.
// The account lockouts (rate-limit.ts) use `hit`/`release`/`clearPrefix` instead: a try is counted
// atomically before the password check (a Lua script in Redis), every wait is capped, and an
// account's keys can be dropped at once (issue 22).
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Clock } from '../clock.ts';
import type { RedisConnections } from '../redis.ts';

/** The library's store contract, with the non-mutating `read` it needs for `increment: false`. */
export interface LimitStore extends FastifyRateLimitStore {
  read(key: string, callback: StoreCallback, timeWindow: number, max: number): void;
}

type StoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** How a store counts: the options @fastify/rate-limit hands to `child` carry these too. */
interface CountingOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0] & CountingOptions;

interface Entry {
  current: number;
  /** When the window (or the grown wait) ends, in the clock's milliseconds. */
  endsAt: number;
}

/** Beyond this many keys, expired ones are dropped, then the oldest (a bounded map). */
const MAX_KEYS = 50_000;

/**
 * In-process counters on the app's clock, meaning what the library's Redis script means (INCR,
 * PEXPIRE on the first try, or on a try over `max` with backoff; PTTL otherwise). Children share
 * the parent's keys, as Redis children share the database; callers keep their keys apart.
 */
export class MemoryLimitStore implements LimitStore {
  constructor(
    private readonly clock: Clock,
    private readonly counting: CountingOptions = {},
    private readonly entries = new Map<string, Entry>(),
  ) {}

  incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void {
    const now = this.clock.now().getTime();
    let entry = this.#live(key, now);
    if (!entry) {
      entry = { current: 1, endsAt: now + timeWindow };
      this.#add(key, entry, now);
    } else {
      entry.current++;
      if (this.counting.continueExceeding && entry.current > max) {
        entry.endsAt = now + timeWindow;
      } else if (this.counting.exponentialBackoff && entry.current > max) {
        const wait = timeWindow * 2 ** (entry.current - max - 1);
        entry.endsAt = now + Math.min(wait, Number.MAX_SAFE_INTEGER - now);
      }
    }
    callback(null, { current: entry.current, ttl: entry.endsAt - now });
  }

  read(key: string, callback: StoreCallback): void {
    const now = this.clock.now().getTime();
    const entry = this.#live(key, now);
    callback(
      null,
      entry ? { current: entry.current, ttl: entry.endsAt - now } : { current: 0, ttl: 0 },
    );
  }

  child(options: ChildOptions): MemoryLimitStore {
    const { continueExceeding, exponentialBackoff } = options;
    return new MemoryLimitStore(
      this.clock,
      { continueExceeding, exponentialBackoff },
      this.entries,
    );
  }

  /** `SharedLimitStore.hit` in this process (one synchronous step, so atomic here too). */
  hit(key: string, rule: HitRule): { current: number; ttl: number } {
    const now = this.clock.now().getTime();
    let entry = this.#live(key, now);
    if (!entry) {
      entry = { current: 1, endsAt: now + Math.min(rule.windowMs, rule.maxWaitMs) };
      this.#add(key, entry, now);
    } else {
      entry.current++;
      const step = entry.current - rule.max - 1;
      if (rule.backoff && step >= 0 && step <= rule.steps) {
        entry.endsAt = now + Math.min(rule.windowMs * 2 ** step, rule.maxWaitMs);
      }
    }
    return { current: entry.current, ttl: entry.endsAt - now };
  }

  /** `SharedLimitStore.release`. */
  release(key: string): void {
    const entry = this.#live(key, this.clock.now().getTime());
    if (entry && entry.current > 0) entry.current--;
  }

  /** The live counts of every key starting with `prefix`. */
  peekPrefix(prefix: string): { key: string; current: number }[] {
    const now = this.clock.now().getTime();
    return [...this.entries.keys()]
      .filter((key) => key.startsWith(prefix))
      .flatMap((key) => {
        const entry = this.#live(key, now);
        return entry ? [{ key: key.slice(prefix.length), current: entry.current }] : [];
      });
  }

  /** Drops every key starting with `prefix`. */
  clearPrefix(prefix: string): void {
    for (const key of [...this.entries.keys()])
      if (key.startsWith(prefix)) this.entries.delete(key);
  }

  #live(key: string, now: number): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.endsAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  #add(key: string, entry: Entry, now: number): void {
    if (this.entries.size >= MAX_KEYS) {
      for (const [k, e] of this.entries) if (e.endsAt <= now) this.entries.delete(k);
      for (const k of this.entries.keys()) {
        if (this.entries.size < MAX_KEYS) break;
        this.entries.delete(k);
      }
    }
    this.entries.set(key, entry);
  }
}

/** How `hit` counts a try: the window, the open tries, and how a closed key's wait grows. */
export interface HitRule {
  windowMs: number;
  max: number;
  /** The k-th try over `max` sets the wait to windowMs × 2^(k−1), for k−1 ≤ `steps`. */
  backoff: boolean;
  steps: number;
  /** No wait, grown or not, is longer than this. */
  maxWaitMs: number;
}

// `hit` in Redis: one script, so concurrent tries on any instance each get their own count.
// Past `steps` doublings a try neither grows nor renews the wait (waiting until little is left
// and trying again cannot restart the longest wait).
const HIT_LUA = `
local window = tonumber(ARGV[1])
local max = tonumber(ARGV[2])
local backoff = ARGV[3] == '1'
local steps = tonumber(ARGV[4])
local cap = tonumber(ARGV[5])
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
local step = current - max - 1
if current == 1 or ttl < 0 then
  ttl = math.min(window, cap)
  redis.call('PEXPIRE', KEYS[1], ttl)
elseif backoff and step >= 0 and step <= steps then
  ttl = math.min(window * 2 ^ step, cap)
  redis.call('PEXPIRE', KEYS[1], ttl)
end
return {current, ttl}
`;
// `incr` in Redis, as the library's own Redis store counts: INCR; PEXPIRE on the first try, on
// a try over `max` with continueExceeding (a new window) or with backoff (window × 2^(k−1) for
// the k-th try over `max`); otherwise the key's PTTL.
const INCR_LUA = `
local window = tonumber(ARGV[1])
local max = tonumber(ARGV[2])
local continueExceeding = ARGV[3] == '1'
local backoff = ARGV[4] == '1'
local current = redis.call('INCR', KEYS[1])
if current == 1 or (continueExceeding and current > max) then
  redis.call('PEXPIRE', KEYS[1], window)
elseif backoff and current > max then
  window = math.min(window * 2 ^ (current - max - 1), 2 ^ 53 - 1)
  redis.call('PEXPIRE', KEYS[1], window)
else
  window = redis.call('PTTL', KEYS[1])
end
return {current, window}
`;
// `read` in Redis: the count and the milliseconds left, without counting (0, 0 for no window).
const READ_LUA = `
local current = redis.call('GET', KEYS[1])
if not current then return {0, 0} end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then ttl = 0 end
return {tonumber(current), ttl}
`;
// `release` in Redis: gives back a reserved try, keeping the key's expiry (never creates it).
const RELEASE_LUA = `
local v = redis.call('GET', KEYS[1])
if v and tonumber(v) > 0 then return redis.call('DECR', KEYS[1]) end
return 0
`;

type LimitRedis = Redis & {
  limitIncr(key: string, ...args: (string | number)[]): Promise<[number, number]>;
  limitRead(key: string): Promise<[number, number]>;
  limitHit(key: string, ...args: (string | number)[]): Promise<[number, number]>;
  limitRelease(key: string): Promise<number>;
};

/**
 * The counters in Redis under `prefix`. Children share the parent's keys (as MemoryLimitStore's
 * do); callers keep their keys apart.
 */
export class RedisLimitStore implements LimitStore {
  constructor(
    private readonly redis: LimitRedis,
    private readonly prefix: string,
    private readonly counting: CountingOptions = {},
  ) {}

  incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void {
    const { continueExceeding, exponentialBackoff } = this.counting;
    this.redis
      .limitIncr(
        this.prefix + key,
        timeWindow,
        max,
        continueExceeding ? '1' : '0',
        exponentialBackoff ? '1' : '0',
      )
      .then(
        ([current, ttl]) => callback(null, { current: Number(current), ttl: Number(ttl) }),
        (err: Error) => callback(err),
      );
  }

  read(key: string, callback: StoreCallback): void {
    this.redis.limitRead(this.prefix + key).then(
      ([current, ttl]) => callback(null, { current: Number(current), ttl: Number(ttl) }),
      (err: Error) => callback(err),
    );
  }

  child(options: ChildOptions): RedisLimitStore {
    const { continueExceeding, exponentialBackoff } = options;
    return new RedisLimitStore(this.redis, this.prefix, { continueExceeding, exponentialBackoff });
  }
}

/** A Redis MATCH pattern matching `prefix` literally, then anything. */
const globPrefix = (prefix: string) => `${prefix.replace(/[*?[\]\\]/g, '\\$&')}*`;

export interface SharedLimitStore {
  /** The root store; rate-limit.ts hands it to @fastify/rate-limit, which makes its children. */
  readonly store: LimitStore;
  /**
   * Counts one try on `key` (window of `windowMs` from its first try): the tries in the window
   * and the milliseconds until it ends, or null when the store cannot be reached (logged; the
   * caller lets the try through, as the rate limits do).
   */
  count(
    key: string,
    windowMs: number,
    max: number,
  ): Promise<{ current: number; ttl: number } | null>;
  /**
   * Counts one try on `key` atomically, before the work it guards (rate-limit.ts reserves a try
   * this way, so concurrent tries over `max` are refused without running): the tries in the
   * window and the milliseconds until it ends; null when the store cannot be reached (logged).
   */
  hit(key: string, rule: HitRule): Promise<{ current: number; ttl: number } | null>;
  /** Gives back a try `hit` counted that turned out not to count (e.g. a right password). */
  release(key: string): Promise<void>;
  /** Drops every key starting with `prefix` (an ADMIN lifting an account's locks). */
  clearPrefix(prefix: string): Promise<void>;
  /**
   * The live count of every key starting with `prefix`, named by the rest of the key (whether an
   * account is locked now); empty when the store cannot be reached (logged).
   */
  peekPrefix(prefix: string): Promise<{ key: string; current: number }[]>;
}

export interface LimitStoreOptions {
  /** The instance's Redis (../redis.ts): counters shared across instances; unset → in-process. */
  redis?: RedisConnections | undefined;
  /** Key prefix in Redis; deployments (and test runs) sharing one Redis each need their own. */
  namespace: string;
  clock: Clock;
  log: FastifyBaseLogger;
}

export function openLimitStore(options: LimitStoreOptions): SharedLimitStore {
  let redis: LimitRedis | undefined;
  let store: LimitStore;
  let memory: MemoryLimitStore | undefined;
  const prefix = `${options.namespace}:`;
  if (options.redis) {
    redis = options.redis.commands as LimitRedis;
    redis.defineCommand('limitIncr', { numberOfKeys: 1, lua: INCR_LUA });
    redis.defineCommand('limitRead', { numberOfKeys: 1, lua: READ_LUA });
    redis.defineCommand('limitHit', { numberOfKeys: 1, lua: HIT_LUA });
    redis.defineCommand('limitRelease', { numberOfKeys: 1, lua: RELEASE_LUA });
    store = new RedisLimitStore(redis, prefix);
  } else {
    store = memory = new MemoryLimitStore(options.clock);
  }
  const failed = (err: unknown, key: string) =>
    options.log.warn({ err: (err as Error).message, key }, 'limit store: failed');
  return {
    store,
    count: (key, windowMs, max) =>
      new Promise((resolve) => {
        store.incr(
          key,
          (error, result) => {
            if (error || !result) {
              options.log.warn({ err: error?.message, key }, 'limit store: count failed');
              resolve(null);
            } else resolve(result);
          },
          windowMs,
          max,
        );
      }),
    async hit(key, rule) {
      if (memory) return memory.hit(key, rule);
      try {
        const [current, ttl] = await redis!.limitHit(
          prefix + key,
          rule.windowMs,
          rule.max,
          rule.backoff ? '1' : '0',
          rule.steps,
          rule.maxWaitMs,
        );
        return { current: Number(current), ttl: Number(ttl) };
      } catch (err) {
        failed(err, key);
        return null;
      }
    },
    async release(key) {
      if (memory) return memory.release(key);
      await redis!.limitRelease(prefix + key).catch((err) => failed(err, key));
    },
    async clearPrefix(keyPrefix) {
      if (memory) return memory.clearPrefix(keyPrefix);
      const r = redis!;
      let cursor = '0';
      do {
        const [next, keys] = await r.scan(
          cursor,
          'MATCH',
          globPrefix(prefix + keyPrefix),
          'COUNT',
          500,
        );
        if (keys.length) await r.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    },
    async peekPrefix(keyPrefix) {
      if (memory) return memory.peekPrefix(keyPrefix);
      const r = redis!;
      const found: { key: string; current: number }[] = [];
      try {
        let cursor = '0';
        do {
          const [next, keys] = await r.scan(
            cursor,
            'MATCH',
            globPrefix(prefix + keyPrefix),
            'COUNT',
            500,
          );
          const values = keys.length ? await r.mget(...keys) : [];
          keys.forEach((key, i) => {
            const current = Number(values[i]);
            if (Number.isFinite(current))
              found.push({ key: key.slice(prefix.length + keyPrefix.length), current });
          });
          cursor = next;
        } while (cursor !== '0');
      } catch (err) {
        failed(err, keyPrefix);
        return [];
      }
      return found;
    },
  };
}
