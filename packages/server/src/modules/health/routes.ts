// Health for a proxy or orchestrator (issue 15), outside the API contract:
//   GET /healthz  200 while the process runs (liveness);
//   GET /readyz   200 when this instance should get traffic: the database answers, Redis answers
//                 (with REDIS_URL), the mail outbox table is readable, and the instance is not
//                 shutting down; 503 with the failing checks otherwise.
// main.ts calls `app.health.drain()` on SIGTERM: /readyz answers 503 from then on.
import { sql } from 'kysely';
import { Redis } from 'ioredis';
import type { AppModule } from '../../context.ts';

export type CheckResult = 'ok' | 'används inte' | `fel: ${string}`;

export interface Health {
  /** True once shutdown began. */
  readonly draining: boolean;
  /** Shutdown began: /readyz answers 503 from now on. */
  drain(): void;
  /** What /readyz reports. */
  check(): Promise<{
    ready: boolean;
    checks: Record<'database' | 'redis' | 'outbox', CheckResult>;
  }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    health: Health;
  }
}

const CHECK_TIMEOUT_MS = 2000;

async function probe(run: () => Promise<unknown>): Promise<CheckResult> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      run(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('svarar inte inom 2 s')), CHECK_TIMEOUT_MS);
      }),
    ]);
    return 'ok';
  } catch (error) {
    return `fel: ${(error as Error).message.slice(0, 200)}`;
  } finally {
    clearTimeout(timer);
  }
}

export const healthModule: AppModule = (app, ctx) => {
  let draining = false;
  let redis: Redis | undefined;
  if (ctx.config.redisUrl) {
    // Fails fast while Redis is down (no offline queue), so /readyz answers in time.
    redis = new Redis(ctx.config.redisUrl, {
      connectionName: 'halsa-health',
      connectTimeout: CHECK_TIMEOUT_MS,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      lazyConnect: true,
    });
    redis.on('error', () => {
      /* reported by /readyz */
    });
    redis.connect().catch(() => {});
    app.addHook('onClose', async () => {
      redis!.disconnect();
    });
  }
  const health: Health = {
    get draining() {
      return draining;
    },
    drain() {
      draining = true;
    },
    async check() {
      const [database, redisCheck, outbox] = await Promise.all([
        probe(() => sql`select 1`.execute(ctx.db)),
        redis ? probe(() => redis.ping()) : Promise.resolve<CheckResult>('används inte'),
        probe(() => ctx.outbox.pending()),
      ]);
      const checks = { database, redis: redisCheck, outbox };
      const ready = !draining && Object.values(checks).every((c) => !c.startsWith('fel'));
      return { ready, checks };
    },
  };
  app.decorate('health', health);

  app.get('/healthz', { config: { access: 'public' } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', { config: { access: 'public' } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const { ready, checks } = await health.check();
    if (ready) return { status: 'ok', checks };
    reply.code(503);
    return {
      message: draining ? 'Instansen stängs ned.' : 'Instansen är inte redo.',
      status: draining ? 'stänger' : 'inte redo',
      checks,
    };
  });
};
