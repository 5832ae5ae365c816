// The counters behind the app's limits: the rate limits (rate-limit.ts, through
// @fastify/rate-limit) and the upload tries (files/upload-limits.ts). One store per app:
//   - with REDIS_URL, the library's own Redis store on one Redis client, so every instance counts
//     the same tries;
//   - without it, MemoryLimitStore in this process (one instance, the embedded default).
// Both follow the library's store contract (`incr`, `read`, `child`) with the same meaning: a
// key's window starts at its first try and ends `timeWindow` later; with `exponentialBackoff`,
// a try over `max` sets the end to now + timeWindow × 2^(tries over max − 1), so the wait grows.
// The in-process store does what the library's Redis script does, on the app's clock (tests move
// it). The library's own in-process store does not: it ends every window after `timeWindow`
// whatever the backoff set, so the wait never grew without Redis.
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Clock } from '../clock.ts';

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
  close(): Promise<void>;
}

export interface LimitStoreOptions {
  /** Shared counters across instances; unset → in-process. */
  redisUrl?: string | undefined;
  /** Key prefix in Redis; deployments (and test runs) sharing one Redis each need their own. */
  namespace: string;
  clock: Clock;
  log: FastifyBaseLogger;
}

export function openLimitStore(options: LimitStoreOptions): SharedLimitStore {
  let redis: Redis | undefined;
  let store: LimitStore;
  if (options.redisUrl) {
    redis = new Redis(options.redisUrl, {
      connectionName: 'halsa-rate-limit',
      connectTimeout: 2000,
      maxRetriesPerRequest: 1,
    });
    let lastLogged = 0;
    redis.on('error', (err: Error) => {
      if (Date.now() - lastLogged < 30_000) return;
      lastLogged = Date.now();
      options.log.warn({ err: err.message }, 'rate-limit: Redis error; limits are not enforced');
    });
    store = new RedisStore(false, false, redis, `${options.namespace}:`);
  } else {
    store = new MemoryLimitStore(options.clock);
  }
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
    async close() {
      await redis?.quit().catch(() => redis?.disconnect());
    },
  };
}
