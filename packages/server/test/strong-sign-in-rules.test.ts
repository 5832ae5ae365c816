// The clinic's sign-in rules (issue 32, design §4.17), on both databases: the staff rule's 403 on
// every client-data route of the contract (enumerated from the route table, so a new route is
// covered the day it lands), the e-mailed code for clients turned off, the settings themselves
// and ADMIN's 'Återställ inloggningsmetoder'.
import {
  endpoints,
  SECURITY_MESSAGES,
  STRONG_SIGN_IN_REQUIRED,
  type Endpoint,
} from '@halsa/api/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { totpCodeAt } from '../src/modules/security/totp.ts';
import { describeDb, login, send, useTestApp, type TestApp } from './helpers.ts';
import {
  addPasskey,
  addTotp,
  authenticate,
  loginWithTotp,
  logRows,
  verifyStep,
} from './strong-sign-in-helpers.ts';

const setRule = (t: TestApp, staffStrongSignIn: boolean, clientEmailCode = true) =>
  t.db.db
    .updateTable('clinic_settings')
    .set({ staff_strong_required: staffStrongSignIn, client_email_code: clientEmailCode })
    .where('id', '=', 1)
    .execute();

/** The client-data routes staff may call (messaging's too), by who calls them in the test. */
const clientDataRoutes = endpoints.filter(
  (e) =>
    (e.clientData || e.clientMessages) && (e.roles.includes('STAFF') || e.roles.includes('ADMIN')),
);

/** A URL for the route: every path parameter filled with something of the right kind. */
function urlOf(e: Endpoint, clientId: number): string {
  return e.path.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) =>
    name === 'id' || name === 'userId' ? String(clientId) : name === 'fileName' ? 'prov.pdf' : '1',
  );
}

describe('the route table', () => {
  it('has client-data routes for staff to check (the loop below is not empty)', () => {
    expect(clientDataRoutes.length).toBeGreaterThan(20);
    expect(clientDataRoutes.some((e) => e.roles.includes('STAFF'))).toBe(true);
    expect(clientDataRoutes.map((e) => e.name)).toContain('client');
    // Messaging carries clients' messages and names to staff: held back as well (design §4.17).
    expect(clientDataRoutes.map((e) => e.name)).toEqual(
      expect.arrayContaining([
        'conversations',
        'filteredUsers',
        'createConversation',
        'sendMessage',
        'uploadWithText',
        'editMessage',
      ]),
    );
  });
});

describeDb('the staff rule: no client data without a passkey or an app', () => {
  const t = useTestApp({ staffStrongSignIn: true });
  let staff: string;
  let admin: string;

  beforeEach(async () => {
    await t.db.db.deleteFrom('sign_in_methods').execute();
    await setRule(t, true);
    staff = await login(t, 'staff@example.com');
    admin = await login(t, 'admin@example.com');
  });

  it('after the e-mailed code she is signed in but must set up (me says so)', async () => {
    const me = await send(t, 'GET', '/api/v1/auth/me', { cookie: staff });
    expect(me.statusCode).toBe(200);
    expect(me.json().mustSetUpStrongSignIn).toBe(true);
    const overview = await send(t, 'GET', '/api/v1/user/security', { cookie: staff });
    expect(overview.json()).toMatchObject({ strongRequired: true, mustSetUpStrongSignIn: true });
    // Her own pages without client data still answer.
    expect((await send(t, 'GET', '/api/v1/user/notifications', { cookie: staff })).statusCode).toBe(
      200,
    );
  });

  it.each(clientDataRoutes.map((e) => [`${e.method} ${e.path}`, e] as const))(
    '%s answers 403 with the Swedish reason',
    async (_name, e) => {
      const cookie = e.roles.includes('STAFF') ? staff : admin;
      const res = await send(t, e.method, urlOf(e, t.users.klient.id), {
        cookie,
        ...(e.method === 'GET' ? {} : { body: {} }),
      });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({
        message: SECURITY_MESSAGES.strongSignInRequired,
        reason: STRONG_SIGN_IN_REQUIRED,
      });
    },
  );

  it('once she confirms an app the same routes answer, without signing in again', async () => {
    const before = await send(t, 'GET', `/api/v1/admin/clients/${t.users.klient.id}`, {
      cookie: staff,
    });
    expect(before.statusCode).toBe(403);
    await addTotp(t, staff);
    const after = await send(t, 'GET', `/api/v1/admin/clients/${t.users.klient.id}`, {
      cookie: staff,
    });
    expect(after.statusCode).toBe(200);
    expect((await send(t, 'GET', '/api/v1/auth/me', { cookie: staff })).json()).toMatchObject({
      mustSetUpStrongSignIn: false,
    });
  });

  it('reserve codes alone do not count; a passkey does', async () => {
    await send(t, 'POST', '/api/v1/user/security/reserve-codes', { cookie: staff, body: {} });
    const codesOnly = await send(t, 'GET', `/api/v1/admin/clients/${t.users.klient.id}`, {
      cookie: staff,
    });
    expect(codesOnly.statusCode).toBe(403);
    await addPasskey(t, staff);
    const withKey = await send(t, 'GET', `/api/v1/admin/clients/${t.users.klient.id}`, {
      cookie: staff,
    });
    expect(withKey.statusCode).toBe(200);
  });

  it('with a strong method, e-mail is no way in for staff: no mail, no resend, not offered', async () => {
    const secret = await addTotp(t, staff);
    const mails = t.outbox.recent().length;
    const twoFactorId = await authenticate(t, 'staff@example.com');
    expect(t.outbox.recent().length).toBe(mails);
    const step = await send(t, 'POST', '/api/v1/auth/login-step', { body: { twoFactorId } });
    expect(step.json()).toEqual({ methods: ['TOTP'], emailSent: false });
    const resend = await send(t, 'POST', '/api/v1/auth/resend-2fa', { body: { twoFactorId } });
    expect(resend.statusCode).toBe(403);
    expect(t.outbox.recent().length).toBe(mails);
    const ok = await verifyStep(t, {
      twoFactorId,
      method: 'TOTP',
      code: totpCodeAt(secret, t.clock.now()),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().mustSetUpStrongSignIn).toBe(false);
  });

  it('a client is not held back by the staff rule', async () => {
    const klient = await login(t, 'klient@example.com');
    expect((await send(t, 'GET', '/api/v1/auth/me', { cookie: klient })).json()).toMatchObject({
      mustSetUpStrongSignIn: false,
    });
    expect((await send(t, 'GET', '/api/v1/user/lab-results', { cookie: klient })).statusCode).toBe(
      200,
    );
    // Nor in messaging: her conversations and the people she may write to answer.
    for (const path of ['conversations', 'filteredUsers']) {
      const res = await send(t, 'GET', `/api/v1/user/messaging/${path}`, { cookie: klient });
      expect(res.statusCode, path).toBe(200);
    }
  });
});

describeDb("'Klienter får logga in med e-postkod'", () => {
  const t = useTestApp();
  beforeEach(async () => {
    await t.db.db.deleteFrom('sign_in_methods').execute();
    await setRule(t, false, true);
  });

  it('off: a client without a strong method is refused at the password, with no mail', async () => {
    await setRule(t, false, false);
    const mails = t.outbox.recent().length;
    const res = await send(t, 'POST', '/api/v1/auth/authenticate', {
      body: { email: 'klient@example.com', password: 'Halsa2026!' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(SECURITY_MESSAGES.emailCodeOff);
    expect(t.outbox.recent().length).toBe(mails);
    expect((await logRows(t, 'LOGIN_FAILED')).at(-1)?.details).toMatchObject({
      emailCodeOff: true,
    });
  });

  it('off: a client with an app signs in with it; the e-mailed code is not offered nor sent', async () => {
    const cookie = await login(t, 'klient@example.com');
    const secret = await addTotp(t, cookie);
    await setRule(t, false, false);
    const twoFactorId = await authenticate(t, 'klient@example.com');
    const step = await send(t, 'POST', '/api/v1/auth/login-step', { body: { twoFactorId } });
    expect(step.json()).toEqual({ methods: ['TOTP'], emailSent: false });
    const resend = await send(t, 'POST', '/api/v1/auth/resend-2fa', { body: { twoFactorId } });
    expect(resend.statusCode).toBe(403);
    expect(resend.json().message).toBe(SECURITY_MESSAGES.emailCodeOff);
    const email = await send(t, 'POST', '/api/v1/auth/verify-2fa', {
      body: { twoFactorId, code: '123456' },
    });
    expect(email.statusCode).toBe(401);
    expect(await loginWithTotp(t, 'klient@example.com', secret)).toMatch(/^halsa_session=/);
  });
});

describeDb("the clinic settings and ADMIN's reset", () => {
  const t = useTestApp();
  beforeEach(async () => {
    await t.db.db.deleteFrom('sign_in_methods').execute();
    await setRule(t, false, true);
  });

  it('ADMIN reads and changes the settings; a change is logged, staff may not', async () => {
    const admin = await login(t, 'admin@example.com');
    const staff = await login(t, 'staff@example.com');
    expect(
      (await send(t, 'GET', '/api/v1/admin/sign-in-settings', { cookie: admin })).json(),
    ).toEqual({ staffStrongSignIn: false, clientEmailCode: true });
    const put = await send(t, 'PUT', '/api/v1/admin/sign-in-settings', {
      cookie: admin,
      body: { staffStrongSignIn: true, clientEmailCode: true },
    });
    expect(put.json()).toEqual({ staffStrongSignIn: true, clientEmailCode: true });
    expect((await logRows(t, 'SIGN_IN_SETTING_CHANGED')).at(-1)).toMatchObject({
      actor_user_id: t.users.admin.id,
      details: { staffStrongSignIn: true },
    });
    const denied = await send(t, 'PUT', '/api/v1/admin/sign-in-settings', {
      cookie: staff,
      body: { staffStrongSignIn: false, clientEmailCode: true },
    });
    expect(denied.statusCode).toBe(403);
  });

  it('a fresh clinic has the staff rule on and the e-mailed code on for clients', async () => {
    // The row as the migration makes it (the test app, like the demo seed, turned the rule off).
    await t.db.db.deleteFrom('clinic_settings').execute();
    await t.db.db.insertInto('clinic_settings').values({ id: 1 }).execute();
    const admin = await login(t, 'admin@example.com');
    expect(
      (await send(t, 'GET', '/api/v1/admin/sign-in-settings', { cookie: admin })).json(),
    ).toEqual({ staffStrongSignIn: true, clientEmailCode: true });
  });

  it("'Återställ inloggningsmetoder': her methods go, it is logged, and she sets up again", async () => {
    const admin = await login(t, 'admin@example.com');
    const staff = await login(t, 'staff@example.com');
    const secret = await addTotp(t, staff);
    await addPasskey(t, staff);
    await send(t, 'POST', '/api/v1/user/security/reserve-codes', { cookie: staff, body: {} });
    const listed = await send(t, 'GET', `/api/v1/admin/users/${t.users.staff.id}/sign-in-methods`, {
      cookie: admin,
    });
    expect(
      listed
        .json()
        .methods.map((m: { kind: string }) => m.kind)
        .sort(),
    ).toEqual(['PASSKEY', 'RESERVE_CODES', 'TOTP']);
    const reset = await send(
      t,
      'POST',
      `/api/v1/admin/users/${t.users.staff.id}/reset-sign-in-methods`,
      { cookie: admin, body: {} },
    );
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ methods: [] });
    const logged = (await logRows(t, 'SIGN_IN_METHODS_RESET')).at(-1);
    expect(logged).toMatchObject({
      actor_user_id: t.users.admin.id,
      subject_user_id: t.users.staff.id,
    });
    expect((logged?.details as { removed: unknown[] }).removed).toHaveLength(3);
    // Her app no longer signs her in; with the rule on she must set up again.
    await setRule(t, true);
    const twoFactorId = await authenticate(t, 'staff@example.com');
    const step = await send(t, 'POST', '/api/v1/auth/login-step', { body: { twoFactorId } });
    expect(step.json()).toEqual({ methods: ['EMAIL'], emailSent: true });
    const old = await verifyStep(t, {
      twoFactorId,
      method: 'TOTP',
      code: totpCodeAt(secret, t.clock.now()),
    });
    expect(old.statusCode).toBe(401);
    const again = await login(t, 'staff@example.com');
    expect((await send(t, 'GET', '/api/v1/auth/me', { cookie: again })).json()).toMatchObject({
      mustSetUpStrongSignIn: true,
    });
    // Only ADMIN resets, and an unknown person is a 404.
    expect(
      (
        await send(t, 'POST', `/api/v1/admin/users/${t.users.klient.id}/reset-sign-in-methods`, {
          cookie: staff,
          body: {},
        })
      ).statusCode,
    ).toBe(403);
    // Under the rule an ADMIN needs a strong method herself before she resets anyone's.
    const unknown = () =>
      send(t, 'POST', '/api/v1/admin/users/999999/reset-sign-in-methods', {
        cookie: admin,
        body: {},
      });
    expect((await unknown()).json().reason).toBe('STRONG_SIGN_IN_REQUIRED');
    await addTotp(t, admin);
    expect((await unknown()).statusCode).toBe(404);
  });
});
