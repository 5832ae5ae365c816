// GET /healthz and GET /readyz (issue 15): liveness, and readiness that follows the database,
// Redis and the outbox, and answers 503 once shutdown began (app.health.drain(), SIGTERM in
// main.ts; the process-level SIGTERM path is tested in test/cluster.test.ts).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, TEST_DB, useTestApp, type TestApp } from './helpers.ts';

describeDb('health', () => {
  const t = useTestApp();

  it('/healthz answers 200 without a session, never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('/readyz answers 200 with each check while the database and outbox answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', redis: 'används inte', outbox: 'ok' },
    });
  });

  it('/readyz answers 503 once the instance drains, /healthz stays 200', async () => {
    t.app.health.drain();
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ message: 'Instansen stängs ned.', status: 'stänger' });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describeDb('health without Redis', () => {
  // Nothing listens on port 1: the Redis check fails, so the instance is not ready.
  const t = useTestApp({ config: { redisUrl: 'redis://127.0.0.1:1', redisChannel: 'halsa:t' } });

  it('/readyz answers 503 naming Redis', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    const body = res.json<{ message: string; checks: Record<string, string> }>();
    expect(body.message).toBe('Instansen är inte redo.');
    expect(body.checks.database).toBe('ok');
    expect(body.checks.outbox).toBe('ok');
    expect(body.checks.redis).toMatch(/^fel: /);
  });
});

// PGlite only: closing a pg pool under a running app leaves the app's close waiting on the
// outbox's query (a stopping instance with its database gone is cut off by main.ts after 9 s).
(TEST_DB === 'pglite' ? describeDb : describeDb.skip)('health when the database is gone', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  // The database is closed (and on PostgreSQL dropped) by the test itself.
  afterAll(() => t?.app.close());

  it('/readyz answers 503 naming the database and the outbox', async () => {
    await t.db.close();
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    const body = res.json<{ checks: Record<string, string> }>();
    expect(body.checks.database).toMatch(/^fel: /);
    expect(body.checks.outbox).toMatch(/^fel: /);
  });
});
