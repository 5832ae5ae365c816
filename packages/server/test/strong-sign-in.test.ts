// Strong sign-in (issue 32, design §4.17): the authenticator app, reserve codes and passkeys,
// through the real routes on both databases. Passkeys are answered by a software authenticator
// (soft-authenticator.ts) whose signatures are real.
import { SECURITY_MESSAGES } from '@halsa/api/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { totpCodeAt } from '../src/modules/security/totp.ts';
import {
  describeDb,
  lastCode,
  login,
  send,
  sessionCookieOf,
  useTestApp,
  type TestApp,
} from './helpers.ts';
import { SoftAuthenticator } from './soft-authenticator.ts';
import {
  addPasskey,
  addTotp,
  authenticate,
  logRows,
  nextStep,
  ORIGIN_URL,
  passkeyStep,
  RP_ID,
  verifyStep,
} from './strong-sign-in-helpers.ts';

const reset = async (t: TestApp) => {
  await t.db.db.deleteFrom('sign_in_methods').execute();
};

const mailsTo = (t: TestApp, to: string) => t.outbox.recent().filter((m) => m.to === to).length;

describeDb('strong sign-in: the authenticator app (TOTP)', () => {
  const t = useTestApp();
  beforeEach(() => reset(t));

  it('is set up with a QR key, counts only once confirmed, and its key is encrypted at rest', async () => {
    const cookie = await login(t, 'klient@example.com');
    const setup = await send(t, 'POST', '/api/v1/user/security/totp', { cookie, body: {} });
    expect(setup.statusCode).toBe(200);
    const { setupId, secret, otpauthUri } = setup.json();
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(otpauthUri).toContain(`secret=${secret}`);
    // Not a method before it is confirmed.
    const before = await send(t, 'GET', '/api/v1/user/security', { cookie });
    expect(before.json().methods).toEqual([]);
    const wrong = await send(t, 'POST', `/api/v1/user/security/totp/${setupId}/confirm`, {
      cookie,
      body: { code: '000000' === totpCodeAt(secret, t.clock.now()) ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(SECURITY_MESSAGES.totpWrong);
    const ok = await send(t, 'POST', `/api/v1/user/security/totp/${setupId}/confirm`, {
      cookie,
      body: { code: totpCodeAt(secret, t.clock.now()), name: 'Telefonen' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ kind: 'TOTP', name: 'Telefonen', lastUsedAt: null });
    const stored = await t.db.db
      .selectFrom('sign_in_methods')
      .select('totp_secret')
      .where('id', '=', setupId)
      .executeTakeFirstOrThrow();
    expect(stored.totp_secret).not.toContain(secret);
    expect(stored.totp_secret).toMatch(/^v1\./);
    expect(await logRows(t, 'SIGN_IN_METHOD_ADDED')).toContainEqual(
      expect.objectContaining({ subject_user_id: t.users.klient.id }),
    );
  });

  it('signs in with a code, and refuses a replayed step (and the confirmation code)', async () => {
    const cookie = await login(t, 'klient@example.com');
    const setup = (
      await send(t, 'POST', '/api/v1/user/security/totp', { cookie, body: {} })
    ).json();
    const confirmCode = totpCodeAt(setup.secret, t.clock.now());
    await send(t, 'POST', `/api/v1/user/security/totp/${setup.setupId}/confirm`, {
      cookie,
      body: { code: confirmCode },
    });
    // The step that confirmed the app is used: it does not sign in.
    const replayed = await verifyStep(t, {
      twoFactorId: await authenticate(t, 'klient@example.com'),
      method: 'TOTP',
      code: confirmCode,
    });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().message).toBe(SECURITY_MESSAGES.totpUsed);

    nextStep(t);
    const code = totpCodeAt(setup.secret, t.clock.now());
    const mails = mailsTo(t, 'klient@example.com');
    const first = await authenticate(t, 'klient@example.com');
    // No mail: the app is her first way.
    expect(mailsTo(t, 'klient@example.com')).toBe(mails);
    const step = await send(t, 'POST', '/api/v1/auth/login-step', { body: { twoFactorId: first } });
    expect(step.json()).toEqual({ methods: ['TOTP', 'EMAIL'], emailSent: false });
    const ok = await verifyStep(t, { twoFactorId: first, method: 'TOTP', code });
    expect(ok.statusCode).toBe(200);
    expect(sessionCookieOf(ok)).toBeDefined();
    expect(sessionCookieOf(ok)).not.toBe(cookie);
    // The same code on a new login in the same 30 s: refused, atomically per method.
    const again = await verifyStep(t, {
      twoFactorId: await authenticate(t, 'klient@example.com'),
      method: 'TOTP',
      code,
    });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(SECURITY_MESSAGES.totpUsed);
    const failures = await logRows(t, 'SIGN_IN_METHOD_FAILED');
    expect(failures.at(-1)?.details).toMatchObject({ method: 'TOTP', reason: 'STEP_USED' });
    const success = await logRows(t, 'LOGIN_SUCCEEDED');
    expect(success.at(-1)?.details).toMatchObject({ method: 'TOTP' });
  });

  it('two logins racing with the same code: exactly one gets in', async () => {
    const cookie = await login(t, 'klient@example.com');
    const secret = await addTotp(t, cookie);
    const code = totpCodeAt(secret, t.clock.now());
    const [a, b] = await Promise.all([
      authenticate(t, 'klient@example.com'),
      authenticate(t, 'klient@example.com'),
    ]);
    const answers = await Promise.all([
      verifyStep(t, { twoFactorId: a, method: 'TOTP', code }),
      verifyStep(t, { twoFactorId: b, method: 'TOTP', code }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('a pending login allows 5 tries across methods, then 429', async () => {
    const cookie = await login(t, 'klient@example.com');
    const secret = await addTotp(t, cookie);
    const twoFactorId = await authenticate(t, 'klient@example.com');
    const good = totpCodeAt(secret, t.clock.now());
    const bad = good === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i += 1) {
      expect((await verifyStep(t, { twoFactorId, method: 'TOTP', code: bad })).statusCode).toBe(
        401,
      );
    }
    const sixth = await verifyStep(t, { twoFactorId, method: 'TOTP', code: good });
    expect(sixth.statusCode).toBe(429);
  });

  it('a second app is refused until the first is removed with her password', async () => {
    const cookie = await login(t, 'klient@example.com');
    await addTotp(t, cookie);
    const second = await send(t, 'POST', '/api/v1/user/security/totp', { cookie, body: {} });
    expect(second.statusCode).toBe(409);
    const [app] = (await send(t, 'GET', '/api/v1/user/security', { cookie })).json().methods;
    const wrong = await send(t, 'POST', `/api/v1/user/security/methods/${app.id}/remove`, {
      cookie,
      body: { password: 'Fel-lösenord1' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(SECURITY_MESSAGES.passwordWrong);
    const removed = await send(t, 'POST', `/api/v1/user/security/methods/${app.id}/remove`, {
      cookie,
      body: { password: 'Halsa2026!' },
    });
    expect(removed.statusCode).toBe(204);
    expect((await send(t, 'GET', '/api/v1/user/security', { cookie })).json().methods).toEqual([]);
    expect(await logRows(t, 'SIGN_IN_METHOD_REMOVED')).toHaveLength(1);
  });
});

describeDb('strong sign-in: reserve codes', () => {
  const t = useTestApp();
  beforeEach(() => reset(t));

  it('10 codes, shown once, stored hashed, each single use; new ones void the old', async () => {
    const cookie = await login(t, 'klient@example.com');
    const made = await send(t, 'POST', '/api/v1/user/security/reserve-codes', { cookie, body: {} });
    expect(made.statusCode).toBe(200);
    const { codes, method } = made.json<{ codes: string[]; method: { remainingCodes: number } }>();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(method.remainingCodes).toBe(10);
    const stored = await t.db.db.selectFrom('reserve_codes').select('code_hash').execute();
    expect(stored).toHaveLength(10);
    for (const code of codes) expect(stored.map((r) => r.code_hash)).not.toContain(code);

    const [first, second] = codes as [string, string];
    // Case and the dash do not matter.
    const used = await verifyStep(t, {
      twoFactorId: await authenticate(t, 'klient@example.com'),
      method: 'RESERVE_CODE',
      code: first.toUpperCase().replace('-', ' '),
    });
    expect(used.statusCode).toBe(200);
    const twice = await verifyStep(t, {
      twoFactorId: await authenticate(t, 'klient@example.com'),
      method: 'RESERVE_CODE',
      code: first,
    });
    expect(twice.statusCode).toBe(401);
    expect(twice.json().message).toBe(SECURITY_MESSAGES.reserveCodeWrong);
    const list = (await send(t, 'GET', '/api/v1/user/security', { cookie })).json().methods;
    expect(list[0]).toMatchObject({ kind: 'RESERVE_CODES', remainingCodes: 9 });
    expect(list[0].lastUsedAt).not.toBeNull();

    // New codes: the old set is void, the new works.
    const renewed = (
      await send(t, 'POST', '/api/v1/user/security/reserve-codes', { cookie, body: {} })
    ).json<{ codes: string[] }>();
    const old = await verifyStep(t, {
      twoFactorId: await authenticate(t, 'klient@example.com'),
      method: 'RESERVE_CODE',
      code: second,
    });
    expect(old.statusCode).toBe(401);
    const fresh = await verifyStep(t, {
      twoFactorId: await authenticate(t, 'klient@example.com'),
      method: 'RESERVE_CODE',
      code: renewed.codes[0],
    });
    expect(fresh.statusCode).toBe(200);
    expect(await logRows(t, 'RESERVE_CODES_CREATED')).toHaveLength(2);
  });
});

describeDb('strong sign-in: passkeys (WebAuthn)', () => {
  const t = useTestApp();
  beforeEach(() => reset(t));

  it('adds a named key with user verification, and signs in with it as the second step', async () => {
    const cookie = await login(t, 'klient@example.com');
    const key = await addPasskey(t, cookie, 'Min telefon');
    const methods = (await send(t, 'GET', '/api/v1/user/security', { cookie })).json().methods;
    expect(methods).toEqual([
      expect.objectContaining({ kind: 'PASSKEY', name: 'Min telefon', lastUsedAt: null }),
    ]);
    const mailsBefore = t.outbox.recent().length;
    const twoFactorId = await authenticate(t, 'klient@example.com');
    expect(t.outbox.recent().length).toBe(mailsBefore);
    const step = await send(t, 'POST', '/api/v1/auth/login-step', { body: { twoFactorId } });
    expect(step.json().methods[0]).toBe('PASSKEY');
    const res = await passkeyStep(t, twoFactorId, key);
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(t.users.klient.id);
    const me = await send(t, 'GET', '/api/v1/auth/me', { cookie: sessionCookieOf(res) });
    expect(me.statusCode).toBe(200);
  });

  it('refuses a key without user verification', async () => {
    const cookie = await login(t, 'klient@example.com');
    const options = await send(t, 'POST', '/api/v1/user/security/passkeys/options', {
      cookie,
      body: {},
    });
    const key = new SoftAuthenticator(RP_ID, ORIGIN_URL);
    const res = await send(t, 'POST', '/api/v1/user/security/passkeys', {
      cookie,
      body: {
        name: 'Utan PIN',
        credential: key.register(options.json().options, { userVerified: false }),
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SECURITY_MESSAGES.passkeyRefused);
  });

  it('refuses a registration from another origin', async () => {
    const cookie = await login(t, 'klient@example.com');
    const options = await send(t, 'POST', '/api/v1/user/security/passkeys/options', {
      cookie,
      body: {},
    });
    const key = new SoftAuthenticator(RP_ID, 'https://halsa.example.net');
    const res = await send(t, 'POST', '/api/v1/user/security/passkeys', {
      cookie,
      body: { name: 'Fel sajt', credential: key.register(options.json().options) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SECURITY_MESSAGES.passkeyRefused);
    expect((await logRows(t, 'SIGN_IN_METHOD_FAILED')).at(-1)?.details).toMatchObject({
      kind: 'PASSKEY',
      reason: 'REFUSED',
    });
  });

  it("a registration challenge is single use and only this session's", async () => {
    const cookie = await login(t, 'klient@example.com');
    const other = await login(t, 'klient2@example.com');
    const options = (
      await send(t, 'POST', '/api/v1/user/security/passkeys/options', { cookie, body: {} })
    ).json().options;
    // Another person's session cannot use it.
    const foreign = await send(t, 'POST', '/api/v1/user/security/passkeys', {
      cookie: other,
      body: {
        name: 'Stulen',
        credential: new SoftAuthenticator(RP_ID, ORIGIN_URL).register(options),
      },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(SECURITY_MESSAGES.challengeInvalid);
    // Used once, then never again.
    const first = await send(t, 'POST', '/api/v1/user/security/passkeys', {
      cookie,
      body: {
        name: 'Första',
        credential: new SoftAuthenticator(RP_ID, ORIGIN_URL).register(options),
      },
    });
    expect(first.statusCode).toBe(200);
    const reused = await send(t, 'POST', '/api/v1/user/security/passkeys', {
      cookie,
      body: {
        name: 'Andra',
        credential: new SoftAuthenticator(RP_ID, ORIGIN_URL).register(options),
      },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(SECURITY_MESSAGES.challengeInvalid);
  });

  it('a login challenge is single use, bound to its login, and refused from a wrong origin', async () => {
    const cookie = await login(t, 'klient@example.com');
    const key = await addPasskey(t, cookie);
    const twoFactorId = await authenticate(t, 'klient@example.com');
    const options = (
      await send(t, 'POST', '/api/v1/auth/login-step/passkey-options', { body: { twoFactorId } })
    ).json().options;
    expect(options.userVerification).toBe('required');
    expect(options.allowCredentials).toEqual([expect.objectContaining({ id: key.id })]);

    const wrongOrigin = await verifyStep(t, {
      twoFactorId,
      method: 'PASSKEY',
      credential: key.assert(options, { origin: 'https://halsa.example.net' }),
    });
    expect(wrongOrigin.statusCode).toBe(401);
    expect(wrongOrigin.json().message).toBe(SECURITY_MESSAGES.passkeyRefused);
    // The challenge went with that try: answering it again finds nothing.
    const reused = await verifyStep(t, {
      twoFactorId,
      method: 'PASSKEY',
      credential: key.assert(options),
    });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe(SECURITY_MESSAGES.challengeInvalid);
    // A challenge of this login does not serve another login of hers.
    const fresh = (
      await send(t, 'POST', '/api/v1/auth/login-step/passkey-options', { body: { twoFactorId } })
    ).json().options;
    const otherLogin = await authenticate(t, 'klient@example.com');
    const foreign = await verifyStep(t, {
      twoFactorId: otherLogin,
      method: 'PASSKEY',
      credential: key.assert(fresh),
    });
    expect(foreign.statusCode).toBe(401);
    expect(foreign.json().message).toBe(SECURITY_MESSAGES.challengeInvalid);
    // …nor 'Logga in med nyckel'.
    const discoverable = (
      await send(t, 'POST', '/api/v1/auth/passkey/options', { body: {} })
    ).json<{ loginId: string }>();
    const crossed = await send(t, 'POST', '/api/v1/auth/passkey', {
      body: { loginId: discoverable.loginId, credential: key.assert(fresh) },
    });
    expect(crossed.statusCode).toBe(401);
    expect(crossed.json().message).toBe(SECURITY_MESSAGES.challengeInvalid);
  });

  it('a cloned key (counter going back) is refused and logged', async () => {
    const cookie = await login(t, 'klient@example.com');
    const key = await addPasskey(t, cookie);
    const copy = key.clone();
    const ok = await passkeyStep(t, await authenticate(t, 'klient@example.com'), key);
    expect(ok.statusCode).toBe(200);
    expect(key.counter).toBe(1);
    // The copy still counts from 0: its answer is signed right but its counter does not rise.
    const cloned = await passkeyStep(t, await authenticate(t, 'klient@example.com'), copy, {
      counter: 1,
    });
    expect(cloned.statusCode).toBe(401);
    expect(cloned.json().message).toBe(SECURITY_MESSAGES.passkeyCloned);
    const back = await passkeyStep(t, await authenticate(t, 'klient@example.com'), copy, {
      counter: 0,
    });
    expect(back.statusCode).toBe(401);
    expect(back.json().message).toBe(SECURITY_MESSAGES.passkeyCloned);
    expect(await logRows(t, 'PASSKEY_COUNTER_REFUSED')).toHaveLength(2);
    // The real key goes on.
    expect(
      (await passkeyStep(t, await authenticate(t, 'klient@example.com'), key)).statusCode,
    ).toBe(200);
  });

  it("'Logga in med nyckel': a discoverable key signs in with no password and no mail", async () => {
    const cookie = await login(t, 'klient@example.com');
    const key = await addPasskey(t, cookie);
    const mails = t.outbox.recent().length;
    const { loginId, options } = (
      await send(t, 'POST', '/api/v1/auth/passkey/options', { body: {} })
    ).json();
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(options.rpId).toBe(RP_ID);
    const credential = key.assert(options);
    expect(credential.response.userHandle).toBeDefined();
    const res = await send(t, 'POST', '/api/v1/auth/passkey', { body: { loginId, credential } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: t.users.klient.id, mustSetUpStrongSignIn: false });
    expect(sessionCookieOf(res)).toBeDefined();
    expect(t.outbox.recent().length).toBe(mails);
    // The attempt is single use.
    const again = await send(t, 'POST', '/api/v1/auth/passkey', {
      body: { loginId, credential: key.assert(options) },
    });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(SECURITY_MESSAGES.challengeInvalid);
    // A key nobody registered here.
    const stranger = new SoftAuthenticator(RP_ID, ORIGIN_URL);
    const next = (await send(t, 'POST', '/api/v1/auth/passkey/options', { body: {} })).json();
    const unknown = await send(t, 'POST', '/api/v1/auth/passkey', {
      body: { loginId: next.loginId, credential: stranger.assert(next.options) },
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(SECURITY_MESSAGES.passkeyUnknown);
    expect((await logRows(t, 'LOGIN_SUCCEEDED')).at(-1)?.details).toMatchObject({
      method: 'PASSKEY_LOGIN',
    });
  });

  it('the e-mailed code is still there for her when she picks it', async () => {
    const cookie = await login(t, 'klient@example.com');
    await addPasskey(t, cookie);
    const twoFactorId = await authenticate(t, 'klient@example.com');
    const mails = mailsTo(t, 'klient@example.com');
    const sent = await send(t, 'POST', '/api/v1/auth/resend-2fa', { body: { twoFactorId } });
    expect(sent.statusCode).toBe(204);
    expect(mailsTo(t, 'klient@example.com')).toBe(mails + 1);
    const step = await send(t, 'POST', '/api/v1/auth/login-step', { body: { twoFactorId } });
    expect(step.json().emailSent).toBe(true);
    const res = await send(t, 'POST', '/api/v1/auth/verify-2fa', {
      body: { twoFactorId, code: lastCode(t.outbox, 'klient@example.com') },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('the software authenticator', () => {
  it('signs assertions with a rising counter; a clone keeps its own', () => {
    const key = new SoftAuthenticator(RP_ID, ORIGIN_URL);
    key.assert({ challenge: 'YQ' });
    const copy = key.clone();
    key.assert({ challenge: 'Yg' });
    expect(key.counter).toBe(2);
    expect(copy.counter).toBe(1);
  });
});
