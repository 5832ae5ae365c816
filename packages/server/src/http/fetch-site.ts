// Cross-site requests to the API are refused (issue 16 §5). Some GET routes write "staff X read
// client Y" rows, and a hostile page could make a signed-in browser send them (a top-level
// navigation carries the SameSite=Lax cookie). Browsers mark every request with Sec-Fetch-Site;
// `cross-site` on /api/… (and /ws, /dev) is answered 403 before the session is looked up, so
// nothing runs and nothing is logged. Portal pages are not touched: a link from a mail is a
// top-level navigation to /reset-password, /new-password or /register (cross-site, or `none`),
// whose page then calls the API same-origin. Callers without the header (curl, old browsers)
// are unaffected; the Origin check still guards their changes.
// The test is on the route the router matched (request.routeOptions.url, the pattern as
// registered), not on the raw request line: the router percent-decodes the path, so
// `/%61pi/v1/…` runs the `/api/v1/…` handler while the raw text does not start with /api. The
// matched route is exactly what will run, whatever encoding, slashes or dot segments reached
// it; a path the router cannot decode matches no route and gets its 400 without any handler.
// Unmatched requests (the 404) are tested on the raw path, so a cross-site call of an unknown
// /api address keeps its 403.
import type { FastifyInstance } from 'fastify';
import { forbidden, MESSAGES } from './errors.ts';

const GUARDED = /^\/(api|ws|dev)(\/|$|\?)/;

export function registerFetchSiteCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (request.headers['sec-fetch-site'] !== 'cross-site') return;
    if (request.routeOptions.config?.anyOrigin) return; // a webmail's one-click POST (route.ts)
    // The e-legitimation callback is reached from the broker's site by design (design §4.18).
    if (request.routeOptions.config?.crossSite === true) return;
    if (GUARDED.test(request.routeOptions.url ?? request.url)) throw forbidden(MESSAGES.badOrigin);
  });
}
