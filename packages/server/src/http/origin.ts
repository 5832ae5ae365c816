// Origin check on state-changing requests (CSRF defence next to SameSite=Lax).
// Allowed: the PUBLIC_URL origin and the request's own scheme+Host. A request without an
// Origin header is allowed only when it carries no session cookie: browsers always send
// Origin on POST/PUT/PATCH/DELETE, so a cookie without Origin is not a browser we trust,
// while cookie-less callers (curl, health checks, login from scripts) cannot ride a session.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, MESSAGES } from './errors.ts';
import { hasSessionCookie } from '../access/sessions.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isAllowedOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) {
    return !hasSessionCookie(request.cookies);
  }
  if (origin === publicUrl) return true;
  const own = `${request.protocol}://${request.host}`;
  return origin.toLowerCase() === own.toLowerCase();
}

export function registerOriginCheck(app: FastifyInstance, publicUrl: string): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE.has(request.method)) return;
    // A public route whose token is its authority (route.ts `anyOrigin`): mail programs send
    // RFC 8058's one-click POST with their own Origin, or `null`.
    if (request.routeOptions.config?.anyOrigin) return;
    if (!isAllowedOrigin(request, publicUrl)) throw forbidden(MESSAGES.badOrigin);
  });
}
