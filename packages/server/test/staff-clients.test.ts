// Care teams from the person's side (issue 35 item 5, design §4.14): `/staff` lists a staff
// member's clients and ADMIN adds or removes one there, with the care-team editor's rules and
// log rows: ADMIN only, a deactivated person gets no new client, every change is logged
// naming the client, and the list writes one row per client it shows.
import { STAFF_CLIENT_MESSAGES, STAFF_MESSAGES } from '@halsa/api/contract';
import { expect, it } from 'vitest';
import { describeDb, insertUser, login, logRows, send, useTestApp } from './helpers.ts';

describeDb("care teams from the person's side (issue 35)", () => {
  const t = useTestApp();

  const rows = (action: string) => logRows(t, action);

  const setSsn = (userId: number, ssn: string) =>
    t.db.db
      .insertInto('client_profiles')
      .values({
        user_id: userId,
        social_security_number: ssn,
        created_at: t.clock.now(),
        updated_at: t.clock.now(),
      })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ social_security_number: ssn }))
      .execute();

  const clientsUrl = (staffId: number) => `/api/v1/admin/users/${staffId}/clients`;

  it('lists her clients by name with the personal number masked; one log row per client; ADMIN only', async () => {
    const admin = await login(t, 'admin@example.com');
    const staff = await login(t, 'staff@example.com');
    await setSsn(t.users.klient.id, '19850412-2381');
    const before = (await rows('CLIENT_LIST_VIEWED')).length;
    const list = await send(t, 'GET', clientsUrl(t.users.staff.id), { cookie: admin });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual({
      staffId: t.users.staff.id,
      clients: [
        {
          id: t.users.klient.id,
          firstName: 'Karin',
          lastName: 'Klient',
          socialSecurityNumber: '19850412-****',
        },
        {
          id: t.users.klient2.id,
          firstName: 'Kalle',
          lastName: 'Klientsson',
          socialSecurityNumber: null,
        },
      ],
    });
    const logged = (await rows('CLIENT_LIST_VIEWED')).slice(before);
    expect(logged.map((r) => r.subject_user_id).sort()).toEqual(
      [t.users.klient.id, t.users.klient2.id].sort(),
    );
    expect(logged.every((r) => r.actor_user_id === t.users.admin.id)).toBe(true);
    // The staff list counts them; ADMIN's own row counts none.
    const accounts = (
      await send(t, 'GET', '/api/v1/admin/staff/accounts', { cookie: admin })
    ).json() as { id: number; clientCount: number }[];
    expect(accounts.find((a) => a.id === t.users.staff.id)?.clientCount).toBe(2);
    expect(accounts.find((a) => a.id === t.users.admin.id)?.clientCount).toBe(0);
    // STAFF may not look at anyone's list, not even her own.
    expect((await send(t, 'GET', clientsUrl(t.users.staff.id), { cookie: staff })).statusCode).toBe(
      403,
    );
    // A client's account is no staff account; an unknown id is not found.
    const client = await send(t, 'GET', clientsUrl(t.users.klient.id), { cookie: admin });
    expect(client.statusCode).toBe(400);
    expect(client.json().message).toBe(STAFF_MESSAGES.notStaff);
    const unknown = await send(t, 'GET', clientsUrl(999_999), { cookie: admin });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(STAFF_MESSAGES.notFound);
  });

  it('ADMIN adds a client to her team there: she then reads the client; logged as CARE_TEAM_CHANGED naming the client', async () => {
    const admin = await login(t, 'admin@example.com');
    const staff = await login(t, 'staff@example.com');
    const ahmed = await insertUser(t.db, {
      email: 'ahmed@example.com',
      role: 'USER',
      first: 'Ahmed',
      last: 'Haddad',
      at: t.clock.now(),
    });
    const page = `/api/v1/admin/clients/${ahmed.id}`;
    expect((await send(t, 'GET', page, { cookie: staff })).statusCode).toBe(403);
    const before = (await rows('CARE_TEAM_CHANGED')).length;

    const added = await send(t, 'POST', clientsUrl(t.users.staff.id), {
      cookie: admin,
      body: { clientId: ahmed.id },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual({
      id: ahmed.id,
      firstName: 'Ahmed',
      lastName: 'Haddad',
      socialSecurityNumber: null,
    });
    expect((await send(t, 'GET', page, { cookie: staff })).statusCode).toBe(200);
    // The client's own page shows the same team.
    const team = await send(t, 'GET', `${page}/care-team`, { cookie: admin });
    expect(team.json().staff.map((s: { id: number }) => s.id)).toEqual([t.users.staff.id]);
    // Adding again changes nothing and writes nothing.
    const again = await send(t, 'POST', clientsUrl(t.users.staff.id), {
      cookie: admin,
      body: { clientId: ahmed.id },
    });
    expect(again.statusCode).toBe(200);
    const changed = (await rows('CARE_TEAM_CHANGED')).slice(before);
    expect(changed).toEqual([
      {
        actor_user_id: t.users.admin.id,
        subject_user_id: ahmed.id,
        details: { added: [t.users.staff.id], removed: [] },
      },
    ]);

    // Taking her out: 204, logged, and the client is closed to her again.
    const removed = await send(t, 'DELETE', `${clientsUrl(t.users.staff.id)}/${ahmed.id}`, {
      cookie: admin,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await send(t, 'GET', page, { cookie: staff })).statusCode).toBe(403);
    expect((await rows('CARE_TEAM_CHANGED')).slice(before + 1)).toEqual([
      {
        actor_user_id: t.users.admin.id,
        subject_user_id: ahmed.id,
        details: { added: [], removed: [t.users.staff.id] },
      },
    ]);
  });

  it('refuses STAFF, a deactivated person, a client as the person, an unknown client and a missing client id; nothing changes', async () => {
    const admin = await login(t, 'admin@example.com');
    const staff = await login(t, 'staff@example.com');
    const nora = await insertUser(t.db, {
      email: 'nora@example.com',
      role: 'STAFF',
      first: 'Nora',
      last: 'Ny',
      at: t.clock.now(),
    });
    const before = (await rows('CARE_TEAM_CHANGED')).length;
    const add = (staffId: number, body: unknown, cookie = admin) =>
      send(t, 'POST', clientsUrl(staffId), { cookie, body });

    expect((await add(nora.id, { clientId: t.users.klient.id }, staff)).statusCode).toBe(403);
    expect(
      (
        await send(t, 'DELETE', `${clientsUrl(t.users.staff.id)}/${t.users.klient.id}`, {
          cookie: staff,
        })
      ).statusCode,
    ).toBe(403);

    const missing = await add(nora.id, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Välj en klient.');
    const noClient = await add(nora.id, { clientId: t.users.admin.id });
    expect(noClient.statusCode).toBe(404);
    expect(noClient.json().message).toBe('Klienten hittades inte.');
    const notStaff = await add(t.users.klient2.id, { clientId: t.users.klient.id });
    expect(notStaff.statusCode).toBe(400);
    expect(notStaff.json().message).toBe(STAFF_MESSAGES.notStaff);

    // Nora works with Karin, then is deactivated: no new client, but she can be taken out.
    expect((await add(nora.id, { clientId: t.users.klient.id })).statusCode).toBe(200);
    const off = await send(t, 'POST', `/api/v1/admin/users/${nora.id}/deactivate`, {
      cookie: admin,
      body: {},
    });
    expect(off.statusCode).toBe(200);
    const refused = await add(nora.id, { clientId: t.users.klient2.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(STAFF_CLIENT_MESSAGES.deactivated);
    const list = await send(t, 'GET', clientsUrl(nora.id), { cookie: admin });
    expect(list.json().clients.map((c: { id: number }) => c.id)).toEqual([t.users.klient.id]);
    const out = await send(t, 'DELETE', `${clientsUrl(nora.id)}/${t.users.klient.id}`, {
      cookie: admin,
    });
    expect(out.statusCode).toBe(204);
    expect((await send(t, 'GET', clientsUrl(nora.id), { cookie: admin })).json().clients).toEqual(
      [],
    );
    // Only the add and the removal were written, each naming Karin.
    expect(
      (await rows('CARE_TEAM_CHANGED')).slice(before).map((r) => [r.subject_user_id, r.details]),
    ).toEqual([
      [t.users.klient.id, { added: [nora.id], removed: [] }],
      [t.users.klient.id, { added: [], removed: [nora.id] }],
    ]);
  });
});
