// Cross-site requests to the API are refused (issue 16 §5). Some GET routes write "staff X read
// client Y" rows, and a hostile page could make a signed-in browser send them (a top-level
// navigation carries the SameSite=Lax cookie). Browsers mark every request with Sec-Fetch-Site;
// `cross-site` on /api/… (and /ws, /dev) is answered 403 before the session is looked up, so
// nothing runs and nothing is logged. Portal pages are not touched: a link from a mail is a
// top-level navigation to /reset-password, /new-password or /register (cross-site, or `none`),
// whose page then calls the API same-origin. Callers without the header (curl, old browsers)
// are unaffected; the Origin check still guards their changes.
import type { FastifyInstance } from 'fastify';
import { forbidden, MESSAGES } from './errors.ts';

const GUARDED = /^\/(api|ws|dev)(\/|$|\?)/;

export function registerFetchSiteCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (request.headers['sec-fetch-site'] !== 'cross-site') return;
    if (GUARDED.test(request.url)) throw forbidden(MESSAGES.badOrigin);
  });
}
