// A stranger with a few networks cannot lock the owner out (issue 34 item 4). The per-network
// limits of design §5 stay as they are (5 wrong passwords per 5 minutes, 5 reset mails an hour,
// then a doubling wait); the account-wide ceilings (20 wrong passwords per 15 minutes, 10 reset
// mails an hour) only slow strangers down: over one, each network keeps the first CEILING_TRIES
// tries of its window, so the owner from her own network is never refused for others' failures.
// In-process and, when reachable, in Redis (the counters every instance shares).
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { AUTH_LIMITS, CEILING_TRIES, isAccountLocked } from '../src/security/rate-limit.ts';
import { describeDb, ORIGIN, PASSWORD, useTestApp, type TestApp } from './helpers.ts';

const REDIS_URL = 'redis://127.0.0.1:6379';
const redisUp = await (async () => {
  const probe = new Redis(REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 500,
    maxRetriesPerRequest: 0,
  });
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
})();
if (!redisUp) console.warn('owner-lockout.test.ts: Redis at 127.0.0.1:6379 unreachable, skipped');

function post(t: TestApp, url: string, body: unknown, from: string) {
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress: from,
    headers: ORIGIN,
    payload: body as InjectOptions['payload'],
  });
}

describe.each([
  ['in-process store', undefined],
  ['Redis store', redisUp ? REDIS_URL : null],
] as const)('the owner is never locked out by strangers, %s', (_name, redisUrl) => {
  if (redisUrl === null) return;
  describeDb('on both databases', () => {
    const t = useTestApp({
      rateLimit: { enabled: true },
      config: { redisUrl, redisChannel: `halsa-test-${randomUUID()}` },
    });
    const authenticate = (email: string, password: string, from: string) =>
      post(t, '/api/v1/auth/authenticate', { email, password }, from);
    const forgot = (email: string, from: string) =>
      post(t, '/api/v1/auth/forgot-password', { email }, from);

    it('50 wrong passwords from 10 networks: strangers are slowed down, the owner logs in at once', async () => {
      const perNetwork = AUTH_LIMITS.authenticate.account[0].max; // 5
      const ceiling = AUTH_LIMITS.authenticate.account[1].max; // 20
      const statuses: number[] = [];
      for (let n = 1; n <= 10; n++) {
        for (let i = 0; i < perNetwork; i++) {
          statuses.push(
            (await authenticate('klient@example.com', 'fel-lösenord', `203.0.${n}.${i + 10}`))
              .statusCode,
          );
        }
      }
      const checked = statuses.filter((s) => s === 401).length;
      const refused = statuses.filter((s) => s === 429).length;
      // 4 networks fill the ceiling; the 6 after it get CEILING_TRIES checks each.
      const networksAfter = 10 - ceiling / perNetwork;
      console.log(`50 wrong passwords from 10 networks: ${checked} checked, ${refused} refused`);
      expect(checked).toBe(ceiling + networksAfter * CEILING_TRIES);
      expect(refused).toBe(50 - checked);
      // The account is not "locked": the ceiling slows, it does not shut the door.
      expect(await isAccountLocked(t.app.ctx, t.users.klient.id)).toBe(false);

      // The owner, at once, from her own network, with her password.
      const own = await authenticate('klient@example.com', PASSWORD, '198.51.100.7');
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json().message).toMatch(/^[0-9a-f-]{36}$/);
      // Even a typo of hers first: her network still has its tries.
      const typo = await authenticate('klient@example.com', 'Halsa2026?', '198.51.100.7');
      expect(typo.statusCode).toBe(401);
      expect((await authenticate('klient@example.com', PASSWORD, '198.51.100.7')).statusCode).toBe(
        200,
      );
      // A stranger's network that has used its tries stays refused.
      const stranger = await authenticate('klient@example.com', PASSWORD, '203.0.7.99');
      expect(stranger.statusCode).toBe(429);
    });

    it('10 forgot-password calls from 2 networks: the owner still gets a reset mail whose link works', async () => {
      const perNetwork = AUTH_LIMITS.forgot.account[0].max; // 5
      for (let n = 1; n <= 2; n++) {
        for (let i = 0; i < perNetwork; i++) {
          expect((await forgot('klient2@example.com', `192.0.${n}.${i + 1}`)).statusCode).toBe(204);
        }
      }
      // Each stranger network is at its own limit…
      expect((await forgot('klient2@example.com', '192.0.1.99')).statusCode).toBe(429);
      await t.app.ctx.tasks.idle();
      const before = t.outbox.recent().length;
      // … and the owner, from her own network, asks for a reset.
      const own = await forgot('klient2@example.com', '198.51.100.8');
      expect(own.statusCode, own.body).toBe(204);
      await t.app.ctx.tasks.idle();
      const mails = t.outbox.recent().slice(0, t.outbox.recent().length - before);
      expect(mails.map((m) => m.to)).toEqual(['klient2@example.com']);
      const token = /reset-password\?token=([^\s&]+)/.exec(mails[0]!.text)?.[1];
      expect(token).toBeDefined();
      const reset = await post(
        t,
        '/api/v1/auth/reset-password',
        { token: decodeURIComponent(token!), password: 'Ett-Nytt-Losen-34' },
        '198.51.100.8',
      );
      expect(reset.statusCode, reset.body).toBe(204);
      // Further stranger networks over the ceiling get CEILING_TRIES mails each, no more.
      const third: number[] = [];
      for (let i = 0; i < CEILING_TRIES + 1; i++)
        third.push((await forgot('klient2@example.com', `192.0.3.${i + 1}`)).statusCode);
      expect(third).toEqual([...Array.from({ length: CEILING_TRIES }, () => 204), 429]);
    });
  });
});
