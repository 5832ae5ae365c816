// Types of @fastify/rate-limit's Redis store, which the package ships without its own (limit-store.ts
// builds it once and hands it to the plugin, so the upload tries share its counters).
declare module '@fastify/rate-limit/store/RedisStore.js' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';
  import type { Redis } from 'ioredis';

  type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

  export default class RedisStore implements FastifyRateLimitStore {
    constructor(
      continueExceeding: boolean,
      exponentialBackoff: boolean,
      redis: Redis,
      key?: string,
    );
    incr(key: string, callback: Callback, timeWindow: number, max: number): void;
    read(key: string, callback: Callback, timeWindow: number, max: number): void;
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): RedisStore;
  }
}
