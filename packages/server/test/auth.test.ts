// Login with e-mailed code, sessions and the OTP rules of design.md §5.
import { expect, it } from 'vitest';
import { MINUTE, HOUR } from '../src/clock.ts';
import {
  describeDb,
  lastCode,
  login,
  PASSWORD,
  send,
  sessionCookieOf,
  useTestApp,
} from './helpers.ts';

describeDb('login with e-mailed 2FA code', () => {
  const t = useTestApp();

  const authenticate = async (email = 'klient@example.com', password = PASSWORD) => {
    const res = await send(t, 'POST', '/api/v1/auth/authenticate', { body: { email, password } });
    expect(res.statusCode).toBe(200);
    return res.json<{ message: string }>().message;
  };
  const verify = (twoFactorId: string, code: string, cookie?: string) =>
    send(t, 'POST', '/api/v1/auth/verify-2fa', {
      body: { twoFactorId, code },
      ...(cookie ? { cookie } : {}),
    });
  const wrong = (code: string) => (code === '000000' ? '000001' : '000000');

  it('answers { message: twoFactorId }, mails 6 digits, verify sets the cookie and me works', async () => {
    const twoFactorId = await authenticate();
    expect(twoFactorId).toMatch(/^[0-9a-f-]{36}$/);
    const code = lastCode(t.outbox, 'klient@example.com');
    expect(code).toMatch(/^\d{6}$/);
    const res = await verify(twoFactorId, code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: t.users.klient.id,
      firstName: 'Karin',
      lastName: 'Klient',
      role: 'USER',
      imageUrl: null,
      mustSetUpStrongSignIn: false,
    });
    const cookie = sessionCookieOf(res)!;
    const me = await send(t, 'GET', '/api/v1/auth/me', { cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(t.users.klient.id);
  });

  it('e-mail is case-insensitive', async () => {
    await authenticate('  KLIENT@Example.com ');
  });

  it('me without a session is 401 with a Swedish message', async () => {
    const res = await send(t, 'GET', '/api/v1/auth/me');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Du är inte inloggad.');
  });

  it('cookie is HttpOnly, SameSite=Lax, Path=/ and not Secure outside production', async () => {
    const twoFactorId = await authenticate();
    const res = await verify(twoFactorId, lastCode(t.outbox, 'klient@example.com'));
    const raw = String(res.headers['set-cookie']);
    expect(raw).toMatch(/^halsa_session=[A-Za-z0-9_-]{40,};/);
    expect(raw).toContain('HttpOnly');
    expect(raw).toContain('SameSite=Lax');
    expect(raw).toContain('Path=/');
    expect(raw).not.toContain('Secure');
  });

  it('a code is single use', async () => {
    const twoFactorId = await authenticate();
    const code = lastCode(t.outbox, 'klient@example.com');
    expect((await verify(twoFactorId, code)).statusCode).toBe(200);
    const again = await verify(twoFactorId, code);
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe('Koden är ogiltig eller har gått ut. Logga in igen.');
    expect(sessionCookieOf(again)).toBeUndefined();
  });

  it('a code expires after 10 minutes (fake clock)', async () => {
    const twoFactorId = await authenticate();
    const code = lastCode(t.outbox, 'klient@example.com');
    t.clock.advance(10 * MINUTE);
    const res = await verify(twoFactorId, code);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/gått ut/);
  });

  it('a code is still valid just before 10 minutes', async () => {
    const twoFactorId = await authenticate();
    const code = lastCode(t.outbox, 'klient@example.com');
    t.clock.advance(10 * MINUTE - 1000);
    expect((await verify(twoFactorId, code)).statusCode).toBe(200);
  });

  it('after 5 wrong tries the 6th is refused, even with the right code', async () => {
    const twoFactorId = await authenticate();
    const code = lastCode(t.outbox, 'klient@example.com');
    for (let i = 0; i < 5; i++) {
      const res = await verify(twoFactorId, wrong(code));
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Fel kod. Försök igen.');
    }
    const sixth = await verify(twoFactorId, code);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe('För många felaktiga försök. Logga in igen.');
    expect(sessionCookieOf(sixth)).toBeUndefined();
  });

  it('4 wrong tries then the right code still works (5th try)', async () => {
    const twoFactorId = await authenticate();
    const code = lastCode(t.outbox, 'klient@example.com');
    for (let i = 0; i < 4; i++)
      expect((await verify(twoFactorId, wrong(code))).statusCode).toBe(401);
    expect((await verify(twoFactorId, code)).statusCode).toBe(200);
  });

  it('a code only fits its own login attempt (cross-login)', async () => {
    const first = await authenticate();
    const firstCode = lastCode(t.outbox, 'klient@example.com');
    const second = await authenticate();
    const secondCode = lastCode(t.outbox, 'klient@example.com');
    if (firstCode !== secondCode) {
      expect((await verify(second, firstCode)).statusCode).toBe(401);
    }
    // Another user's login attempt cannot be completed with this user's code either.
    const other = await authenticate('klient2@example.com');
    const res = await verify(
      other,
      secondCode === lastCode(t.outbox, 'klient2@example.com') ? wrong(secondCode) : secondCode,
    );
    expect(res.statusCode).toBe(401);
    expect((await verify(first, firstCode)).statusCode).toBe(200);
  });

  it('resend is refused before 10 s, then voids the old code', async () => {
    const twoFactorId = await authenticate();
    const oldCode = lastCode(t.outbox, 'klient@example.com');
    t.clock.advance(9_000);
    const early = await send(t, 'POST', '/api/v1/auth/resend-2fa', { body: { twoFactorId } });
    expect(early.statusCode).toBe(429);
    expect(early.json().message).toBe('Vänta 10 sekunder innan du begär en ny kod.');
    expect(Number(early.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    t.clock.advance(1_000);
    const mailsBefore = t.outbox.recent().length;
    const ok = await send(t, 'POST', '/api/v1/auth/resend-2fa', { body: { twoFactorId } });
    expect(ok.statusCode).toBe(204);
    expect(t.outbox.recent().length).toBe(mailsBefore + 1);
    const newCode = lastCode(t.outbox, 'klient@example.com');
    if (newCode !== oldCode) {
      expect((await verify(twoFactorId, oldCode)).statusCode).toBe(401);
    }
    // and again only after another 10 s
    const tooSoon = await send(t, 'POST', '/api/v1/auth/resend-2fa', { body: { twoFactorId } });
    expect(tooSoon.statusCode).toBe(429);
    expect((await verify(twoFactorId, newCode)).statusCode).toBe(200);
  });

  it('resend of an unknown or malformed id answers 401 and sends nothing', async () => {
    const before = t.outbox.recent().length;
    for (const twoFactorId of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await send(t, 'POST', '/api/v1/auth/resend-2fa', { body: { twoFactorId } });
      expect(res.statusCode).toBe(401);
    }
    expect(t.outbox.recent().length).toBe(before);
  });

  it('session fixation: an id planted before login is never the session after it', async () => {
    const planted = 'halsa_session=attacker-chosen-value-1234567890abcdefghijklmnop';
    const twoFactorId = await authenticate();
    const res = await verify(twoFactorId, lastCode(t.outbox, 'klient@example.com'), planted);
    expect(res.statusCode).toBe(200);
    const fresh = sessionCookieOf(res)!;
    expect(fresh).not.toBe(planted);
    expect((await send(t, 'GET', '/api/v1/auth/me', { cookie: planted })).statusCode).toBe(401);
    expect((await send(t, 'GET', '/api/v1/auth/me', { cookie: fresh })).statusCode).toBe(200);
  });

  it('session fixation: a real earlier session is replaced (new id) and killed at 2FA', async () => {
    const old = await login(t, 'klient@example.com');
    const twoFactorId = await authenticate();
    const res = await verify(twoFactorId, lastCode(t.outbox, 'klient@example.com'), old);
    const fresh = sessionCookieOf(res)!;
    expect(fresh).not.toBe(old);
    expect((await send(t, 'GET', '/api/v1/auth/me', { cookie: old })).statusCode).toBe(401);
    expect((await send(t, 'GET', '/api/v1/auth/me', { cookie: fresh })).statusCode).toBe(200);
  });

  it('sessions end after 30 minutes idle', async () => {
    const cookie = await login(t, 'klient@example.com');
    t.clock.advance(29 * MINUTE);
    expect((await send(t, 'GET', '/api/v1/auth/me', { cookie })).statusCode).toBe(200);
    t.clock.advance(29 * MINUTE); // activity above reset the idle timer
    expect((await send(t, 'GET', '/api/v1/auth/me', { cookie })).statusCode).toBe(200);
    t.clock.advance(30 * MINUTE);
    expect((await send(t, 'GET', '/api/v1/auth/me', { cookie })).statusCode).toBe(401);
  });

  it('sessions end after 12 hours however active', async () => {
    const cookie = await login(t, 'klient@example.com');
    for (let elapsed = 0; elapsed < 12 * HOUR - 20 * MINUTE; elapsed += 20 * MINUTE) {
      t.clock.advance(20 * MINUTE);
      expect((await send(t, 'GET', '/api/v1/auth/me', { cookie })).statusCode).toBe(200);
    }
    t.clock.advance(20 * MINUTE);
    expect((await send(t, 'GET', '/api/v1/auth/me', { cookie })).statusCode).toBe(401);
  });

  it('logout kills the session server-side and clears the cookie', async () => {
    const cookie = await login(t, 'klient@example.com');
    const res = await send(t, 'POST', '/api/v1/user/logout', { cookie });
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(/halsa_session=;.*Expires=Thu, 01 Jan 1970/);
    // The old cookie value, replayed, is dead.
    expect((await send(t, 'GET', '/api/v1/auth/me', { cookie })).statusCode).toBe(401);
    expect((await send(t, 'POST', '/api/v1/user/logout', { cookie })).statusCode).toBe(401);
  });

  it('the session id is stored hashed, never as sent in the cookie', async () => {
    const cookie = await login(t, 'klient@example.com');
    const value = cookie.split('=')[1]!;
    const rows = await t.db.db.selectFrom('sessions').select('id_hash').execute();
    expect(rows.some((r) => r.id_hash === value)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.id_hash))).toBe(true);
  });

  it('passwords are Argon2id hashes', async () => {
    const row = await t.db.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', 'klient@example.com')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });
});

describeDb('account enumeration', () => {
  const t = useTestApp();

  it('unknown e-mail and wrong password answer the same, with similar timing', async () => {
    const attempt = async (email: string) => {
      const start = performance.now();
      const res = await send(t, 'POST', '/api/v1/auth/authenticate', {
        body: { email, password: 'Fel-Lösenord1' },
      });
      return { ms: performance.now() - start, status: res.statusCode, body: res.body };
    };
    // warm up both paths
    await attempt('klient@example.com');
    await attempt('ingen@example.com');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 6; i++) {
      const a = await attempt('klient@example.com');
      const b = await attempt(`ingen${i}@example.com`);
      expect(a.status).toBe(401);
      expect(b.status).toBe(401);
      expect(a.body).toBe(b.body);
      expect(JSON.parse(a.body)).toEqual({ message: 'Ogiltig e-postadress eller lösenord.' });
      known.push(a.ms);
      unknown.push(b.ms);
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    const ratio = median(known) / median(unknown);
    // Both do exactly one Argon2id verify; without the dummy hash an unknown address
    // would answer ~10x faster.
    expect(ratio).toBeGreaterThan(0.33);
    expect(ratio).toBeLessThan(3);
  });

  it('forgot-password answers 204 for known and unknown e-mail and mails only the known', async () => {
    const before = t.outbox.recent().length;
    const a = await send(t, 'POST', '/api/v1/auth/forgot-password', {
      body: { email: 'klient@example.com' },
    });
    const b = await send(t, 'POST', '/api/v1/auth/forgot-password', {
      body: { email: 'ingen@example.com' },
    });
    expect(a.statusCode).toBe(204);
    expect(b.statusCode).toBe(204);
    expect(a.body).toBe(b.body);
    await t.app.ctx.tasks.idle();
    const mails = t.outbox.recent().slice(0, t.outbox.recent().length - before);
    expect(mails.map((m) => m.to)).toEqual(['klient@example.com']);
  });
});

// Rate limits (per account, per IP, TRUST_PROXY, across instances): test/rate-limit.test.ts.
