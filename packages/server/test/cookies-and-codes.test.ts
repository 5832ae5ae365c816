// Cookies and codes (issue 16 §6): the session cookie lives only as long as the browser (no
// Expires, no Max-Age) and is `__Host-` prefixed under HTTPS; the login code is not in the mail
// subject; codes are stored as HMAC-SHA256 under the server secret, not a bare hash.
import { createHmac } from 'node:crypto';
import { expect, it } from 'vitest';
import { sha256 } from '../src/security/tokens.ts';
import { describeDb, lastCode, send, testConfig, useTestApp } from './helpers.ts';

const secret = testConfig().sessionSecret!;

describeDb('the session cookie over HTTP (development)', () => {
  const t = useTestApp();

  it('is a browser-session cookie: no Expires, no Max-Age', async () => {
    const auth = await send(t, 'POST', '/api/v1/auth/authenticate', {
      body: { email: 'klient@example.com', password: 'Halsa2026!' },
    });
    const res = await send(t, 'POST', '/api/v1/auth/verify-2fa', {
      body: { twoFactorId: auth.json().message, code: lastCode(t.outbox, 'klient@example.com') },
    });
    expect(res.statusCode).toBe(200);
    const raw = String(res.headers['set-cookie']);
    expect(raw).toMatch(/^halsa_session=[\w-]{40,}; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(raw).not.toMatch(/Expires|Max-Age/i);
  });

  it('the code mail says nothing of the code in its subject', async () => {
    await send(t, 'POST', '/api/v1/auth/authenticate', {
      body: { email: 'staff@example.com', password: 'Halsa2026!' },
    });
    const mail = t.outbox.recent().find((m) => m.to === 'staff@example.com')!;
    expect(mail.subject).toBe('Din inloggningskod till Hälsoportalen');
    expect(mail.subject).not.toMatch(/\d/);
    expect(mail.text).toContain(lastCode(t.outbox, 'staff@example.com'));
  });

  it('stores the code as HMAC-SHA256 under SESSION_SECRET, not a bare hash', async () => {
    const auth = await send(t, 'POST', '/api/v1/auth/authenticate', {
      body: { email: 'admin@example.com', password: 'Halsa2026!' },
    });
    const id = auth.json<{ message: string }>().message;
    const code = lastCode(t.outbox, 'admin@example.com');
    const row = await t.db.db
      .selectFrom('two_factor_challenges')
      .select('code_hash')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.code_hash).toBe(createHmac('sha256', secret).update(`${id}:${code}`).digest('hex'));
    expect(row.code_hash).not.toBe(sha256(`${id}:${code}`));
  });
});

describeDb('the session cookie under HTTPS', () => {
  const origin = 'https://portal.example.se';
  const t = useTestApp({ config: { publicUrl: origin } });

  it('is __Host-halsa_session: Secure, Path=/, no Domain, no Expires; it signs in', async () => {
    const headers = { origin };
    const auth = await send(t, 'POST', '/api/v1/auth/authenticate', {
      headers,
      body: { email: 'klient@example.com', password: 'Halsa2026!' },
    });
    const res = await send(t, 'POST', '/api/v1/auth/verify-2fa', {
      headers,
      body: { twoFactorId: auth.json().message, code: lastCode(t.outbox, 'klient@example.com') },
    });
    expect(res.statusCode).toBe(200);
    const raw = String(res.headers['set-cookie']);
    expect(raw).toMatch(
      /^__Host-halsa_session=[\w-]{40,}; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
    expect(raw).not.toMatch(/Domain|Expires|Max-Age/i);

    const cookie = raw.split(';')[0]!;
    expect((await send(t, 'GET', '/api/v1/auth/me', { cookie })).statusCode).toBe(200);
    // The unprefixed name (which a subdomain could plant) is not read.
    const plain = cookie.replace('__Host-halsa_session', 'halsa_session');
    expect((await send(t, 'GET', '/api/v1/auth/me', { cookie: plain })).statusCode).toBe(401);
    const out = await send(t, 'POST', '/api/v1/user/logout', { headers, cookie });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/^__Host-halsa_session=;.*Secure/);
  });
});
