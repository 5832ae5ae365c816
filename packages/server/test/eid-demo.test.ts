// The demo's test broker at /dev/eid (design §4.18): a real OpenID Provider mounted in the same
// server under DEMO=true, answering only this machine, with its Swedish page; absent without
// the demo. The whole flow through it runs in e2e/eid.test.ts.
import { describe, expect, it } from 'vitest';
import { describeDb, PUBLIC_URL, useTestApp } from './helpers.ts';

const local = { remoteAddress: '127.0.0.1', headers: { host: 'localhost:8080' } };

describeDb('/dev/eid in demo mode', () => {
  const t = useTestApp({ config: { nodeEnv: 'development', demo: true } });

  it('is the issuer the sign-in uses, and /login offers the button', async () => {
    const res = await t.app.inject({ url: '/dev/eid/.well-known/openid-configuration', ...local });
    expect(res.statusCode, res.body).toBe(200);
    const meta = res.json();
    expect(meta.issuer).toBe(`${PUBLIC_URL}/dev/eid`);
    expect(meta.authorization_endpoint).toBe(`${PUBLIC_URL}/dev/eid/auth`);
    expect(meta.code_challenge_methods_supported).toContain('S256');
    const label = await t.app.inject({ url: '/api/v1/auth/eid' });
    expect(label.json()).toEqual({ label: 'BankID' });
  });

  it('answers nobody but this machine', async () => {
    for (const remoteAddress of ['10.0.0.7', '2001:db8::1']) {
      const res = await t.app.inject({
        url: '/dev/eid/.well-known/openid-configuration',
        remoteAddress,
        headers: { host: 'localhost:8080' },
      });
      expect(res.statusCode, remoteAddress).toBe(404);
    }
    const rebound = await t.app.inject({
      url: '/dev/eid/.well-known/openid-configuration',
      remoteAddress: '127.0.0.1',
      headers: { host: 'evil.example' },
    });
    expect(rebound.statusCode).toBe(404);
  });

  it("an unknown interaction gets the broker's Swedish page, not a stack", async () => {
    const res = await t.app.inject({ url: '/dev/eid/interaction/okand', ...local });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('lang="sv"');
    expect(res.body).toContain('Legitimeringen har gått ut');
  });
});

describeDb('/dev/eid without the demo', () => {
  const t = useTestApp({ config: { nodeEnv: 'development', demo: false } });
  it('does not exist, and there is no button', async () => {
    const res = await t.app.inject({ url: '/dev/eid/.well-known/openid-configuration', ...local });
    expect(res.statusCode).toBe(404);
    expect(t.app.routeAccess.some((r) => r.url.startsWith('/dev/eid'))).toBe(false);
    expect((await t.app.inject({ url: '/api/v1/auth/eid' })).json()).toEqual({ label: null });
  });
});

describe('the demo itself is refused in production', () => {
  it('so the test broker cannot run there (demo-mode.test.ts, eid-config.test.ts)', async () => {
    const { loadConfig } = await import('../src/config.ts');
    expect(() =>
      loadConfig({
        DEMO: 'true',
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://127.0.0.1:2525',
        SESSION_SECRET: 'x'.repeat(32),
      }),
    ).toThrow(/DEMO får inte vara på i produktion/);
  });
});
