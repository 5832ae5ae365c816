// What the access log missed (issue 34, design §4.14 "every answer that carries a client's
// personal data to staff writes a log row naming that client"): the whole log's CSV export and
// the messaging recipient list write one row per client they show, and a search by personal
// number that finds nobody is logged, with the number masked.
import { expect, it } from 'vitest';
import { describeDb, login, logRows, send, useTestApp } from './helpers.ts';

describeDb('access rows of lists and lookups (issue 34)', () => {
  const t = useTestApp();

  const rows = (action: string) => logRows(t, action);

  it('the whole log as CSV writes one row per client its rows name', async () => {
    const staff = await login(t, 'staff@example.com');
    for (const id of [t.users.klient.id, t.users.klient2.id])
      expect(
        (await send(t, 'GET', `/api/v1/admin/clients/${id}`, { cookie: staff })).statusCode,
      ).toBe(200);
    const admin = await login(t, 'admin@example.com');
    const csv = await send(t, 'GET', '/api/v1/admin/export-logs?interval=all', { cookie: admin });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain('Karin Klient');
    expect(csv.body).toContain('Kalle Klientsson');
    const exported = await rows('ACTIVITY_LOG_EXPORTED');
    expect(exported.map((r) => r.subject_user_id).sort()).toEqual(
      [t.users.klient.id, t.users.klient2.id].sort(),
    );
    expect(exported.every((r) => r.actor_user_id === t.users.admin.id)).toBe(true);
    expect(exported[0]!.details).toEqual({ interval: 'all' });
  });

  it("staff's list of people to write to writes one row per client on it; a client's does not", async () => {
    const staff = await login(t, 'staff@example.com');
    const before = (await rows('CLIENT_LIST_VIEWED')).length;
    const list = await send(t, 'GET', '/api/v1/user/messaging/filteredUsers', { cookie: staff });
    expect(list.statusCode).toBe(200);
    const clients = list
      .json<{ id: number; role: string }[]>()
      .filter((u) => u.role === 'USER')
      .map((u) => u.id)
      .sort();
    expect(clients).toEqual([t.users.klient.id, t.users.klient2.id].sort());
    const written = (await rows('CLIENT_LIST_VIEWED')).slice(before);
    expect(written.map((r) => r.subject_user_id).sort()).toEqual(clients);
    expect(written[0]!.details).toEqual({ list: 'MESSAGE_RECIPIENTS' });

    const klient = await login(t, 'klient@example.com');
    const own = await send(t, 'GET', '/api/v1/user/messaging/filteredUsers', { cookie: klient });
    expect(own.statusCode).toBe(200);
    expect(await rows('CLIENT_LIST_VIEWED')).toHaveLength(before + clients.length);
  });

  it('a search by personal number that finds nobody is logged, the number masked', async () => {
    const staff = await login(t, 'staff@example.com');
    const miss = await send(t, 'GET', '/api/v1/admin/clients/lookup?personalNumber=19700101-1234', {
      cookie: staff,
    });
    expect(miss.statusCode).toBe(404);
    const looked = await rows('CLIENT_LOOKED_UP');
    expect(looked).toEqual([
      {
        actor_user_id: t.users.staff.id,
        subject_user_id: null,
        details: { personalNumber: '19700101-****', found: false },
      },
    ]);
    // The client list searched by a whole number that finds nobody: logged, masked too.
    const before = (await rows('CLIENT_LIST_VIEWED')).length;
    const list = await send(t, 'GET', '/api/v1/admin/clients?q=197001011234&page=1', {
      cookie: staff,
    });
    expect(list.json().items).toEqual([]);
    const listed = (await rows('CLIENT_LIST_VIEWED')).slice(before);
    expect(listed).toEqual([
      expect.objectContaining({
        subject_user_id: null,
        details: expect.objectContaining({ q: '19700101-****' }),
      }),
    ]);
    // Nowhere in the log in clear.
    const texts = await t.db.db.selectFrom('activity_log').select('details').execute();
    expect(JSON.stringify(texts)).not.toMatch(/19700101-?1234/);
  });
});
