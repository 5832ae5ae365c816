// Every contract endpoint is served or listed as not yet served, and nothing else is served
// under /api without a reason written here.
import { endpoints } from '@halsa/api/contract';
import { expect, it } from 'vitest';
import { NOT_YET_SERVED } from '../src/modules/not-yet-served.ts';
import { describeDb, useTestApp } from './helpers.ts';

/** Routes under /api that are deliberately not in the contract, with why. */
const OUTSIDE_CONTRACT: Record<string, string> = {
  'GET /api/v1/user/image/:fileId': 'the address behind a session user’s imageUrl',
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
