// Every contract endpoint is served or listed as not yet served, and nothing else is served
// under /api without a reason written here. In tests every JSON answer is checked against its
// response schema (a missing, mistyped or undeclared field fails); in every environment it is
// serialised from that schema, so an undeclared field is never sent.
import { endpointDefs, endpoints } from '@halsa/api/contract';
import { describe, expect, it, vi } from 'vitest';
import type { AppModule } from '../src/context.ts';
import { MESSAGES } from '../src/http/errors.ts';
import { defineRoute } from '../src/http/route.ts';
import { NOT_YET_SERVED } from '../src/modules/not-yet-served.ts';
import { describeDb, send, useTestApp } from './helpers.ts';

/** Routes under /api that are deliberately not in the contract, with why. */
const OUTSIDE_CONTRACT: Record<string, string> = {
  // Browser navigations of the e-legitimation flow that answer redirects (design §4.18).
  'GET /api/v1/auth/eid/start': 'redirect to the broker',
  'GET /api/v1/auth/eid/callback': "the broker's redirect back",
};

describeDb('contract and server', () => {
  const t = useTestApp();
  const served = () =>
    new Set(
      t.app.routeAccess.filter((r) => r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`),
    );

  it('every contract endpoint is served or listed as not yet served', () => {
    const routes = served();
    const neither = endpoints
      .filter((e) => !routes.has(`${e.method} ${e.path}`) && !NOT_YET_SERVED.includes(e.name))
      .map((e) => `${e.name} (${e.method} ${e.path})`);
    expect(neither, 'served by no module and not in NOT_YET_SERVED').toEqual([]);
  });

  it('the not-yet-served list only shrinks: a listed endpoint that is served fails', () => {
    const routes = served();
    const stale = NOT_YET_SERVED.filter((name) => {
      const e = endpoints.find((x) => x.name === name);
      return !e || routes.has(`${e.method} ${e.path}`);
    });
    expect(stale, 'served (or gone from the contract): remove from NOT_YET_SERVED').toEqual([]);
  });

  it('every route under /api is in the contract', () => {
    const contract = new Set(endpoints.map((e) => `${e.method} ${e.path}`));
    const extra = [...served()].filter(
      (r) => r.includes(' /api/') && !contract.has(r) && !(r in OUTSIDE_CONTRACT),
    );
    expect(extra, 'served under /api but not in the contract').toEqual([]);
  });
});

/** Probe routes outside /api with real contract schemas: `answer` is what the handler returns. */
const probes: AppModule = (app) => {
  const stats = (path: string, answer: unknown) =>
    defineRoute(
      app,
      { ...endpointDefs.userStats, path, roles: ['PUBLIC'] },
      { audit: 'none' },
      // Deliberately off-contract answers (a missing, an undeclared field).
      async () => answer as never,
    );
  stats('/probe/right', { weekly: 1, monthly: 2, yearly: 3 });
  stats('/probe/missing', { weekly: 1, monthly: 2 });
  stats('/probe/undeclared', { weekly: 1, monthly: 2, yearly: 3, passwordHash: 'x' });
  defineRoute(
    app,
    { ...endpointDefs.logout, path: '/probe/empty', roles: ['PUBLIC'] },
    { audit: 'none' },
    async () => ({ ignored: true }),
  );
};

describeDb('answers checked against the contract', () => {
  describe('in tests', () => {
    const t = useTestApp({ extraModules: [probes] });

    it('an answer that matches its schema goes out as it is', async () => {
      const res = await send(t, 'GET', '/probe/right');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ weekly: 1, monthly: 2, yearly: 3 });
    });

    it('a missing field and an undeclared field each fail with the path and the issues', async () => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      const missing = await send(t, 'GET', '/probe/missing');
      const undeclared = await send(t, 'GET', '/probe/undeclared');
      expect(logged).toHaveBeenCalledTimes(2);
      logged.mockRestore();
      expect(missing.statusCode).toBe(500);
      expect(missing.json<{ message: string }>().message).toMatch(
        /^Svaret från GET \/probe\/missing följer inte kontraktet: .*"path":\["yearly"\]/,
      );
      expect(undeclared.statusCode).toBe(500);
      expect(undeclared.json<{ message: string }>().message).toMatch(
        /^Svaret från GET \/probe\/undeclared följer inte kontraktet: .*"path":"\$\.passwordHash"/,
      );
    });

    it("an 'empty' answer is a 204 with no body, whatever the handler returned", async () => {
      const res = await send(t, 'POST', '/probe/empty');
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect(res.headers['content-type']).toBeUndefined();
    });
  });

  describe('in production', () => {
    const t = useTestApp({
      extraModules: [probes],
      config: { nodeEnv: 'production', isProduction: true },
    });

    it('an undeclared field is not sent: the answer is serialised from its schema', async () => {
      const res = await send(t, 'GET', '/probe/undeclared');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ weekly: 1, monthly: 2, yearly: 3 });
      expect(res.body).not.toContain('passwordHash');
    });

    it('an answer the schema cannot serialise is a 500 with the generic message', async () => {
      const res = await send(t, 'GET', '/probe/missing');
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: MESSAGES.generic });
    });
  });
});
