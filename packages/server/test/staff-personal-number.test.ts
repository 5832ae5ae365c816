// An existing STAFF or ADMIN's own personal number on `/staff` (issue 33, design §4.18): ADMIN
// sets, changes and clears it; it is checked as a client's, unique among the staff, shown masked
// in the list and logged as a keyed hash only.
import { STAFF_MESSAGES } from '@halsa/api/contract';
import { expect, it } from 'vitest';
import { describeDb, login, send, useTestApp } from './helpers.ts';

const PNR = '19810730-1239';
const OTHER = '19720905-4563';

describeDb("a staff member's personal number (design §4.18)", () => {
  const t = useTestApp();

  const put = (cookie: string, id: number, personalNumber: unknown) =>
    send(t, 'PUT', `/api/v1/admin/users/${id}/personal-number`, {
      cookie,
      body: { personalNumber },
    });
  const stored = async (id: number) =>
    (
      await t.db.db
        .selectFrom('users')
        .select('personal_number')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).personal_number;
  const logged = () =>
    t.db.db
      .selectFrom('activity_log')
      .select(['actor_user_id', 'subject_user_id', 'details'])
      .where('action', '=', 'PERSONAL_NUMBER_CHANGED')
      .orderBy('id')
      .execute();

  it('ADMIN sets, changes and clears it; the list shows it masked; each change is logged without the number', async () => {
    const admin = await login(t, 'admin@example.com');
    const staffId = t.users.staff.id;

    const set = await put(admin, staffId, PNR);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ id: staffId, personalNumber: '19810730-****' });
    expect(await stored(staffId)).toBe(PNR);
    const list = await send(t, 'GET', '/api/v1/admin/staff/accounts', { cookie: admin });
    const row = list.json().find((a: { id: number }) => a.id === staffId);
    expect(row.personalNumber).toBe('19810730-****');
    expect(list.body).not.toContain(PNR);

    const changed = await put(admin, staffId, ` ${OTHER} `);
    expect(changed.json()).toMatchObject({ personalNumber: '19720905-****' });
    expect(await stored(staffId)).toBe(OTHER);

    // The same number again changes nothing and logs nothing.
    expect((await put(admin, staffId, OTHER)).statusCode).toBe(200);

    const cleared = await put(admin, staffId, null);
    expect(cleared.json()).toMatchObject({ personalNumber: null });
    expect(await stored(staffId)).toBeNull();
    // '' clears as well (the dialog's emptied field), and an ADMIN may set her own.
    expect((await put(admin, t.users.admin.id, PNR)).json().personalNumber).toBe('19810730-****');
    expect((await put(admin, t.users.admin.id, '')).json().personalNumber).toBeNull();

    const rows = await logged();
    expect(rows.map((r) => [r.actor_user_id, r.subject_user_id])).toEqual([
      [t.users.admin.id, staffId],
      [t.users.admin.id, staffId],
      [t.users.admin.id, staffId],
      [t.users.admin.id, t.users.admin.id],
      [t.users.admin.id, t.users.admin.id],
    ]);
    const details = rows.map(
      (r) => r.details as { fromHash: string | null; toHash: string | null },
    );
    expect(details[0]!.fromHash).toBeNull();
    expect(details[0]!.toHash).toMatch(/^[0-9a-f]{24}$/);
    expect(details[1]!.fromHash).toBe(details[0]!.toHash);
    expect(details[2]!.toHash).toBeNull();
    expect(details[3]!.toHash).toBe(details[0]!.toHash);
    const whole = JSON.stringify(rows);
    for (const n of [PNR, OTHER, PNR.replace('-', ''), OTHER.replace('-', '')]) {
      expect(whole).not.toContain(n);
    }
  });

  it('only ADMIN: STAFF and a client get 403 and nothing changes', async () => {
    const before = (await logged()).length;
    const staff = await login(t, 'staff@example.com');
    const klient = await login(t, 'klient@example.com');
    for (const cookie of [staff, klient]) {
      const refused = await put(cookie, t.users.staff.id, PNR);
      expect(refused.statusCode).toBe(403);
    }
    const anonymous = await send(
      t,
      'PUT',
      `/api/v1/admin/users/${t.users.staff.id}/personal-number`,
      {
        body: { personalNumber: PNR },
      },
    );
    expect(anonymous.statusCode).toBe(401);
    expect(await stored(t.users.staff.id)).toBeNull();
    expect(await logged()).toHaveLength(before);
  });

  it("checks the number as a client's; a client's account and an unknown id are refused", async () => {
    const admin = await login(t, 'admin@example.com');
    const before = (await logged()).length;
    for (const bad of ['198107301239', '19810730-123', 'abcdefgh-ijkl', '19810730-12399', 42]) {
      const res = await put(admin, t.users.staff.id, bad);
      expect(res.statusCode, String(bad)).toBe(400);
    }
    const format = await put(admin, t.users.staff.id, '1981-07-30');
    expect(format.json().message).toContain('Personnummer måste vara i formatet YYYYMMDD-XXXX.');
    const missing = await send(
      t,
      'PUT',
      `/api/v1/admin/users/${t.users.staff.id}/personal-number`,
      {
        cookie: admin,
        body: {},
      },
    );
    expect(missing.statusCode).toBe(400);
    const client = await put(admin, t.users.klient.id, PNR);
    expect(client.statusCode).toBe(400);
    expect(client.json().message).toBe(STAFF_MESSAGES.notStaff);
    expect((await put(admin, 999_999, PNR)).statusCode).toBe(404);
    expect(await stored(t.users.staff.id)).toBeNull();
    expect(await stored(t.users.klient.id)).toBeNull();
    expect(await logged()).toHaveLength(before);
  });

  it('is unique among the staff: a number another has is refused with 409 and nothing changes', async () => {
    const admin = await login(t, 'admin@example.com');
    const before = (await logged()).length;
    expect((await put(admin, t.users.admin.id, PNR)).statusCode).toBe(200);
    const taken = await put(admin, t.users.staff.id, PNR);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(STAFF_MESSAGES.personalNumberTaken);
    expect(taken.json().message).toBe('Personnumret används redan av någon annan i personalen.');
    expect(await stored(t.users.staff.id)).toBeNull();
    expect(await logged()).toHaveLength(before + 1);
  });
});
