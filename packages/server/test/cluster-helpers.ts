// Two app instances (A and B) in this process on one PostgreSQL database with Redis, as two
// processes behind a proxy would run: their own pools, outboxes, session caches and rate-limit
// clients; shared Redis (on a channel of this run's own) and the same clock.
// Used by the tests of issue 15 that need no proxy (rate limits and sessions across instances);
// test/cluster.test.ts runs real processes behind nginx.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import type { AppModule } from '../src/context.ts';
import type { RateLimitOptions } from '../src/security/rate-limit.ts';
import { openDatabase, type OpenedDb } from '../src/db/index.ts';
import { DevOutbox } from '../src/mail/mailer.ts';
import {
  createTestApp,
  dbAvailable,
  PG_ADMIN_URL,
  TEST_DB,
  testConfig,
  type TestApp,
} from './helpers.ts';

export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const inCI = process.env.CI === 'true';

export function reachable(url: string, defaultPort: number): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const s = net.connect({ host: u.hostname, port: Number(u.port || defaultPort) });
    const done = (ok: boolean) => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(1000, () => done(false));
    s.once('connect', () => done(true));
    s.once('error', () => done(false));
  });
}

/**
 * Whether a two-instance block of `file` can run here: PostgreSQL leg with Redis. Prints why
 * it is skipped; on CI a missing Redis is a failing test instead of a skip.
 */
export async function twoInstancesAvailable(file: string): Promise<boolean> {
  const pgUp = TEST_DB === 'postgres' && (await dbAvailable());
  const redisUp = pgUp && (await reachable(REDIS_URL, 6379));
  if (TEST_DB !== 'postgres') {
    console.warn(
      `${file} skipped on pglite: two server instances cannot share one in-memory PGlite ` +
        'database (runs in the server-postgres project).',
    );
  } else if (pgUp && !redisUp) {
    if (inCI) {
      describe('two instances (CI)', () => {
        it('needs Redis', () => {
          throw new Error(`Redis at ${REDIS_URL} is unreachable; CI=true requires it`);
        });
      });
    } else console.warn(`${file} skipped: Redis at ${REDIS_URL} is unreachable.`);
  }
  return redisUp;
}

export interface TwoInstances {
  a: TestApp;
  b: TestApp;
  hostA: string;
  hostB: string;
  close(): Promise<void>;
}

async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

export async function startTwoInstances(
  rateLimit: RateLimitOptions = { enabled: false },
  extraModulesOfA: AppModule[] = [],
): Promise<TwoInstances> {
  const channel = `halsa:test:${Math.random().toString(36).slice(2, 14)}`;
  const config = { redisUrl: REDIS_URL, redisChannel: channel };
  const a = await createTestApp({ config, rateLimit, extraModules: extraModulesOfA });
  const url = `${PG_ADMIN_URL.replace(/\/[^/]*$/, '')}/${a.db.name}`;
  let dbB: OpenedDb | undefined;
  try {
    dbB = await openDatabase({ kind: 'postgres', url, max: 5 });
    const outboxB = new DevOutbox('Hälsoportalen <no-reply@example.com>', a.clock, () => {});
    const appB = await buildApp({
      config: testConfig(config),
      db: dbB.db,
      dbKind: dbB.kind,
      mailer: outboxB,
      storage: a.storage,
      clock: a.clock,
      rateLimit,
      portalDist: '/nonexistent-portal-dist',
    });
    const b: TestApp = { ...a, app: appB, db: { ...dbB, name: a.db.name }, outbox: outboxB };
    const hostA = await listen(a.app);
    const hostB = await listen(b.app);
    await Promise.all([a.app.live.ready, b.app.live.ready]);
    const openedB = dbB;
    return {
      a,
      b,
      hostA,
      hostB,
      async close() {
        await b.app.close();
        await a.app.close();
        await openedB.close();
        await a.db.close();
      },
    };
  } catch (error) {
    await a.app.close();
    await dbB?.close();
    await a.db.close();
    throw error;
  }
}
