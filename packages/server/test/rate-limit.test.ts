// Rate limits that protect accounts, not punish offices (issue 15): a whole office behind one
// address logs in; one account hammered from many addresses is stopped; codes are 5 tries each
// and cycling new challenges gains nothing; TRUST_PROXY decides whose address request.ip is.
// The same limits across two instances sharing PostgreSQL + Redis: test/cluster-sessions.test.ts.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { rateLimitedMessage } from '../src/http/errors.ts';
import { OTP_RESEND_WAIT_MS } from '../src/modules/auth/deps.ts';
import {
  AUTH_LIMITS,
  BACKOFF_STEPS,
  CEILING_TRIES,
  MAX_WAIT_MS,
  unlockAccount,
} from '../src/security/rate-limit.ts';
import { hashPassword } from '../src/security/passwords.ts';
import {
  describeDb,
  lastCode,
  login,
  ORIGIN,
  PASSWORD,
  sessionCookieOf,
  useTestApp,
  type TestApp,
} from './helpers.ts';

/** A 429 of the limits says when to try again (its Retry-After in words) and what to do. */
function expectTooMany(
  res: { json: () => unknown; headers: Record<string, unknown> },
  lock: 'password' | 'other',
) {
  const wait = Number(res.headers['retry-after']);
  expect(wait).toBeGreaterThan(0);
  expect(res.json()).toEqual({ message: rateLimitedMessage(wait, lock) });
}

function post(t: TestApp, url: string, body: unknown, from = '127.0.0.1', headers = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress: from,
    headers: { ...ORIGIN, ...headers },
    payload: body as InjectOptions['payload'],
  });
}

const authenticate = (t: TestApp, email: string, password: string, from?: string) =>
  post(t, '/api/v1/auth/authenticate', { email, password }, from);
const verify = (t: TestApp, twoFactorId: string, code: string, from?: string) =>
  post(t, '/api/v1/auth/verify-2fa', { twoFactorId, code }, from);

function wrongCode(right: string): string {
  return right === '000000' ? '111111' : '000000';
}

describeDb('rate limits: an office behind one address', () => {
  const t = useTestApp({ rateLimit: { enabled: true } });

  it('50 distinct accounts log in from one IP within a minute, all succeed', async () => {
    const hash = await hashPassword(PASSWORD);
    const now = t.clock.now();
    const emails = Array.from({ length: 50 }, (_, i) => `kollega${i}@foretaget.se`);
    await t.app.ctx.db
      .insertInto('users')
      .values(
        emails.map((email, i) => ({
          email,
          password_hash: hash,
          role: 'USER' as const,
          first_name: `Kollega${i}`,
          last_name: 'Företaget',
          image_file_id: null,
          created_at: now,
          updated_at: now,
          last_active_at: null,
        })),
      )
      .execute();
    const started = Date.now();
    const statuses: number[] = [];
    for (const email of emails) {
      const auth = await authenticate(t, email, PASSWORD, '198.51.100.20');
      statuses.push(auth.statusCode);
      if (auth.statusCode !== 200) continue;
      const res = await verify(
        t,
        auth.json<{ message: string }>().message,
        lastCode(t.outbox, email),
        '198.51.100.20',
      );
      statuses.push(res.statusCode);
      if (!sessionCookieOf(res)) statuses.push(-1);
    }
    console.log(`100 logins from one address: ${Date.now() - started} ms`);
    expect(statuses).toEqual(Array.from({ length: 100 }, () => 200));
  });

  it('one address is still capped: the per-IP ceiling answers 429 with Retry-After', async () => {
    const max = AUTH_LIMITS.verify.max;
    const codes = new Map<number, number>();
    for (let i = 0; i < max + 1; i++) {
      const res = await verify(t, 'inte-ett-id', '123456', '198.51.100.30');
      codes.set(res.statusCode, (codes.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode === 429) {
        expectTooMany(res, 'other');
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(Object.fromEntries(codes)).toEqual({ 401: max, 429: 1 });
    // another address is not affected
    expect((await verify(t, 'inte-ett-id', '123456', '198.51.100.31')).statusCode).toBe(401);
  });

  it('an IPv6 client is counted by its /64: rotating addresses inside it gains nothing', async () => {
    const max = AUTH_LIMITS.verify.max;
    for (let i = 1; i <= max; i++) {
      const res = await verify(t, 'inte-ett-id', '123456', `2001:db8:7:1::${i.toString(16)}`);
      expect(res.statusCode).toBe(401);
    }
    const rotated = await verify(t, 'inte-ett-id', '123456', '2001:db8:7:1:ffff:1:2:3');
    expect(rotated.statusCode).toBe(429);
    // the next /64 is another network
    expect((await verify(t, 'inte-ett-id', '123456', '2001:db8:7:2::1')).statusCode).toBe(401);
  });
});

describeDb('rate limits: one account', () => {
  const t = useTestApp({ rateLimit: { enabled: true } });

  it('authenticate hammering one account from many addresses of one network is limited', async () => {
    const max = AUTH_LIMITS.authenticate.account[0].max;
    for (let i = 1; i <= max; i++) {
      const res = await authenticate(t, 'klient@example.com', 'fel-lösenord', `203.0.113.${i}`);
      expect(res.statusCode).toBe(401);
    }
    const locked = await authenticate(t, 'KLIENT@example.com ', 'fel-lösenord', '203.0.113.99');
    expect(locked.statusCode).toBe(429);
    expectTooMany(locked, 'password');
    // In words (issue 35): when, and the next step.
    expect(locked.json<{ message: string }>().message).toMatch(
      /^För många förfrågningar\. Försök igen om [1-5] minuter?\. Har du glömt lösenordet kan du välja 'Glömt lösenord\?' på inloggningssidan och byta det, eller kontakta mottagningen\.$/,
    );
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // While locked, even the right password is refused (and no code is mailed) …
    const mailsBefore = t.outbox.recent().length;
    const right = await authenticate(t, 'klient@example.com', PASSWORD, '203.0.113.100');
    expect(right.statusCode).toBe(429);
    expect(t.outbox.recent()).toHaveLength(mailsBefore);
    // … and another account from the very same addresses logs in as usual.
    const other = await authenticate(t, 'klient2@example.com', PASSWORD, '203.0.113.1');
    expect(other.statusCode).toBe(200);
  });

  it('6 wrong codes for one login: the 6th and the right code are refused', async () => {
    const auth = await authenticate(t, 'staff@example.com', PASSWORD);
    expect(auth.statusCode).toBe(200);
    const id = auth.json<{ message: string }>().message;
    const code = lastCode(t.outbox, 'staff@example.com');
    for (let i = 0; i < 5; i++) {
      const res = await verify(t, id, wrongCode(code), `192.0.2.${i + 1}`);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Fel kod. Försök igen.' });
    }
    const sixth = await verify(t, id, wrongCode(code), '192.0.2.6');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ message: 'För många felaktiga försök. Logga in igen.' });
    const rightCode = await verify(t, id, code, '192.0.2.7');
    expect(rightCode.statusCode).toBe(429);
    expect(sessionCookieOf(rightCode)).toBeUndefined();
  });

  it('cycling new challenges gains nothing: wrong codes per account are capped per hour', async () => {
    const max = AUTH_LIMITS.verify.account[0].max; // 10 wrong codes an hour
    let wrong = 0;
    let lastId = '';
    let lastRight = '';
    // New challenges, 5 wrong codes each, until the account's hourly cap is used up.
    while (wrong < max) {
      const auth = await authenticate(t, 'admin@example.com', PASSWORD);
      expect(auth.statusCode).toBe(200);
      lastId = auth.json<{ message: string }>().message;
      lastRight = lastCode(t.outbox, 'admin@example.com');
      for (let i = 0; i < 5 && wrong < max; i++, wrong++) {
        expect((await verify(t, lastId, wrongCode(lastRight), '192.0.2.50')).statusCode).toBe(401);
      }
    }
    // A fresh challenge's first try, with the right code, is refused for this hour.
    const fresh = await authenticate(t, 'admin@example.com', PASSWORD);
    expect(fresh.statusCode).toBe(200);
    const id = fresh.json<{ message: string }>().message;
    const res = await verify(t, id, lastCode(t.outbox, 'admin@example.com'), '192.0.2.51');
    expect(res.statusCode).toBe(429);
    expectTooMany(res, 'other');
    expect(sessionCookieOf(res)).toBeUndefined();
  });
});

describeDb('rate limits without Redis: the wait of a locked account grows', () => {
  // The in-process store (no REDIS_URL) on the app's clock, which stands still here: every
  // Retry-After is exact. The same growth across two instances with Redis: cluster-sessions.
  const t = useTestApp({ rateLimit: { enabled: true } });

  it('each try while locked doubles the wait, up to 2^BACKOFF_STEPS windows, then it opens', async () => {
    const { max, windowMs } = AUTH_LIMITS.authenticate.account[0];
    for (let i = 1; i <= max; i++) {
      expect(
        (await authenticate(t, 'klient@example.com', 'fel', `203.0.113.${i}`)).statusCode,
      ).toBe(401);
    }
    const waits: number[] = [];
    for (let i = 0; i < BACKOFF_STEPS + 2; i++) {
      const res = await authenticate(t, 'klient@example.com', 'fel', `203.0.113.${50 + i}`);
      expect(res.statusCode).toBe(429);
      expectTooMany(res, 'password');
      waits.push(Number(res.headers['retry-after']));
    }
    const window = windowMs / 1000;
    // 5, 10, 20, 40, 80, 160, 320 minutes, and no further.
    const doubling = Array.from({ length: BACKOFF_STEPS + 1 }, (_, i) => window * 2 ** i);
    expect(waits).toEqual([...doubling, window * 2 ** BACKOFF_STEPS]);

    // Until the grown wait is over even the right password is refused; then it logs in.
    t.clock.advance((window * 2 ** BACKOFF_STEPS - 1) * 1000);
    const early = await authenticate(t, 'klient@example.com', PASSWORD, '203.0.113.200');
    expect(early.statusCode).toBe(429);
    expect(Number(early.headers['retry-after'])).toBe(1);
    t.clock.advance(1000);
    expect(
      (await authenticate(t, 'klient@example.com', PASSWORD, '203.0.113.200')).statusCode,
    ).toBe(200);
  });
});

describeDb('rate limits: open challenges per account', () => {
  const t = useTestApp({ rateLimit: { enabled: true } });

  it('at most 10 login codes are mailed to one account an hour', async () => {
    const max = AUTH_LIMITS.authenticate.account[2].max; // challenges
    for (let i = 0; i < max; i++) {
      expect((await authenticate(t, 'klient@example.com', PASSWORD)).statusCode).toBe(200);
    }
    const mails = t.outbox.recent().length;
    const res = await authenticate(t, 'klient@example.com', PASSWORD);
    expect(res.statusCode).toBe(429);
    expectTooMany(res, 'other');
    expect(t.outbox.recent()).toHaveLength(mails);
  });

  it('forgot-password mails one account 5 times an hour per network; over 10 from all networks each network keeps 2', async () => {
    const max = AUTH_LIMITS.forgot.account[0].max;
    const all = AUTH_LIMITS.forgot.account[1].max;
    const forgot = (from: string) =>
      post(t, '/api/v1/auth/forgot-password', { email: 'klient2@example.com' }, from);
    const codes: number[] = [];
    for (let i = 0; i <= max; i++) codes.push((await forgot(`203.0.113.${i + 1}`)).statusCode);
    expect(codes).toEqual([...Array.from({ length: max }, () => 204), 429]);
    // Other networks fill the account's ceiling; over it a network keeps its first 2 (issue 34).
    const others: number[] = [];
    for (let i = 0; i < all - max; i++) others.push((await forgot(`198.51.${i}.1`)).statusCode);
    expect(others).toEqual(Array.from({ length: all - max }, () => 204));
    const over: number[] = [];
    for (let i = 0; i <= CEILING_TRIES; i++) over.push((await forgot(`198.51.99.${i}`)).statusCode);
    expect(over).toEqual([...Array.from({ length: CEILING_TRIES }, () => 204), 429]);
  });
});

describeDb('rate limits: login codes resent per account', () => {
  const t = useTestApp({ rateLimit: { enabled: true } });

  const challenge = async (email: string) => {
    const auth = await authenticate(t, email, PASSWORD);
    expect(auth.statusCode).toBe(200);
    return auth.json<{ message: string }>().message;
  };
  /** A resend once the code's own 10-second wait is over. */
  const resend = (twoFactorId: string, from = '127.0.0.1') => {
    t.clock.advance(OTP_RESEND_WAIT_MS);
    return post(t, '/api/v1/auth/resend-2fa', { twoFactorId }, from);
  };

  it('the 11th resend within the hour for one account is refused; another account is not', async () => {
    const max = AUTH_LIMITS.resend.account[0].max; // 10 an hour
    // Each login attempt allows 5 resends of its own, so the 10 take two attempts.
    let id = '';
    for (let i = 0; i < max; i++) {
      if (i % 5 === 0) id = await challenge('klient@example.com');
      const res = await resend(id, `203.0.113.${i + 1}`);
      expect(res.statusCode).toBe(204);
    }
    // A third attempt's first resend, which the attempt itself would allow, is the 11th.
    const fresh = await challenge('klient@example.com');
    const mails = t.outbox.recent().length;
    const refused = await resend(fresh, '203.0.113.99');
    expect(refused.statusCode).toBe(429);
    expectTooMany(refused, 'other');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(t.outbox.recent()).toHaveLength(mails);
    // Another account, from the same address, resends as usual.
    const other = await resend(await challenge('klient2@example.com'), '203.0.113.99');
    expect(other.statusCode).toBe(204);
    expect(t.outbox.recent()).toHaveLength(mails + 2);
  });
});

describeDb.each([
  ['with TRUST_PROXY set to the proxy', ['127.0.0.1'], '203.0.113.77'],
  ['without TRUST_PROXY', undefined, '127.0.0.1'],
] as const)('request.ip %s', (_name, trustProxy, expected) => {
  const t = useTestApp({
    rateLimit: { enabled: true },
    config: { trustProxy: trustProxy ? [...trustProxy] : undefined },
  });

  it(`the activity log records ${expected}`, async () => {
    const res = await post(
      t,
      '/api/v1/auth/authenticate',
      { email: 'klient@example.com', password: 'fel' },
      '127.0.0.1',
      { 'x-forwarded-for': '203.0.113.77' },
    );
    expect(res.statusCode).toBe(401);
    const row = await t.app.ctx.db
      .selectFrom('activity_log')
      .select('ip_address')
      .where('action', '=', 'LOGIN_FAILED')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.ip_address).toBe(expected);
  });
});

describeDb('rate limits on signed-in routes: per user, not per address', () => {
  const t = useTestApp({ rateLimit: { enabled: true } });

  it('one user is capped on change-password; a colleague at the same address is not', async () => {
    const karin = await login(t, 'klient@example.com');
    const kalle = await login(t, 'klient2@example.com');
    const change = (cookie: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/user/change-password',
        remoteAddress: '198.51.100.40',
        headers: { ...ORIGIN, cookie },
        payload: { currentPassword: 'fel-lösenord', newPassword: 'Ett-Nytt-Losen-77' },
      });
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await change(karin)).statusCode);
    expect(codes).toEqual([...Array.from({ length: 10 }, () => 400), 429]);
    const colleague = await change(kalle);
    expect(colleague.statusCode).toBe(400);
    expect(colleague.json()).toEqual({ message: 'Nuvarande lösenord är felaktigt.' });
  });
});

// Issue 22: a targeted lockout. Tries are reserved before the password check (so a burst runs at
// most `max` checks), every wait is capped at MAX_WAIT_MS, a stranger's network is locked on its
// own, and an ADMIN can lift every lock of an account. In-process, and in Redis when reachable.
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
if (!redisUp)
  console.warn('rate-limit.test.ts: Redis at 127.0.0.1:6379 unreachable, Redis store skipped');

describe.each([
  ['in-process store', undefined],
  ['Redis store', redisUp ? REDIS_URL : null],
] as const)('targeted lockout (issue 22), %s', (_name, redisUrl) => {
  if (redisUrl === null) return;
  describeDb('on both databases', () => {
    const t = useTestApp({
      rateLimit: { enabled: true },
      config: { redisUrl, redisChannel: `halsa-test-${randomUUID()}` },
    });
    const forgot = (email: string, from: string) =>
      post(t, '/api/v1/auth/forgot-password', { email }, from);
    const retryAfter = (res: { headers: Record<string, unknown> }) =>
      Number(res.headers['retry-after'] ?? 0);

    it('a burst is checked at most max times, waits stay capped, the owner logs in from her network', async () => {
      const { max } = AUTH_LIMITS.authenticate.account[0];
      const cap = MAX_WAIT_MS / 1000;
      const burst = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          authenticate(t, 'klient@example.com', 'fel-lösenord', `203.0.113.${i + 1}`),
        ),
      );
      const checked = burst.filter((r) => r.statusCode === 401).length;
      const refused = burst.filter((r) => r.statusCode === 429).length;
      const longest = Math.max(...burst.map(retryAfter));
      const failedRows = await t.app.ctx.db
        .selectFrom('activity_log')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('action', '=', 'LOGIN_FAILED')
        .executeTakeFirstOrThrow();
      console.log(
        `20 concurrent wrong passwords: ${checked} checked (LOGIN_FAILED rows ${failedRows.n}), ${refused} refused, longest Retry-After ${longest} s (cap ${cap} s)`,
      );
      expect(checked).toBeLessThanOrEqual(max);
      expect(checked + refused).toBe(20);
      expect(Number(failedRows.n)).toBeLessThanOrEqual(max);
      expect(longest).toBeLessThanOrEqual(cap);

      const forgotWaits: number[] = [];
      for (let i = 0; i < 30; i++) {
        const res = await forgot('klient@example.com', `203.0.113.${i + 1}`);
        expect([204, 429]).toContain(res.statusCode);
        forgotWaits.push(retryAfter(res));
      }
      const forgotLongest = Math.max(...forgotWaits);
      console.log(
        `30 forgot-password requests: longest Retry-After ${forgotLongest} s (cap ${cap} s)`,
      );
      expect(forgotLongest).toBeLessThanOrEqual(cap);

      // The owner, from her own network, at once: logs in and can ask for a reset mail.
      const own = await authenticate(t, 'klient@example.com', PASSWORD, '198.51.100.7');
      console.log(`the owner from another network right after: ${own.statusCode}`);
      expect(own.statusCode).toBe(200);
      expect((await forgot('klient@example.com', '198.51.100.7')).statusCode).toBe(204);
    });

    it('many networks together hit the per-account ceiling, which slows a network to 2 tries, for one window at most', async () => {
      const all = AUTH_LIMITS.authenticate.account[1];
      for (let i = 0; i < all.max; i++) {
        const res = await authenticate(t, 'staff@example.com', 'fel', `192.0.${i}.1`);
        expect(res.statusCode).toBe(401);
      }
      // Over the ceiling a network that tried once has one more try; then it waits.
      expect((await authenticate(t, 'staff@example.com', 'fel', '192.0.0.2')).statusCode).toBe(401);
      const res = await authenticate(t, 'staff@example.com', PASSWORD, '192.0.0.3');
      expect(res.statusCode).toBe(429);
      expect(retryAfter(res)).toBeGreaterThan(0);
      expect(retryAfter(res)).toBeLessThanOrEqual(all.windowMs / 1000);
      // A network that has not tried (the owner's) is let through (test/owner-lockout.test.ts).
      expect((await authenticate(t, 'staff@example.com', PASSWORD, '192.0.200.1')).statusCode).toBe(
        200,
      );
    });

    it('unlockAccount lifts every lock of the account: it logs in right after', async () => {
      const { max } = AUTH_LIMITS.authenticate.account[0];
      for (let i = 0; i < max; i++) {
        expect((await authenticate(t, 'admin@example.com', 'fel', '192.0.2.10')).statusCode).toBe(
          401,
        );
      }
      for (let i = 0; i < AUTH_LIMITS.forgot.account[0].max; i++) {
        expect((await forgot('admin@example.com', '192.0.2.10')).statusCode).toBe(204);
      }
      expect((await authenticate(t, 'admin@example.com', PASSWORD, '192.0.2.10')).statusCode).toBe(
        429,
      );
      expect((await forgot('admin@example.com', '192.0.2.10')).statusCode).toBe(429);

      await unlockAccount(t.app.ctx, t.users.admin.id);
      expect((await authenticate(t, 'admin@example.com', PASSWORD, '192.0.2.10')).statusCode).toBe(
        200,
      );
      expect((await forgot('admin@example.com', '192.0.2.10')).statusCode).toBe(204);
      // Another account's lock is its own.
      for (let i = 0; i <= max; i++)
        await authenticate(t, 'klient2@example.com', 'fel', '192.0.2.10');
      await unlockAccount(t.app.ctx, t.users.admin.id);
      expect(
        (await authenticate(t, 'klient2@example.com', PASSWORD, '192.0.2.10')).statusCode,
      ).toBe(429);
    });
  });
});
