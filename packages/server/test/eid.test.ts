// E-legitimation through an OIDC broker (design §4.18, issue 33). The happy path, a replayed
// state, a cancelled sign-in and the account rules run against the real test broker
// (`oidc-provider`); the id tokens a real broker never sends (tampered, wrong audience, wrong
// nonce, expired, without the claim) come from a fake broker whose tokens the test signs. Every
// refusal: back on /login with its reason, no session, a LOGIN_FAILED row without the number.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestApp } from './helpers.ts';
import { describeDb, insertUser, login, send, sessionCookieOf, useTestApp } from './helpers.ts';
import { fakeCallback, startFakeBroker, startRealBroker, throughBroker } from './eid-helpers.ts';
import { setStaffStrongRule } from './staff-rule.ts';

const KARIN = '19850412-2381';
const SHARED = '19720118-4417';
const GONE = '19900623-1286';
const STAFF = '19700101-1239';

const real = await startRealBroker([{ name: 'Karin Klient', pnr: KARIN }]);
const fake = await startFakeBroker();
afterAll(async () => {
  await real.close();
  await fake.close();
});

async function giveClientPnr(t: TestApp, userId: number, pnr: string) {
  await t.db.db
    .insertInto('client_profiles')
    .values({
      user_id: userId,
      social_security_number: pnr,
      created_at: t.clock.now(),
      updated_at: t.clock.now(),
    })
    .execute();
}

async function start(t: TestApp, returnTo?: string) {
  const res = await send(
    t,
    'GET',
    `/api/v1/auth/eid/start${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`,
  );
  expect(res.statusCode, res.body).toBe(302);
  const cookie = res.cookies.find((c) => c.name === 'halsa_eid');
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe('Lax');
  return { location: res.headers.location as string, cookie: `halsa_eid=${cookie!.value}` };
}

async function callback(t: TestApp, url: string, cookie: string) {
  const u = new URL(url);
  return send(t, 'GET', `${u.pathname}${u.search}`, {
    cookie,
    headers: { 'sec-fetch-site': 'cross-site' },
  });
}

async function lastLogin(t: TestApp) {
  return t.db.db
    .selectFrom('activity_log')
    .select(['action', 'actor_user_id', 'subject_user_id', 'details'])
    .where('action', 'in', ['LOGIN_FAILED', 'LOGIN_SUCCEEDED'])
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

async function expectRefused(
  t: TestApp,
  res: LightMyRequestResponse,
  reason: string,
  logged: string | RegExp,
  issuer: string,
) {
  expect(res.statusCode, res.body).toBe(302);
  expect(res.headers.location).toBe(`/login?eid=${reason}`);
  expect(sessionCookieOf(res)).toBeUndefined();
  const row = await lastLogin(t);
  expect(row.action).toBe('LOGIN_FAILED');
  const details = row.details as Record<string, unknown>;
  expect(details).toMatchObject({
    method: 'eid',
    issuer,
    reason: typeof logged === 'string' ? logged : expect.stringMatching(logged),
  });
  // The number is never in the log in clear, with or without its dash.
  const text = JSON.stringify(row);
  for (const pnr of [KARIN, SHARED, GONE, '19991231-9999']) {
    expect(text).not.toContain(pnr);
    expect(text).not.toContain(pnr.replace('-', ''));
  }
}

describeDb('e-legitimation against the test broker (oidc-provider)', () => {
  const t = useTestApp({ config: { eid: real.settings } });
  let gone: { id: number };

  beforeAll(async () => {
    await giveClientPnr(t, t.users.klient.id, KARIN);
    // Two accounts with one number: a client and an ADMIN's own number.
    await giveClientPnr(t, t.users.klient2.id, SHARED);
    await t.db.db
      .updateTable('users')
      .set({ personal_number: SHARED })
      .where('id', '=', t.users.admin.id)
      .execute();
    await t.db.db
      .updateTable('users')
      .set({ personal_number: STAFF })
      .where('id', '=', t.users.staff.id)
      .execute();
    gone = await insertUser(t.db, {
      email: 'borta@example.com',
      role: 'USER',
      first: 'Bo',
      last: 'Borta',
      at: t.clock.now(),
    });
    await giveClientPnr(t, gone.id, GONE);
    await t.db.db
      .updateTable('users')
      .set({ deactivated_at: t.clock.now() })
      .where('id', '=', gone.id)
      .execute();
  });

  it('tells /login the button label', async () => {
    const res = await send(t, 'GET', '/api/v1/auth/eid');
    expect(res.json()).toEqual({ label: 'BankID' });
  });

  it('signs Karin in with no password and no mail, onto the page she asked for', async () => {
    const mailsBefore = t.outbox.recent().length;
    const { location, cookie } = await start(t, '/lab-results?fil=2');
    const auth = new URL(location);
    expect(auth.origin + auth.pathname).toBe(`${real.settings.issuer}/auth`);
    expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
    expect(auth.searchParams.get('nonce')).toBeTruthy();
    expect(auth.searchParams.get('state')).toBeTruthy();
    const back = await throughBroker(location, KARIN.replace('-', ''));
    const res = await callback(t, back, cookie);
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toBe('/lab-results?fil=2');
    const session = sessionCookieOf(res);
    expect(session).toBeDefined();
    const me = await send(t, 'GET', '/api/v1/auth/me', { cookie: session });
    expect(me.json()).toMatchObject({ id: t.users.klient.id, firstName: 'Karin' });
    expect(t.outbox.recent().length).toBe(mailsBefore);
    const row = await lastLogin(t);
    expect(row).toMatchObject({
      action: 'LOGIN_SUCCEEDED',
      actor_user_id: t.users.klient.id,
      details: { method: 'eid', issuer: real.settings.issuer },
    });

    // The same callback again (a replayed state): refused, nothing signed in.
    const replay = await callback(t, back, cookie);
    await expectRefused(t, replay, 'failed', 'state_unknown_or_used', real.settings.issuer);
  });

  it('replaces the session that came in (a new id, as after the e-mailed code)', async () => {
    const { location, cookie } = await start(t);
    const back = await throughBroker(location, KARIN);
    const first = sessionCookieOf(await callback(t, back, cookie))!;
    const again = await start(t);
    const back2 = await throughBroker(again.location, KARIN);
    const res = await callback(t, back2, `${again.cookie}; ${first}`);
    expect(res.headers.location).toBe('/overview');
    expect(sessionCookieOf(res)).not.toBe(first);
    expect((await send(t, 'GET', '/api/v1/auth/me', { cookie: first })).statusCode).toBe(401);
  });

  it('signs a STAFF member in by her own personal number', async () => {
    const { location, cookie } = await start(t);
    const res = await callback(t, await throughBroker(location, STAFF), cookie);
    const me = await send(t, 'GET', '/api/v1/auth/me', { cookie: sessionCookieOf(res) });
    expect(me.json()).toMatchObject({ id: t.users.staff.id, role: 'STAFF' });
  });

  it("satisfies the clinic's staff rule: strong on its own, unlike the e-mailed code (§4.18)", async () => {
    await setStaffStrongRule(t.db.db, true);
    try {
      const client = `/api/v1/admin/clients/${t.users.klient.id}`;
      // The e-mailed code alone: led to set up a method, no client data.
      const byCode = await login(t, t.users.staff.email);
      const meByCode = await send(t, 'GET', '/api/v1/auth/me', { cookie: byCode });
      expect(meByCode.json().mustSetUpStrongSignIn).toBe(true);
      expect((await send(t, 'GET', client, { cookie: byCode })).statusCode).toBe(403);
      // E-legitimation: the same person reaches the client at once, and her overview agrees.
      const { location, cookie } = await start(t);
      const res = await callback(t, await throughBroker(location, STAFF), cookie);
      const byEid = sessionCookieOf(res);
      const me = await send(t, 'GET', '/api/v1/auth/me', { cookie: byEid });
      expect(me.json()).toMatchObject({ role: 'STAFF', mustSetUpStrongSignIn: false });
      const overview = await send(t, 'GET', '/api/v1/user/security', { cookie: byEid });
      expect(overview.json()).toMatchObject({ strongRequired: true, mustSetUpStrongSignIn: false });
      expect((await send(t, 'GET', client, { cookie: byEid })).statusCode).not.toBe(403);
      // The code session stays held back: the rule belongs to the session, not to the person.
      expect((await send(t, 'GET', client, { cookie: byCode })).statusCode).toBe(403);
    } finally {
      await setStaffStrongRule(t.db.db, false);
    }
  });

  it('refuses a number two accounts share, without saying so', async () => {
    const { location, cookie } = await start(t);
    const res = await callback(t, await throughBroker(location, SHARED), cookie);
    await expectRefused(t, res, 'no-account', 'several_accounts', real.settings.issuer);
    expect((await lastLogin(t)).details).toHaveProperty('pnrHash');
  });

  it('refuses an unknown number with the same words', async () => {
    const { location, cookie } = await start(t);
    const res = await callback(t, await throughBroker(location, '19991231-9999'), cookie);
    await expectRefused(t, res, 'no-account', 'no_account', real.settings.issuer);
  });

  it('refuses a deactivated account with its own text', async () => {
    const { location, cookie } = await start(t);
    const res = await callback(t, await throughBroker(location, GONE), cookie);
    await expectRefused(t, res, 'deactivated', 'deactivated', real.settings.issuer);
    expect((await lastLogin(t)).subject_user_id).toBe(gone.id);
  });

  it('a cancelled sign-in comes back as cancelled', async () => {
    const { location, cookie } = await start(t);
    const res = await callback(t, await throughBroker(location, 'avbryt'), cookie);
    await expectRefused(t, res, 'cancelled', 'broker:access_denied', real.settings.issuer);
  });

  it('refuses a callback without the browser that started it (no or another state cookie)', async () => {
    const { location } = await start(t);
    const back = await throughBroker(location, KARIN);
    const res = await callback(t, back, 'halsa_eid=somebody-elses-state');
    await expectRefused(t, res, 'failed', 'state_mismatch', real.settings.issuer);
  });

  it('only sends her on to a page of the portal', async () => {
    for (const evil of ['https://evil.example/', '//evil.example', '/\\evil.example']) {
      const { location, cookie } = await start(t, evil);
      const res = await callback(t, await throughBroker(location, KARIN), cookie);
      expect(res.headers.location).toBe('/overview');
    }
  });
});

describeDb('e-legitimation: id tokens a broker must not be believed for', () => {
  const t = useTestApp({ config: { eid: fake.settings } });
  const issuer = fake.settings.issuer;
  beforeAll(() => giveClientPnr(t, t.users.klient.id, KARIN));

  const attempt = async (token: (nonce: string) => Promise<string>) => {
    const { location, cookie } = await start(t);
    const nonce = new URL(location).searchParams.get('nonce')!;
    fake.next(await token(nonce));
    return callback(t, fakeCallback(location), cookie);
  };
  const claim = { 'https://id.oidc.se/claim/personalIdentityNumber': KARIN.replace('-', '') };

  it('a valid token from this broker signs in (so the refusals below are the checks)', async () => {
    const res = await attempt((nonce) => fake.sign(nonce, claim));
    expect(res.headers.location).toBe('/overview');
    expect(sessionCookieOf(res)).toBeDefined();
  });

  it('a tampered id token (payload changed after signing)', async () => {
    const res = await attempt(async (nonce) => {
      const [header, , signature] = (await fake.sign(nonce, claim)).split('.');
      const forged = Buffer.from(
        JSON.stringify({
          iss: issuer,
          aud: fake.settings.clientId,
          sub: 'subject-1',
          nonce,
          iat: Math.floor(Date.now() / 1000),
          exp: Math.floor(Date.now() / 1000) + 300,
          'https://id.oidc.se/claim/personalIdentityNumber': '197201184417',
        }),
      ).toString('base64url');
      return `${header}.${forged}.${signature}`;
    });
    await expectRefused(t, res, 'failed', /signature verification failed/, issuer);
  });

  it('a token signed with another key', async () => {
    const res = await attempt((nonce) => fake.sign(nonce, claim, 'other'));
    await expectRefused(t, res, 'failed', /signature verification failed/, issuer);
  });

  it('a wrong audience', async () => {
    const res = await attempt((nonce) => fake.sign(nonce, { ...claim, aud: 'another-client' }));
    await expectRefused(t, res, 'failed', /^OAUTH_JWT_CLAIM_COMPARISON_FAILED: .*"aud"/, issuer);
  });

  it('a wrong issuer', async () => {
    const res = await attempt((nonce) =>
      fake.sign(nonce, { ...claim, iss: 'https://broker.example' }),
    );
    await expectRefused(t, res, 'failed', /^OAUTH_JWT_CLAIM_COMPARISON_FAILED: .*"iss"/, issuer);
  });

  it('a wrong nonce', async () => {
    const res = await attempt(() => fake.sign('another-nonce', claim));
    await expectRefused(t, res, 'failed', /^OAUTH_JWT_CLAIM_COMPARISON_FAILED: .*"nonce"/, issuer);
  });

  it('an expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const res = await attempt((nonce) =>
      fake.sign(nonce, { ...claim, iat: now - 3600, exp: now - 600 }),
    );
    await expectRefused(t, res, 'failed', /^OAUTH_JWT_TIMESTAMP_CHECK_FAILED: .*"exp"/, issuer);
  });

  it('a token without the personal-number claim', async () => {
    const res = await attempt((nonce) => fake.sign(nonce));
    await expectRefused(t, res, 'failed', 'claim_missing', issuer);
  });
});

describeDb('e-legitimation when not configured', () => {
  const t = useTestApp();
  it('shows no button and has no flow', async () => {
    expect((await send(t, 'GET', '/api/v1/auth/eid')).json()).toEqual({ label: null });
    expect((await send(t, 'GET', '/api/v1/auth/eid/start')).statusCode).toBe(404);
    expect((await send(t, 'GET', '/api/v1/auth/eid/callback?state=x')).statusCode).toBe(404);
  });
});

describeDb('a personal number for STAFF and ADMIN on /staff', () => {
  const t = useTestApp({ config: { eid: real.settings } });
  const base = { firstName: 'Nora', lastName: 'Nyberg', role: 'STAFF' };

  it("is optional, written as a client's, unique, and signs her in", async () => {
    const admin = await login(t, 'admin@example.com');
    const create = (email: string, personalNumber?: string) =>
      send(t, 'POST', '/api/v1/admin/staff', {
        cookie: admin,
        body: { ...base, email, ...(personalNumber === undefined ? {} : { personalNumber }) },
      });
    expect((await create('utan@example.com')).statusCode).toBe(201);
    expect((await create('tom@example.com', '')).statusCode).toBe(201);
    const bad = await create('fel@example.com', '198001011234');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Personnummer måste vara i formatet YYYYMMDD-XXXX.');
    const made = await create('nora@example.com', '19800101-1234');
    expect(made.statusCode, made.body).toBe(201);
    const twice = await create('nora2@example.com', '19800101-1234');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Personnumret används redan av någon annan i personalen.');

    const { location, cookie } = await start(t);
    const res = await callback(t, await throughBroker(location, '198001011234'), cookie);
    const me = await send(t, 'GET', '/api/v1/auth/me', { cookie: sessionCookieOf(res) });
    expect(me.json()).toMatchObject({ id: made.json().id, role: 'STAFF' });
  });
});

describeDb('e-legitimation when the broker cannot be reached', () => {
  const t = useTestApp({
    config: { eid: { ...real.settings, issuer: 'http://127.0.0.1:9/dev/eid' } },
  });
  it('sends her back to /login with the failure, nothing remembered', async () => {
    const res = await send(t, 'GET', '/api/v1/auth/eid/start');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?eid=failed');
    expect(res.cookies.find((c) => c.name === 'halsa_eid')).toBeUndefined();
    const rows = await t.db.db.selectFrom('eid_logins').select('state_hash').execute();
    expect(rows).toEqual([]);
  });
});
