// Issue 25: one instance opens two Redis connections (redis.ts: one for commands, one
// subscriber for every channel), not one or two per user (six before), and closes them all.
// Counted with CLIENT LIST: the app uses a Redis database of its own (the URL's /13 or /14,
// one per test project), so only its connections show that `db=`.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, TEST_DB, type TestApp } from './helpers.ts';

const REDIS_URL = 'redis://127.0.0.1:6379';
const DB = TEST_DB === 'pglite' ? 13 : 14;
const probe = new Redis(REDIS_URL, {
  lazyConnect: true,
  connectTimeout: 500,
  maxRetriesPerRequest: 0,
});
const redisUp = await probe.connect().then(
  () => true,
  () => false,
);
if (!redisUp)
  console.warn('redis-connections.test.ts: Redis at 127.0.0.1:6379 unreachable, skipped');

/** The connection names of the clients on database DB. */
async function clientsOnDb(): Promise<string[]> {
  const list = (await probe.client('LIST')) as string;
  return list
    .split('\n')
    .filter((line) => new RegExp(`(^| )db=${DB}( |$)`).test(line))
    .map((line) => /(?:^| )name=(\S*)/.exec(line)?.[1] ?? '')
    .sort();
}

/** CLIENT LIST once two readings 200 ms apart agree (connections still opening settle). */
async function settledClients(): Promise<string[]> {
  let last = await clientsOnDb();
  for (let i = 0; i < 50; i++) {
    await new Promise((r) => setTimeout(r, 200));
    const now = await clientsOnDb();
    if (now.join() === last.join()) return now;
    last = now;
  }
  return last;
}

(redisUp ? describeDb : describeDb.skip)('Redis connections of an instance', () => {
  let t: TestApp | undefined;
  let closed = false;
  beforeAll(async () => {
    t = await createTestApp({
      config: { redisUrl: `${REDIS_URL}/${DB}`, redisChannel: `halsa-test-${randomUUID()}` },
    });
    await t.app.live.ready;
  });
  afterAll(async () => {
    if (!closed) await t?.app.close();
    await t?.db.close();
    probe.disconnect();
  });

  it('opens one command connection and one subscriber, and closes both', async () => {
    // The command connection may still be connecting on a busy machine: ask until it answers.
    let res = await t!.app.inject({ method: 'GET', url: '/readyz' });
    for (let i = 0; i < 50 && res.json().checks?.redis !== 'ok'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      res = await t!.app.inject({ method: 'GET', url: '/readyz' });
    }
    expect(res.json()).toMatchObject({ checks: { redis: 'ok' } });
    const open = await settledClients();
    console.log(`Redis connections of one instance: ${open.length} (${open.join(', ')})`);
    expect(open).toEqual(['halsa', 'halsa-sub']);

    await t!.app.close();
    closed = true;
    expect(await settledClients()).toEqual([]);
  });
});
