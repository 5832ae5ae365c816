// Security headers on every answer. CSP allows no inline scripts and no framing.
import type { FastifyInstance } from 'fastify';

/**
 * The CSP for a portal served at `publicUrl` (PUBLIC_URL). `connect-src` allows the portal's
 * own origin and its own WebSocket origin (`wss://host` for https, `ws://host` for http), no
 * other host: `'self'` covers same-origin WebSockets in current browsers, the explicit origin
 * the older ones.
 */
export function contentSecurityPolicy(publicUrl: string): string {
  const url = new URL(publicUrl);
  const ws = `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
  return CSP_DIRECTIVES.map((d) => (d === CONNECT_SRC ? `${d} ${ws}` : d)).join('; ');
}

const CONNECT_SRC = "connect-src 'self'";

const CSP_DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self'",
  // Inline style attributes are needed by positioning libraries (Radix); no inline scripts.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  CONNECT_SRC,
  "object-src 'none'",
  // A lab PDF opens in the page (issue 13): an iframe of the downloaded file's blob: URL only.
  'frame-src blob:',
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];

export function registerSecurityHeaders(
  app: FastifyInstance,
  opts: { hsts: boolean; publicUrl: string },
): void {
  const csp = contentSecurityPolicy(opts.publicUrl);
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('content-security-policy', csp);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('cross-origin-resource-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()');
    if (opts.hsts) reply.header('strict-transport-security', 'max-age=31536000');
    // The matched route, as the cross-site guard reads it (fetch-site.ts): `/%61pi/…` runs an API
    // handler too, and its answer is no more cacheable for the different spelling.
    const route = request.routeOptions.url ?? request.url;
    if (route.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
