// Authorization is declared on every route; Origin check on state-changing requests.
import Fastify from 'fastify';
import { endpoints } from '@halsa/api/contract';
import { expect, it } from 'vitest';
import type { AppModule } from '../src/context.ts';
import { MissingAccessError, registerAccessControl } from '../src/http/access.ts';
import { SIGNED_IN } from '../src/http/types.ts';
import { describeDb, login, send, useTestApp } from './helpers.ts';

/** A probe like later modules will write: a USER sees only their own data. */
const probe: AppModule = (app) => {
  app.get(
    '/api/v1/test/owned/:userId',
    { config: { access: SIGNED_IN, ownerParam: 'userId' } },
    async (request) => ({ params: request.params, query: request.query }),
  );
  app.get(
    '/api/v1/test/owned-query',
    { config: { access: SIGNED_IN, ownerParam: 'userId' } },
    async (request) => ({ query: request.query }),
  );
};

describeDb('route access declarations', () => {
  const t = useTestApp({ extraModules: [probe] });

  it('every registered route declares config.access', () => {
    expect(t.app.routeAccess.length).toBeGreaterThan(10);
    const missing = t.app.routeAccess.filter((r) => r.access === undefined);
    expect(missing).toEqual([]);
    for (const r of t.app.routeAccess) {
      const ok =
        r.access === 'public' ||
        (Array.isArray(r.access) &&
          r.access.length > 0 &&
          r.access.every((role) => ['USER', 'STAFF', 'ADMIN'].includes(role)));
      expect(ok, `${r.method} ${r.url}`).toBe(true);
    }
  });

  it('routes taken from the contract carry exactly the contract roles', () => {
    for (const r of t.app.routeAccess) {
      const def = endpoints.find((e) => e.method === r.method && e.path === r.url);
      if (!def) continue;
      const expected = def.roles.includes('PUBLIC') ? 'public' : [...def.roles].sort();
      const actual = r.access === 'public' ? 'public' : [...(r.access ?? [])].sort();
      expect(actual, `${r.method} ${r.url}`).toEqual(expected);
    }
  });

  it('an app with a route without access refuses to start', async () => {
    const app = Fastify();
    registerAccessControl(app, {} as never, []);
    expect(() => app.get('/x', async () => 'x')).toThrow(MissingAccessError);
    await app.close();
  });

  it('non-public routes answer 401 without a session', async () => {
    for (const r of t.app.routeAccess) {
      if (r.access === 'public' || r.method === 'HEAD') continue;
      const url = r.url.replace(/:[A-Za-z]+/g, '1');
      const res = await send(t, r.method as 'GET', url, { body: {} });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(res.json().message).toBe('Du är inte inloggad.');
    }
  });

  it('roles: USER and STAFF get 403 on ADMIN-only invitations', async () => {
    for (const who of ['klient@example.com', 'staff@example.com']) {
      const cookie = await login(t, who);
      const res = await send(t, 'POST', '/api/v1/admin/invitations', {
        cookie,
        body: { email: 'ny@example.com' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Du har inte behörighet att göra detta.');
    }
    expect(await t.db.db.selectFrom('auth_tokens').selectAll().execute()).toEqual([]);
  });

  it('ownership: a USER reaches only their own id, whatever userId is sent', async () => {
    const cookie = await login(t, 'klient@example.com');
    const own = String(t.users.klient.id);
    const other = String(t.users.klient2.id);
    const byParam = await send(t, 'GET', `/api/v1/test/owned/${other}`, { cookie });
    expect(byParam.json().params.userId).toBe(own);
    const byQuery = await send(t, 'GET', `/api/v1/test/owned-query?userId=${other}`, { cookie });
    expect(byQuery.json().query.userId).toBe(own);
    const none = await send(t, 'GET', `/api/v1/test/owned-query`, { cookie });
    expect(none.json().query.userId).toBe(own);
    // staff keep the id they asked for
    const staff = await login(t, 'staff@example.com');
    const asStaff = await send(t, 'GET', `/api/v1/test/owned/${other}`, { cookie: staff });
    expect(asStaff.json().params.userId).toBe(other);
  });

  it('Origin: foreign origin → 403; same origin and PUBLIC_URL pass', async () => {
    const cookie = await login(t, 'klient@example.com');
    const foreign = await send(t, 'POST', '/api/v1/user/logout', {
      cookie,
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe('Förfrågan kommer från ett otillåtet ursprung.');
    const nullOrigin = await send(t, 'POST', '/api/v1/user/logout', {
      cookie,
      headers: { origin: 'null' },
    });
    expect(nullOrigin.statusCode).toBe(403);
    // still signed in: the refused requests changed nothing
    expect((await send(t, 'GET', '/api/v1/auth/me', { cookie })).statusCode).toBe(200);
    // the request's own host (inject uses localhost:80)
    const own = await send(t, 'POST', '/api/v1/user/logout', {
      cookie,
      headers: { origin: 'http://localhost:80', host: 'localhost:80' },
    });
    expect(own.statusCode).toBe(204);
  });

  it('Origin: no Origin header is allowed only without a session cookie', async () => {
    const cookie = await login(t, 'klient@example.com');
    const withCookie = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/logout',
      headers: { cookie },
    });
    expect(withCookie.statusCode).toBe(403);
    const noCookie = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: { email: 'ingen@example.com' },
    });
    expect(noCookie.statusCode).toBe(204);
    const foreignNoCookie = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/authenticate',
      headers: { origin: 'https://evil.example' },
      payload: { email: 'klient@example.com', password: 'x' },
    });
    expect(foreignNoCookie.statusCode).toBe(403);
    // GET is not state-changing and needs no Origin
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { cookie } }))
        .statusCode,
    ).toBe(200);
  });
});
