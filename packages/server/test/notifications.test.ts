// Notifications (spec §7): notify() stores and pushes; a user lists and marks only their own.
import { notificationListSchema, notificationSchema } from '@halsa/api/contract';
import { afterEach, expect, it, vi } from 'vitest';
import { describeDb, login, send, useTestApp } from './helpers.ts';

describeDb('notifications', () => {
  const t = useTestApp();

  afterEach(() => {
    vi.restoreAllMocks();
  });

  const rowsOf = (userId: number) =>
    t.db.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();

  it('notify() stores an UNREAD row stamped by the app clock and pushes it to the user queue', async () => {
    const publish = vi.spyOn(t.app.ctx.live.broker, 'publishToUser');
    const at = t.clock.now();
    const n = await t.app.ctx.notifications.notify(
      t.users.klient.id,
      'LAB_RESULT',
      'Nya provsvar finns att läsa.',
    );
    expect(notificationSchema.parse(n)).toEqual(n);
    expect(n).toMatchObject({
      status: 'UNREAD',
      type: 'LAB_RESULT',
      message: 'Nya provsvar finns att läsa.',
      timestamp: at.toISOString(),
    });
    expect(publish).toHaveBeenCalledWith(t.users.klient.id, '/queue/notifications', n);
    const row = (await rowsOf(t.users.klient.id)).find((r) => r.id === n.id)!;
    expect(row.status).toBe('UNREAD');
    expect(row.created_at.toISOString()).toBe(at.toISOString());
  });

  it('a failed live push does not lose the notification', async () => {
    vi.spyOn(t.app.ctx.live.broker, 'publishToUser').mockImplementation(() => {
      throw new Error('broker nere');
    });
    const n = await t.app.ctx.notifications.notify(t.users.klient2.id, 'OTHER', 'Hej');
    expect((await rowsOf(t.users.klient2.id)).some((r) => r.id === n.id)).toBe(true);
  });

  it('GET lists only the caller’s own notifications, newest first, in the contract shape', async () => {
    const svc = t.app.ctx.notifications;
    t.clock.advance(60_000);
    const older = await svc.notify(t.users.klient.id, 'ACTION_PLAN', 'Äldre');
    t.clock.advance(60_000);
    const newer = await svc.notify(t.users.klient.id, 'DAILY_NOTE', 'Nyare');
    const foreign = await svc.notify(t.users.klient2.id, 'LAB_RESULT', 'Någon annans');
    const staffOwn = await svc.notify(t.users.staff.id, 'OTHER', 'Personalens');

    const cookie = await login(t, 'klient@example.com');
    const res = await send(t, 'GET', '/api/v1/user/notifications', { cookie });
    expect(res.statusCode).toBe(200);
    const list = notificationListSchema.parse(res.json());
    const ids = list.map((n) => n.id);
    expect(ids).not.toContain(foreign.id);
    expect(ids).not.toContain(staffOwn.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(list[0]!.id).toBe(newer.id);
    const stamps = list.map((n) => Date.parse(n.timestamp));
    expect([...stamps].sort((a, b) => b - a)).toEqual(stamps);

    // every role has notifications of its own
    const staff = await login(t, 'staff@example.com');
    const staffList = (await send(t, 'GET', '/api/v1/user/notifications', { cookie: staff })).json<
      { id: number }[]
    >();
    expect(staffList.map((n) => n.id)).toEqual([staffOwn.id]);
  });

  it('PATCH /:id/read marks one own notification; another user’s id is 404 and untouched', async () => {
    const svc = t.app.ctx.notifications;
    const mine = await svc.notify(t.users.klient.id, 'LAB_RESULT', 'Min');
    const mine2 = await svc.notify(t.users.klient.id, 'LAB_RESULT', 'Min andra');
    const theirs = await svc.notify(t.users.klient2.id, 'LAB_RESULT', 'Inte min');
    const cookie = await login(t, 'klient@example.com');

    const ok = await send(t, 'PATCH', `/api/v1/user/notifications/${mine.id}/read`, { cookie });
    expect(ok.statusCode).toBe(204);
    expect(ok.body).toBe('');
    const rows = await rowsOf(t.users.klient.id);
    expect(rows.find((r) => r.id === mine.id)!.status).toBe('READ');
    expect(rows.find((r) => r.id === mine2.id)!.status).toBe('UNREAD');
    // marking again is fine
    expect(
      (await send(t, 'PATCH', `/api/v1/user/notifications/${mine.id}/read`, { cookie })).statusCode,
    ).toBe(204);

    const other = await send(t, 'PATCH', `/api/v1/user/notifications/${theirs.id}/read`, {
      cookie,
    });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Notisen hittades inte.');
    const theirRow = (await rowsOf(t.users.klient2.id)).find((r) => r.id === theirs.id)!;
    expect(theirRow.status).toBe('UNREAD');

    // an id that does not exist (also beyond the integer range) answers the same
    for (const id of ['987654', '99999999999']) {
      const res = await send(t, 'PATCH', `/api/v1/user/notifications/${id}/read`, { cookie });
      expect(res.statusCode, id).toBe(404);
      expect(res.json().message).toBe('Notisen hittades inte.');
    }
  });

  it('PATCH /mark-all-read marks every own notification and nobody else’s', async () => {
    const svc = t.app.ctx.notifications;
    await svc.notify(t.users.klient.id, 'LAB_RESULT', 'A');
    await svc.notify(t.users.klient.id, 'ACTION_PLAN', 'B');
    const theirs = await svc.notify(t.users.klient2.id, 'LAB_RESULT', 'C');
    const cookie = await login(t, 'klient@example.com');

    const res = await send(t, 'PATCH', '/api/v1/user/notifications/mark-all-read', { cookie });
    expect(res.statusCode).toBe(204);
    expect((await rowsOf(t.users.klient.id)).every((r) => r.status === 'READ')).toBe(true);
    const theirRow = (await rowsOf(t.users.klient2.id)).find((r) => r.id === theirs.id)!;
    expect(theirRow.status).toBe('UNREAD');
    const list = (await send(t, 'GET', '/api/v1/user/notifications', { cookie })).json<
      { status: string }[]
    >();
    expect(list.every((n) => n.status === 'READ')).toBe(true);
    // nothing left to mark is still a success
    expect(
      (await send(t, 'PATCH', '/api/v1/user/notifications/mark-all-read', { cookie })).statusCode,
    ).toBe(204);
  });

  it('bad ids are a 400 with a Swedish message and change nothing', async () => {
    const n = await t.app.ctx.notifications.notify(t.users.klient.id, 'LAB_RESULT', 'Orörd');
    const cookie = await login(t, 'klient@example.com');
    for (const id of ['abc', '0', '-1', '1.5', '1e3x', '%20']) {
      const res = await send(t, 'PATCH', `/api/v1/user/notifications/${id}/read`, { cookie });
      expect(res.statusCode, id).toBe(400);
      expect(res.json().message, id).toMatch(/^Fältet "id" (har fel typ|är ogiltigt|är för)/);
    }
    const row = (await rowsOf(t.users.klient.id)).find((r) => r.id === n.id)!;
    expect(row.status).toBe('UNREAD');
  });

  it('signed-out callers get 401 and a foreign Origin 403', async () => {
    expect((await send(t, 'GET', '/api/v1/user/notifications')).statusCode).toBe(401);
    const cookie = await login(t, 'klient@example.com');
    const foreign = await send(t, 'PATCH', '/api/v1/user/notifications/mark-all-read', {
      cookie,
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
  });
});
