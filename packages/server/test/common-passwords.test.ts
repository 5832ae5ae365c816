// Common and breached passwords (issue 16 §2, ASVS 6.2.4): register, reset, set and change refuse
// them with a Swedish 400 after the §5 rule, and nothing changes (the link still works after).
import { validationMessages } from '@halsa/api/contract';
import { describe, expect, it } from 'vitest';
import { isCommonPassword } from '../src/security/passwords.ts';
import { describeDb, login, PASSWORD, send, useTestApp, type TestApp } from './helpers.ts';

const COMMON = 'Lösenordet är för vanligt och lätt att gissa. Välj ett annat.';

describe('the list', () => {
  it('the message lives in the contract, for the screens too', () => {
    expect(validationMessages.passwordCommon).toBe(COMMON);
  });

  it('knows breached passwords that meet the §5 rule, and word + digits/symbols forms', async () => {
    for (const p of [
      'Password1',
      'Qwerty123',
      'Welcome1',
      'P@ssw0rd',
      'Sommar2024!',
      'Stockholm1!',
    ]) {
      expect(await isCommonPassword(p), p).toBe(true);
    }
  });

  it('lets the demo password and uncommon ones through', async () => {
    for (const p of [
      PASSWORD,
      'Blåbärssoppa-Vasaloppet9',
      'NyttLösen1',
      'Återställt1',
      'Smörgåsö',
    ]) {
      expect(await isCommonPassword(p), p).toBe(false);
    }
  });
});

const tokenFrom = (t: TestApp, to: string, path: string): string => {
  const mail = t.outbox.recent().find((m) => m.to === to && m.text.includes(path));
  const token = mail?.text.match(new RegExp(`${path}\\?token=([A-Za-z0-9_%-]+)`))?.[1];
  if (!token) throw new Error(`no ${path} link mailed to ${to}`);
  return decodeURIComponent(token);
};

const hashOf = async (t: TestApp, email: string) =>
  (
    await t.db.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
  ).password_hash;

describeDb('new passwords are checked against the list', () => {
  const t = useTestApp();

  it('the §5 rule still comes first', async () => {
    const cookie = await login(t, 'klient2@example.com');
    const res = await send(t, 'POST', '/api/v1/user/change-password', {
      cookie,
      body: { currentPassword: PASSWORD, newPassword: 'password' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(validationMessages.passwordRule);
  });

  it('change: refused in Swedish, the old password still works', async () => {
    const cookie = await login(t, 'klient@example.com');
    const before = await hashOf(t, 'klient@example.com');
    const res = await send(t, 'POST', '/api/v1/user/change-password', {
      cookie,
      body: { currentPassword: PASSWORD, newPassword: 'Password1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(COMMON);
    expect(await hashOf(t, 'klient@example.com')).toBe(before);
    const ok = await send(t, 'POST', '/api/v1/user/change-password', {
      cookie,
      body: { currentPassword: PASSWORD, newPassword: 'Blåbärssoppa-Vasaloppet9' },
    });
    expect(ok.statusCode).toBe(204);
  });

  it('reset: refused in Swedish, the link is not spent', async () => {
    await send(t, 'POST', '/api/v1/auth/forgot-password', { body: { email: 'staff@example.com' } });
    await t.app.ctx.tasks.idle();
    const token = tokenFrom(t, 'staff@example.com', '/reset-password');
    const before = await hashOf(t, 'staff@example.com');
    const res = await send(t, 'POST', '/api/v1/auth/reset-password', {
      body: { token, password: 'Sommar2024!' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(COMMON);
    expect(await hashOf(t, 'staff@example.com')).toBe(before);
    const ok = await send(t, 'POST', '/api/v1/auth/reset-password', {
      body: { token, password: 'Återställt1' },
    });
    expect(ok.statusCode).toBe(204);
  });

  it('set: refused in Swedish, the link is not spent', async () => {
    await t.app.ctx.auth.sendPasswordLink(t.users.admin.id, 'SET_PASSWORD', null);
    const token = tokenFrom(t, 'admin@example.com', '/new-password');
    const res = await send(t, 'POST', '/api/v1/auth/set-password', {
      body: { token, password: 'Qwerty123' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(COMMON);
    const ok = await send(t, 'POST', '/api/v1/auth/set-password', {
      body: { token, password: 'NyttLösen1' },
    });
    expect(ok.statusCode).toBe(204);
  });

  it('register: refused in Swedish, no account, the invitation still works', async () => {
    const admin = await login(t, 'admin@example.com', 'NyttLösen1');
    await send(t, 'POST', '/api/v1/admin/invitations', {
      cookie: admin,
      body: { email: 'ny@example.com' },
    });
    const token = tokenFrom(t, 'ny@example.com', '/register');
    const body = (password: string) => ({
      email: 'ny@example.com',
      password,
      firstname: 'Åsa',
      lastname: 'Öberg',
      hasSocialSecurity: true,
      socialSecurityNumber: '19900101-1234',
      phoneNumber: '0701234567',
      street: 'Ågatan 1',
      city: 'Västerås',
      zipCode: '722 10',
    });
    const url = `/api/v1/auth/register?token=${encodeURIComponent(token)}`;
    const res = await send(t, 'POST', url, { body: body('Welcome1') });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(COMMON);
    const none = await t.db.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'ny@example.com')
      .executeTakeFirst();
    expect(none).toBeUndefined();
    expect((await send(t, 'POST', url, { body: body('NyttLösen1') })).statusCode).toBe(204);
  });
});
