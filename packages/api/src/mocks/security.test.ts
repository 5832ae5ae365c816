// The mocked strong sign-in (design §4.17) answers like the server: the staff rule's 403 on
// client data until she has a strong method, the second step's ways by person and setting, and
// reserve codes that replace the old set.
import { describe, expect, it } from 'vitest';
import { call } from '../client.ts';
import {
  loginStepSchema,
  reserveCodesSchema,
  SECURITY_MESSAGES,
  securityOverviewSchema,
  STRONG_SIGN_IN_REQUIRED,
} from '../contract/index.ts';
import { securityRouteDefs } from '../contract/routes/security.ts';
import { mockState, scenarios, withDefaults } from './index.ts';
import { failure, startMockServer } from './test-server.ts';

const server = startMockServer();

describe('strong sign-in mocks', () => {
  it('every security endpoint has a scenario', () => {
    for (const def of Object.values(securityRouteDefs)) {
      expect(
        scenarios.security.error().some((h) => h.info.path.toString().endsWith(def.path)),
        def.path,
      ).toBe(true);
    }
  });

  it('mustSetUp: client data answers 403 with the reason until an app is confirmed', async () => {
    server.use(...withDefaults(scenarios.security.mustSetUp));
    const me = await call('me');
    expect(me.mustSetUpStrongSignIn).toBe(true);
    const refused = await failure(call('client', { params: { id: 3 } }));
    expect(refused.status).toBe(403);
    expect(refused.message).toBe(SECURITY_MESSAGES.strongSignInRequired);
    expect(refused.body).toMatchObject({ reason: STRONG_SIGN_IN_REQUIRED });
    const setup = await call('startTotpSetup', { body: {} });
    await call('confirmTotp', { params: { id: setup.setupId }, body: { code: '123456' } });
    const overview = securityOverviewSchema.parse(await call('securityOverview'));
    expect(overview.mustSetUpStrongSignIn).toBe(false);
    expect((await call('client', { params: { id: 3 } })).id).toBe(3);
  });

  it('the second step offers her methods, strongest first, e-mail where allowed', async () => {
    const { message } = await call('authenticate', {
      body: { email: 'admin@example.com', password: 'x' },
    });
    const step = loginStepSchema.parse(await call('loginStep', { body: { twoFactorId: message } }));
    expect(step).toEqual({ methods: ['PASSKEY', 'RESERVE_CODE', 'EMAIL'], emailSent: false });
    mockState.security.settings.staffStrongSignIn = true;
    const strict = await call('loginStep', { body: { twoFactorId: message } });
    expect(strict.methods).toEqual(['PASSKEY', 'RESERVE_CODE']);
  });

  it('new reserve codes replace the old set', async () => {
    const made = reserveCodesSchema.parse(await call('createReserveCodes', { body: {} }));
    expect(made.codes).toHaveLength(10);
    const codeSets = mockState.security.methods[1]?.filter((m) => m.kind === 'RESERVE_CODES');
    expect(codeSets).toHaveLength(1);
    expect(codeSets?.[0]?.remainingCodes).toBe(10);
  });

  it("named error scenarios answer with the server's Swedish words", async () => {
    server.use(...scenarios.security.loginTotpUsed);
    const used = await failure(
      call('verifyLoginStep', { body: { twoFactorId: 'x', method: 'TOTP', code: '123456' } }),
    );
    expect([used.status, used.message]).toEqual([401, SECURITY_MESSAGES.totpUsed]);
  });
});
