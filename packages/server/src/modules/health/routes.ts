// Health for a proxy or orchestrator (issue 15), outside the API contract:
//   GET /healthz  200 while the process runs (liveness);
//   GET /readyz   200 when this instance should get traffic: the database answers, Redis answers
//                 (with REDIS_URL), the mail outbox table is readable, and the instance is not
//                 shutting down; 503 with the failing checks otherwise.
// main.ts calls `app.health.drain()` on SIGTERM: /readyz answers 503 from then on.
import type { AppModule } from '../../context.ts';
import { pingDatabase } from './service.ts';

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
  const health: Health = {
    get draining() {
      return draining;
    },
    drain() {
      draining = true;
    },
    async check() {
      const redis = ctx.redis;
      const [database, redisCheck, outbox] = await Promise.all([
        probe(() => pingDatabase(ctx.db)),
        // The instance's command connection (../../redis.ts): fails at once while it is down.
        redis ? probe(() => redis.check()) : Promise.resolve<CheckResult>('används inte'),
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
