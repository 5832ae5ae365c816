// Emergency access that shows (design §4.20, issue 35 item 2): every ADMIN gets an
// EMERGENCY_ACCESS notice when one opens (reason's label, never the comment); the STAFF member
// sees her own open accesses and closes one early ('Avsluta nu', logged), after which the
// client's routes answer 403 again; ADMIN's menu count of accesses not yet reviewed; and the
// review answer says what was read under each access.
import { emergencyAccessReviewSchema } from '@halsa/api/contract';
import { expect, it } from 'vitest';
import { describeDb, insertUser, login, passwordHash, send, useTestApp } from './helpers.ts';

describeDb('emergency access that shows', () => {
  const t = useTestApp();

  let worlds = 0;
  async function world() {
    const n = ++worlds;
    const at = t.clock.now();
    const hash = await passwordHash();
    const outsider = await insertUser(t.db, {
      email: `eva${n}@example.com`,
      role: 'USER',
      first: 'Eva',
      last: 'Björk',
      passwordHash: hash,
      at,
    });
    const colleague = await insertUser(t.db, {
      email: `kollega${n}@example.com`,
      role: 'STAFF',
      first: 'Kim',
      last: 'Kollega',
      passwordHash: hash,
      at,
    });
    const admin2 = await insertUser(t.db, {
      email: `admin2-${n}@example.com`,
      role: 'ADMIN',
      first: 'Berit',
      last: 'Chef',
      passwordHash: hash,
      at,
    });
    return {
      outsider,
      colleague,
      admin2,
      staff: await login(t, t.users.staff.email),
      admin: await login(t, t.users.admin.email),
      other: await login(t, colleague.email),
    };
  }

  const noticesOf = (userId: number) =>
    t.db.db
      .selectFrom('notifications')
      .select(['type', 'message', 'status'])
      .where('user_id', '=', userId)
      .where('type', '=', 'EMERGENCY_ACCESS')
      .execute();

  it('every ADMIN is told when it opens, with the reason but never the comment', async () => {
    const w = await world();
    const opened = await send(
      t,
      'POST',
      `/api/v1/admin/clients/${w.outsider.id}/emergency-access`,
      {
        cookie: w.staff,
        body: { reason: 'OTHER', comment: 'Kollegan är sjukskriven för utmattning' },
      },
    );
    expect(opened.statusCode, opened.body).toBe(201);
    for (const adminId of [t.users.admin.id, w.admin2.id]) {
      const notes = await noticesOf(adminId);
      expect(notes).toEqual([
        {
          type: 'EMERGENCY_ACCESS',
          status: 'UNREAD',
          message:
            'Sven Personal öppnade nödåtkomst till Eva Björk (Annat). Granska den under Logguppföljning när den har stängts.',
        },
      ]);
    }
    expect(await noticesOf(t.users.staff.id)).toEqual([]);
    // the bell's list carries it
    const list = await send(t, 'GET', '/api/v1/user/notifications', { cookie: w.admin });
    expect(list.json<{ type: string }[]>().map((n) => n.type)).toContain('EMERGENCY_ACCESS');
    expect(list.body).not.toContain('sjukskriven');
    // the menu count
    const count = await send(t, 'GET', '/api/v1/admin/activity/review/count', { cookie: w.admin });
    expect(count.statusCode).toBe(200);
    expect(count.json()).toEqual({ unreviewed: 1 });
    const asStaff = await send(t, 'GET', '/api/v1/admin/activity/review/count', {
      cookie: w.staff,
    });
    expect(asStaff.statusCode).toBe(403);
  });

  it("she sees her own open access, closes it with 'Avsluta nu' (logged) and is outside again", async () => {
    const w = await world();
    const opened = await send(
      t,
      'POST',
      `/api/v1/admin/clients/${w.outsider.id}/emergency-access`,
      {
        cookie: w.staff,
        body: { reason: 'URGENT_CARE' },
      },
    );
    const access = opened.json<{ id: number; expiresAt: string; openedAt: string }>();
    const mine = await send(t, 'GET', '/api/v1/admin/emergency-access', { cookie: w.staff });
    expect(mine.statusCode).toBe(200);
    expect(mine.json<{ clientId: number }[]>().filter((a) => a.clientId === w.outsider.id)).toEqual(
      [
        {
          id: access.id,
          clientId: w.outsider.id,
          openedAt: access.openedAt,
          expiresAt: access.expiresAt,
        },
      ],
    );
    // a colleague and ADMIN hold none
    expect(
      (await send(t, 'GET', '/api/v1/admin/emergency-access', { cookie: w.other })).json(),
    ).toEqual([]);
    expect(
      (await send(t, 'GET', '/api/v1/admin/emergency-access', { cookie: w.admin })).json(),
    ).toEqual([]);
    expect((await send(t, 'GET', '/api/v1/admin/emergency-access')).statusCode).toBe(401);

    // she reads the client's overview, journal and values under it
    for (const url of [
      `/api/v1/admin/clients/${w.outsider.id}`,
      `/api/v1/admin/users/${w.outsider.id}/journal`,
      `/api/v1/admin/lab-results/${w.outsider.id}`,
    ]) {
      expect((await send(t, 'GET', url, { cookie: w.staff })).statusCode, url).toBe(200);
    }

    // a colleague cannot close it; nothing changes
    const closeUrl = `/api/v1/admin/emergency-access/${access.id}/close`;
    const byOther = await send(t, 'POST', closeUrl, { cookie: w.other, body: {} });
    expect(byOther.statusCode).toBe(404);
    expect(byOther.json().message).toBe('Nödåtkomsten hittades inte.');
    expect(
      (await send(t, 'GET', `/api/v1/admin/clients/${w.outsider.id}`, { cookie: w.staff }))
        .statusCode,
    ).toBe(200);

    t.clock.advance(60_000);
    const closed = await send(t, 'POST', closeUrl, { cookie: w.staff, body: {} });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().expiresAt).toBe(t.clock.now().toISOString());
    const log = await t.db.db
      .selectFrom('activity_log')
      .select(['action', 'subject_user_id'])
      .where('actor_user_id', '=', t.users.staff.id)
      .where('action', '=', 'EMERGENCY_ACCESS_CLOSED')
      .execute();
    expect(log).toEqual([{ action: 'EMERGENCY_ACCESS_CLOSED', subject_user_id: w.outsider.id }]);
    expect(
      (await send(t, 'GET', `/api/v1/admin/clients/${w.outsider.id}`, { cookie: w.staff }))
        .statusCode,
    ).toBe(403);
    const after = await send(t, 'GET', '/api/v1/admin/emergency-access', { cookie: w.staff });
    expect(after.json<{ clientId: number }[]>().map((a) => a.clientId)).not.toContain(
      w.outsider.id,
    );
    // closing again: no longer open
    expect((await send(t, 'POST', closeUrl, { cookie: w.staff, body: {} })).statusCode).toBe(404);

    // ADMIN's review says what was read under it
    const review = await send(t, 'GET', '/api/v1/admin/activity/review', { cookie: w.admin });
    const [card] = review
      .json<{ emergencyAccesses: unknown[] }>()
      .emergencyAccesses.map((a) => emergencyAccessReviewSchema.parse(a));
    expect(card!.read.map((r) => r.action).sort()).toEqual(
      ['CLIENT_VIEWED', 'JOURNAL_VIEWED', 'LAB_RESULTS_VIEWED'].sort(),
    );
  });
});
