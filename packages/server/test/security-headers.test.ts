// Headers for a real host (issue 15): connect-src allows the portal's own origin and its own
// WebSocket origin only (no `ws: wss:` for any host); HSTS whenever PUBLIC_URL is https.
import { expect, it } from 'vitest';
import { contentSecurityPolicy } from '../src/http/security-headers.ts';
import { describeDb, useTestApp } from './helpers.ts';

const connectSrc = (csp: string | undefined) =>
  csp?.split('; ').find((d) => d.startsWith('connect-src'));

it('connect-src names only the portal’s own origins', () => {
  expect(connectSrc(contentSecurityPolicy('https://portal.halsa.se'))).toBe(
    "connect-src 'self' wss://portal.halsa.se",
  );
  expect(connectSrc(contentSecurityPolicy('http://localhost:8080'))).toBe(
    "connect-src 'self' ws://localhost:8080",
  );
  expect(contentSecurityPolicy('https://portal.halsa.se')).not.toMatch(/(^|\s)wss?:(\s|;|$)/);
});

describeDb('served over https (PUBLIC_URL https)', () => {
  const t = useTestApp({ config: { publicUrl: 'https://portal.halsa.se' } });

  it('answers carry HSTS and the https connect-src', async () => {
    for (const url of ['/healthz', '/api/v1/auth/me', '/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000');
      expect(connectSrc(res.headers['content-security-policy'] as string), url).toBe(
        "connect-src 'self' wss://portal.halsa.se",
      );
    }
  });
});

describeDb('served over http', () => {
  const t = useTestApp();

  it('answers carry no HSTS (a browser would pin a host that has no TLS)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(connectSrc(res.headers['content-security-policy'] as string)).toBe(
      "connect-src 'self' ws://localhost:8080",
    );
  });
});

describeDb('API answers are never cached', () => {
  const t = useTestApp();

  it('however the API path is spelt (issue 22: the router decodes /%61pi/ to /api/)', async () => {
    for (const url of ['/api/v1/auth/me', '/%61pi/v1/auth/me', '/%61%70%69/v1/auth/me']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });
});
