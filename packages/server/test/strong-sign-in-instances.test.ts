// Strong sign-in across instances (issue 32): challenges, used app steps and sign counters live in
// the database, so a second instance of the app on the same database (its own services, caches
// and session cache) takes an answer to a challenge the first issued, and refuses what the first
// already accepted. Both databases.
import { SECURITY_MESSAGES } from '@halsa/api/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { totpCodeAt } from '../src/modules/security/totp.ts';
import { describeDb, login, ORIGIN, testConfig, useTestApp, type TestApp } from './helpers.ts';
import { SoftAuthenticator } from './soft-authenticator.ts';
import {
  addTotp,
  authenticate,
  nextStep,
  ORIGIN_URL,
  RP_ID,
  verifyStep,
} from './strong-sign-in-helpers.ts';

describeDb('strong sign-in on two instances of one database', () => {
  const t = useTestApp();
  let b: App;

  beforeAll(async () => {
    b = await buildApp({
      config: testConfig(),
      db: t.db.db,
      dbKind: t.db.kind,
      mailer: t.outbox,
      storage: t.storage,
      clock: t.clock,
      rateLimit: { enabled: false },
      portalDist: '/nonexistent-portal-dist',
    });
  });
  afterAll(async () => {
    await b?.close();
  });

  const onB = (url: string, body: unknown, cookie?: string) =>
    b.inject({
      method: 'POST',
      url,
      headers: { ...ORIGIN, ...(cookie ? { cookie } : {}) },
      payload: body as object,
    });
  const onA = (x: TestApp, url: string, body: unknown, cookie?: string) =>
    x.app.inject({
      method: 'POST',
      url,
      headers: { ...ORIGIN, ...(cookie ? { cookie } : {}) },
      payload: body as object,
    });

  it('a key added through A signs in through B with a challenge A issued, once', async () => {
    const cookie = await login(t, 'klient@example.com');
    const key = new SoftAuthenticator(RP_ID, ORIGIN_URL);
    const options = (await onA(t, '/api/v1/user/security/passkeys/options', {}, cookie)).json();
    const added = await onB(
      '/api/v1/user/security/passkeys',
      { name: 'Nyckel', credential: key.register(options.options) },
      cookie,
    );
    expect(added.statusCode).toBe(200);
    const { loginId, options: get } = (await onA(t, '/api/v1/auth/passkey/options', {})).json();
    const credential = key.assert(get);
    const viaB = await onB('/api/v1/auth/passkey', { loginId, credential });
    expect(viaB.statusCode).toBe(200);
    const replayOnA = await onA(t, '/api/v1/auth/passkey', { loginId, credential });
    expect(replayOnA.statusCode).toBe(401);
    expect(replayOnA.json().message).toBe(SECURITY_MESSAGES.challengeInvalid);
  });

  it('an app code accepted by A is refused by B', async () => {
    await t.db.db.deleteFrom('sign_in_methods').execute();
    const cookie = await login(t, 'klient2@example.com');
    const secret = await addTotp(t, cookie);
    nextStep(t);
    const code = totpCodeAt(secret, t.clock.now());
    const first = await verifyStep(t, {
      twoFactorId: await authenticate(t, 'klient2@example.com'),
      method: 'TOTP',
      code,
    });
    expect(first.statusCode).toBe(200);
    const second = await onB('/api/v1/auth/login-step/verify', {
      twoFactorId: await authenticate(t, 'klient2@example.com'),
      method: 'TOTP',
      code,
    });
    expect(second.statusCode).toBe(401);
    expect(second.json().message).toBe(SECURITY_MESSAGES.totpUsed);
  });
});
