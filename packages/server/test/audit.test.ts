// Audit declared like roles: defineRoute refuses a route without a declaration and 'none' on a
// route that touches client data; a declared row is written for staff and never for a client.
import { endpointDefs } from '@halsa/api/contract';
import { expect, it } from 'vitest';
import Fastify from 'fastify';
import { AuditDeclarationError, checkAuditDeclaration } from '../src/http/audit.ts';
import { defineRoute } from '../src/http/route.ts';
import { describeDb, login, useTestApp } from './helpers.ts';

it('a route without an audit declaration is refused', () => {
  expect(() => checkAuditDeclaration(endpointDefs.userStats, undefined)).toThrow(
    AuditDeclarationError,
  );
});

it("a route that touches client data may not declare 'none'", () => {
  expect(endpointDefs.labHistory.clientData).toBe(true);
  expect(() => checkAuditDeclaration(endpointDefs.labHistory, 'none')).toThrow(
    /rör klientdata men deklarerar audit: 'none'/,
  );
  expect(() => checkAuditDeclaration(endpointDefs.userStats, 'none')).not.toThrow();
  expect(() => checkAuditDeclaration(endpointDefs.labHistory, { records: [] })).toThrow(
    AuditDeclarationError,
  );
});

describeDb('declared audit rows', () => {
  const t = useTestApp();

  const rows = () =>
    t.db.db
      .selectFrom('activity_log')
      .select(['action', 'actor_user_id', 'subject_user_id', 'ip_address'])
      .where('action', '=', 'LAB_RESULTS_VIEWED')
      .execute();

  it('staff reading a client’s lab history writes exactly one row; the client herself none', async () => {
    const klient = t.users.klient.id;
    const staff = await login(t, 'staff@example.com');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/lab-data/${klient}`,
      headers: { cookie: staff },
    });
    expect(res.statusCode).toBe(200);
    expect(await rows()).toEqual([
      {
        action: 'LAB_RESULTS_VIEWED',
        actor_user_id: t.users.staff.id,
        subject_user_id: klient,
        ip_address: '127.0.0.1',
      },
    ]);

    const own = await login(t, 'klient@example.com');
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/lab-data?userId=${klient}`,
      headers: { cookie: own },
    });
    expect(mine.statusCode).toBe(200);
    expect(await rows()).toHaveLength(1);
  });

  it('a failed read (unknown client) writes no row', async () => {
    const staff = await login(t, 'staff@example.com');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/lab-data/999999',
      headers: { cookie: staff },
    });
    expect(res.statusCode).toBe(404);
    expect((await rows()).filter((r) => r.subject_user_id === 999999)).toEqual([]);
  });
});

it('defineRoute itself refuses such a route before registering it', () => {
  const app = Fastify();
  expect(() => defineRoute(app, endpointDefs.clients, { audit: 'none' }, async () => [])).toThrow(
    AuditDeclarationError,
  );
  expect(() =>
    defineRoute(app, endpointDefs.userStats, {} as never, async () => ({}) as never),
  ).toThrow(/saknar audit-deklaration/);
});
