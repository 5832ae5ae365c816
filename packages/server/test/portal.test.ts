// Serving the built portal: static files, SPA fallback outside /api, /ws and /dev,
// security headers on every answer; the "not built" page; /dev/mail only in demo mode.
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { contentSecurityPolicy } from '../src/http/security-headers.ts';
import { describeDb, PUBLIC_URL, send, useTestApp } from './helpers.ts';

const CONTENT_SECURITY_POLICY = contentSecurityPolicy(PUBLIC_URL);

const dist = await mkdtemp(path.join(os.tmpdir(), 'halsa-portal-'));
await mkdir(path.join(dist, 'assets'));
await writeFile(
  path.join(dist, 'index.html'),
  '<!doctype html><title>Hälsoportalen</title><div id="root"></div>',
);
await writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log("portal")');
await mkdir(path.join(dist, '.vite'));
await writeFile(path.join(dist, '.vite', 'manifest.json'), '{"secret-build-map":true}');

describeDb('portal serving', () => {
  // Demo mode: the dev outbox and /dev/mail exist (test/demo-mode.test.ts covers the rest).
  const t = useTestApp({ portalDist: dist, config: { demo: true } });

  it('serves files and falls back to index.html for SPA paths', async () => {
    const js = await send(t, 'GET', '/assets/app-abc123.js');
    expect(js.statusCode).toBe(200);
    expect(js.body).toBe('console.log("portal")');
    expect(js.headers['cache-control']).toContain('immutable');
    for (const p of [
      '/',
      '/login',
      '/clients/3/overview',
      '/register?token=abc',
      '/assets/missing.js',
    ]) {
      const res = await send(t, 'GET', p);
      expect(res.statusCode, p).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('never falls back for /api, /ws and /dev, and never leaves the dist folder', async () => {
    for (const p of ['/api/v1/nope', '/ws/info', '/dev/nope', '/api']) {
      const res = await send(t, 'GET', p);
      expect(res.statusCode, p).toBe(404);
      expect(res.json().message).toBe('Resursen finns inte.');
    }
    for (const p of [
      '/../../etc/passwd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/assets/..%2f..%2fpackage.json',
      '/%E0%A4%A',
      '/.vite/manifest.json',
    ]) {
      const res = await send(t, 'GET', p);
      expect(res.body, p).not.toContain('root:');
      expect(res.body, p).not.toContain('"name"');
      expect(res.body, p).not.toContain('secret-build-map');
    }
  });

  it('security headers on pages and API answers', async () => {
    for (const p of ['/', '/api/v1/auth/me']) {
      const res = await send(t, 'GET', p);
      expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect((await send(t, 'GET', '/api/v1/auth/me')).headers['cache-control']).toBe('no-store');
  });

  it('/dev/mail lists recent mails as JSON in demo mode', async () => {
    await send(t, 'POST', '/api/v1/auth/authenticate', {
      body: { email: 'klient@example.com', password: 'Halsa2026!' },
    });
    const res = await send(t, 'GET', '/dev/mail');
    expect(res.statusCode).toBe(200);
    const { mails } = res.json<{ mails: Array<{ to: string; subject: string; text: string }> }>();
    expect(mails[0]!.to).toBe('klient@example.com');
    expect(mails[0]!.subject).toBe('Din inloggningskod till Hälsoportalen');
  });
});

describeDb('portal not built, production', () => {
  const t = useTestApp({ config: { isProduction: true, nodeEnv: 'production' } });

  it('shows the Swedish "not built" page', async () => {
    const res = await send(t, 'GET', '/overview');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Portalen är inte byggd');
    expect(res.body).toContain('lang="sv"');
  });

  it('has no /dev/mail and sets Secure cookies', async () => {
    expect((await send(t, 'GET', '/dev/mail')).statusCode).toBe(404);
    expect(t.app.routeAccess.some((r) => r.url.startsWith('/dev'))).toBe(false);
    const auth = await send(t, 'POST', '/api/v1/auth/authenticate', {
      body: { email: 'klient@example.com', password: 'Halsa2026!' },
    });
    const code = t.outbox.recent()[0]!.text.match(/\b(\d{6})\b/)![1];
    const res = await send(t, 'POST', '/api/v1/auth/verify-2fa', {
      body: { twoFactorId: auth.json().message, code },
    });
    expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly.*Secure.*SameSite=Lax|Secure/);
    expect(String(res.headers['set-cookie'])).toContain('Secure');
  });
});
