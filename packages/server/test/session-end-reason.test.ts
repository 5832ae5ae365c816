// Issue 13: a browser whose session the server ended is told why. The 401 then carries a
// machine-readable `reason` (SessionEndReason) and a Swedish `message` that says why, which the
// login page shows as its notice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE } from '../src/clock.ts';
import { startTwoInstances, twoInstancesAvailable, type TwoInstances } from './cluster-helpers.ts';
import { describeDb, login, PASSWORD, send, sessionCookieOf, useTestApp } from './helpers.ts';

const PASSWORD_CHANGED =
  'Du har loggats ut eftersom lösenordet för ditt konto ändrades. Logga in med ditt nya lösenord.';

describeDb('why a session ended', () => {
  const t = useTestApp();

  const me = (cookie?: string) =>
    send(t, 'GET', '/api/v1/auth/me', cookie === undefined ? {} : { cookie });

  it('a password change: her other sessions get 401 with reason PASSWORD_CHANGED, nobody else is touched', async () => {
    const here = await login(t, t.users.klient.email);
    const other = await login(t, t.users.klient.email);
    const someoneElse = await login(t, t.users.klient2.email);

    const changed = await send(t, 'POST', '/api/v1/user/change-password', {
      cookie: here,
      body: { currentPassword: PASSWORD, newPassword: 'NyttLösen2026!' },
    });
    expect(changed.statusCode).toBe(204);

    for (const url of ['/api/v1/auth/me', '/api/v1/user/lab-results']) {
      const ended = await send(t, 'GET', url, { cookie: other });
      expect(ended.statusCode, url).toBe(401);
      expect(ended.json(), url).toEqual({ message: PASSWORD_CHANGED, reason: 'PASSWORD_CHANGED' });
    }
    // Told again on every call (several tabs of that browser each learn it).
    expect((await me(other)).json().reason).toBe('PASSWORD_CHANGED');

    // The session that changed it (under the new id it was given) and another user's go on.
    expect((await me(sessionCookieOf(changed)!)).statusCode).toBe(200);
    const theirs = await me(someoneElse);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().firstName).toBe('Kalle');

    // No cookie, or a cookie the server never issued: a plain 401 without a reason.
    for (const res of [await me(), await me('halsa_session=' + 'x'.repeat(43))]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Du är inte inloggad.' });
    }

    // A wrong current password (400) ends nothing and tells nobody anything.
    const next = await login(t, t.users.klient.email, 'NyttLösen2026!');
    const wrong = await send(t, 'POST', '/api/v1/user/change-password', {
      cookie: sessionCookieOf(changed)!,
      body: { currentPassword: 'Fel-lösenord1', newPassword: 'Annat-Lösen2026!' },
    });
    expect(wrong.statusCode).toBe(400);
    expect((await me(next)).statusCode).toBe(200);
  });

  it('a logout is not reported as a password change, and logging in again is a clean start', async () => {
    const cookie = await login(t, t.users.staff.email);
    expect((await send(t, 'POST', '/api/v1/user/logout', { cookie })).statusCode).toBe(204);
    const after = await me(cookie);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: 'Du är inte inloggad.' });
  });

  it('a session that ran out answers reason EXPIRED', async () => {
    const cookie = await login(t, t.users.admin.email);
    t.clock.advance(31 * MINUTE);
    const expired = await me(cookie);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({
      message: 'Din session har gått ut och du har loggats ut. Logga in igen för att fortsätta.',
      reason: 'EXPIRED',
    });
    expect((await me(cookie)).json().reason).toBe('EXPIRED');
  });

  it('a password reset by e-mailed link ends every session with reason PASSWORD_CHANGED', async () => {
    const cookie = await login(t, t.users.klient2.email);
    const forgot = await send(t, 'POST', '/api/v1/auth/forgot-password', {
      body: { email: t.users.klient2.email },
    });
    expect(forgot.statusCode).toBe(204);
    await t.app.ctx.tasks.idle();
    const mail = t.outbox.recent().find((m) => m.to === t.users.klient2.email);
    const token = mail?.text.match(/reset-password\?token=([A-Za-z0-9_-]+)/)?.[1];
    expect(token).toBeDefined();
    const reset = await send(t, 'POST', '/api/v1/auth/reset-password', {
      body: { token, password: 'Återställt2026!' },
    });
    expect(reset.statusCode).toBe(204);
    const ended = await me(cookie);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().reason).toBe('PASSWORD_CHANGED');
  });
});

// With REDIS_URL the reason travels with the session invalidations, so the instance that
// answers the 401 need not be the one that ended the session.
const twoInstances = await twoInstancesAvailable('session-end-reason.test.ts (two instances)');

(twoInstances ? describe : describe.skip)('why a session ended, across two instances', () => {
  let c: TwoInstances;
  beforeAll(async () => {
    c = await startTwoInstances();
  });
  afterAll(() => c?.close());

  const meOn = async (host: string, cookie: string) => {
    const res = await fetch(`http://${host}/api/v1/auth/me`, { headers: { cookie } });
    return { status: res.status, json: (await res.json()) as unknown };
  };

  it('a password change through A: B answers 401 with reason PASSWORD_CHANGED', async () => {
    const here = await login(c.a, 'klient@example.com');
    const elsewhere = await login(c.b, 'klient@example.com');
    expect((await meOn(c.hostB, elsewhere)).status).toBe(200);
    const changed = await send(c.a, 'POST', '/api/v1/user/change-password', {
      cookie: here,
      body: { currentPassword: PASSWORD, newPassword: 'NyttLösen2026!' },
    });
    expect(changed.statusCode).toBe(204);
    expect(await meOn(c.hostB, elsewhere)).toEqual({
      status: 401,
      json: { message: PASSWORD_CHANGED, reason: 'PASSWORD_CHANGED' },
    });
    // The session that changed it goes on, on B too, under the new id it was given.
    expect((await meOn(c.hostB, sessionCookieOf(changed)!)).status).toBe(200);
  });
});
