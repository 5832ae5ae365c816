// Authorization as a declared property of every route. onRoute records each route's
// `config.access` (and refuses a route without one); a preValidation hook enforces it:
// no session → 401, wrong role → 403, and for a USER the declared owner field is forced
// to their own id so they only ever reach their own data.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from './errors.ts';
import type { Access } from './types.ts';
import { SESSION_END_MESSAGES } from '@halsa/api/contract';
import type { SessionService } from '../access/sessions.ts';

export interface RouteAccessEntry {
  method: string;
  url: string;
  access: Access | undefined;
}

export class MissingAccessError extends Error {
  constructor(method: string, url: string) {
    super(
      `Rutten ${method} ${url} saknar config.access (design.md §5: varje rutt deklarerar roller).`,
    );
  }
}

export function registerAccessControl(
  app: FastifyInstance,
  sessions: SessionService,
  table: RouteAccessEntry[],
): void {
  app.decorateRequest('session', null);

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const access = route.config?.access;
    for (const method of methods) table.push({ method, url: route.url, access });
    if (access === undefined) throw new MissingAccessError(methods.join(','), route.url);
  });

  // preValidation: before the route's schema validates params and query, so the owner field
  // forced below is validated (and parsed) like any other, and a caller without access gets
  // 401/403 whatever the request holds.
  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config.access;
    if (access === undefined || access === 'public') return;
    const token = sessions.tokenOf(request);
    const session = await sessions.resolve(token);
    if (!session) {
      const reason = sessions.endedReason(token);
      throw reason ? unauthorized(SESSION_END_MESSAGES[reason], reason) : unauthorized();
    }
    if (!access.includes(session.role)) throw forbidden();
    request.session = session;
    const owner = request.routeOptions.config.ownerParam;
    if (owner && session.role === 'USER') forceOwner(request, owner, session.userId);
  });
}

function forceOwner(request: FastifyRequest, field: string, userId: number): void {
  for (const bag of [request.params, request.query]) {
    if (bag && typeof bag === 'object' && field in bag) {
      (bag as Record<string, unknown>)[field] = String(userId);
    }
  }
  const query = request.query as Record<string, unknown> | undefined;
  if (query && typeof query === 'object' && !(field in query)) query[field] = String(userId);
}

/** The signed-in session of a non-public route (the access hook guarantees it). */
export function requireSession(request: FastifyRequest) {
  if (!request.session) throw unauthorized();
  return request.session;
}
