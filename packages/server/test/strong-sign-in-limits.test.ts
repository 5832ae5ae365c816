// The e-mailed code's limits hold for every second step (issue 32, design §4.17): wrong answers
// of the app, a reserve code or a key count in the same per-account bucket as wrong e-mailed
// codes (10 an hour, then a doubling wait), across new logins, on both databases.
import { SECURITY_MESSAGES } from '@halsa/api/contract';
import { expect, it } from 'vitest';
import { totpCodeAt } from '../src/modules/security/totp.ts';
import { AUTH_LIMITS } from '../src/security/rate-limit.ts';
import { describeDb, login, send, useTestApp } from './helpers.ts';
import { addPasskey, addTotp, authenticate, verifyStep } from './strong-sign-in-helpers.ts';

const MAX_WRONG = AUTH_LIMITS.verify.account[0].max; // 10 an hour

describeDb("strong sign-in under the e-mailed code's rate limits", () => {
  const t = useTestApp({ rateLimit: { enabled: true } });

  it("wrong app codes across new logins use up the account's hourly tries, e-mail included", async () => {
    const cookie = await login(t, 'klient@example.com');
    const secret = await addTotp(t, cookie);
    const right = () => totpCodeAt(secret, t.clock.now());
    const wrong = () => (right() === '000000' ? '111111' : '000000');
    let refused = 0;
    while (refused < MAX_WRONG) {
      const twoFactorId = await authenticate(t, 'klient@example.com');
      for (let i = 0; i < 5 && refused < MAX_WRONG; i += 1) {
        const res = await verifyStep(t, { twoFactorId, method: 'TOTP', code: wrong() });
        expect(res.statusCode).toBe(401);
        refused += 1;
      }
    }
    const twoFactorId = await authenticate(t, 'klient@example.com');
    const locked = await verifyStep(t, { twoFactorId, method: 'TOTP', code: right() });
    expect(locked.statusCode).toBe(429);
    // The e-mailed code of the same account shares the bucket.
    await send(t, 'POST', '/api/v1/auth/resend-2fa', { body: { twoFactorId } });
    const email = await send(t, 'POST', '/api/v1/auth/verify-2fa', {
      body: { twoFactorId, code: '123456' },
    });
    expect(email.statusCode).toBe(429);
  });

  it("'Logga in med nyckel': refused answers of her key count for her account", async () => {
    const cookie = await login(t, 'klient2@example.com');
    const key = await addPasskey(t, cookie);
    const attempt = async (origin?: string) => {
      const { loginId, options } = (
        await send(t, 'POST', '/api/v1/auth/passkey/options', { body: {} })
      ).json();
      return send(t, 'POST', '/api/v1/auth/passkey', {
        body: { loginId, credential: key.assert(options, origin ? { origin } : {}) },
      });
    };
    for (let i = 0; i < MAX_WRONG; i += 1) {
      const res = await attempt('https://halsa.example.net');
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(SECURITY_MESSAGES.passkeyRefused);
    }
    expect((await attempt()).statusCode).toBe(429);
  });
});
