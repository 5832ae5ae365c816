// In-process fixed-window rate limiting per client IP and route. A route opts in with
// `config: { rateLimit: { max, windowMs } }`. Uses the app clock so tests can move time.
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock.ts';
import { MESSAGES, tooManyRequests } from '../http/errors.ts';

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

export interface RateLimitOptions {
  /** false turns limiting off (tests that are not about it); default true. */
  enabled?: boolean;
  /** Multiplies every route's max (tests use a large factor). */
  factor?: number;
}

export function registerRateLimit(
  app: FastifyInstance,
  clock: Clock,
  options: RateLimitOptions = {},
): void {
  if (options.enabled === false) return;
  const factor = options.factor ?? 1;
  const buckets = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = 0;

  app.addHook('onRequest', async (request) => {
    const rule = request.routeOptions.config.rateLimit;
    if (!rule) return;
    const now = clock.now().getTime();
    if (now - lastSweep > 60_000) {
      lastSweep = now;
      for (const [k, b] of buckets) if (b.resetAt <= now) buckets.delete(k);
    }
    const key = `${request.ip}|${request.routeOptions.method}|${request.routeOptions.url}`;
    let bucket = buckets.get(key);
    if (!bucket || bucket.resetAt <= now) {
      bucket = { count: 0, resetAt: now + rule.windowMs };
      buckets.set(key, bucket);
    }
    bucket.count += 1;
    if (bucket.count > rule.max * factor) {
      throw tooManyRequests(MESSAGES.rateLimited, Math.ceil((bucket.resetAt - now) / 1000));
    }
  });
}
