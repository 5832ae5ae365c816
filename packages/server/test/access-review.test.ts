// 'Logguppföljning' (design §4.14, §4.20; issue 34): the "outside care team" pattern sees the
// reads that carry no details (almost every read), and an emergency access is reviewed only once
// it has closed, and never by the person who used it, even after she became ADMIN.
import { EMERGENCY_MESSAGES, MANY_CLIENTS_PER_DAY } from '@halsa/api/contract';
import { expect, it } from 'vitest';
import { describeDb, insertUser, login, passwordHash, send, useTestApp } from './helpers.ts';

const HOUR = 3_600_000;

describeDb('Logguppföljning (issue 34)', () => {
  const t = useTestApp();

  it('reads without details of a client outside her team give an OUTSIDE_CARE_TEAM pattern', async () => {
    const admin = await login(t, 'admin@example.com');
    const eva = await insertUser(t.db, {
      email: 'eva@example.com',
      role: 'USER',
      first: 'Eva',
      last: 'Ek',
      at: t.clock.now(),
    });
    const none = await send(t, 'GET', '/api/v1/admin/activity/review', { cookie: admin });
    expect(none.json().patterns).toEqual([]);
    // What the log holds for an ordinary read: no details at all (NULL), by the app's writer.
    for (const action of ['CLIENT_VIEWED', 'LAB_RESULTS_VIEWED'] as const) {
      await t.app.ctx.activity.record({
        action,
        actorUserId: t.users.staff.id,
        subjectUserId: eva.id,
        ip: '127.0.0.1',
      });
    }
    const stored = await t.db.db
      .selectFrom('activity_log')
      .select('details')
      .where('subject_user_id', '=', eva.id)
      .execute();
    expect(stored.map((r) => r.details)).toEqual([null, null]);
    // Reads of her own team's client are no pattern.
    await t.app.ctx.activity.record({
      action: 'CLIENT_VIEWED',
      actorUserId: t.users.staff.id,
      subjectUserId: t.users.klient.id,
    });
    const review = await send(t, 'GET', '/api/v1/admin/activity/review', { cookie: admin });
    expect(review.statusCode).toBe(200);
    expect(review.json().patterns).toEqual([
      expect.objectContaining({
        kind: 'OUTSIDE_CARE_TEAM',
        staff: { id: t.users.staff.id, name: 'Sven Personal' },
        clients: 1,
      }),
    ]);
  });

  it('an emergency access is reviewed only after it has closed, never by the one who used it', async () => {
    const admin = await login(t, 'admin@example.com');
    // A second ADMIN, so the first can review; and the STAFF member outside Kalle's team.
    await insertUser(t.db, {
      email: 'maria@example.com',
      role: 'ADMIN',
      first: 'Maria',
      last: 'Berg',
      passwordHash: await passwordHash(),
      at: t.clock.now(),
    });
    await send(t, 'PUT', `/api/v1/admin/clients/${t.users.klient2.id}/care-team`, {
      cookie: admin,
      body: { staffIds: [] },
    });
    const staff = await login(t, 'staff@example.com');
    const opened = await send(
      t,
      'POST',
      `/api/v1/admin/clients/${t.users.klient2.id}/emergency-access`,
      { cookie: staff, body: { reason: 'URGENT_CARE' } },
    );
    expect(opened.statusCode, opened.body).toBe(201);
    const id = opened.json().id as number;
    const review = (cookie: string) =>
      send(t, 'POST', `/api/v1/admin/activity/review/${id}`, {
        cookie,
        body: { comment: 'Kontrollerad.' },
      });

    // Still open: refused, and later reads would never be reviewed.
    const early = await review(admin);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(EMERGENCY_MESSAGES.reviewStillOpen);

    // She becomes ADMIN and tries to review her own access, open or closed.
    const promoted = await send(t, 'PUT', `/api/v1/admin/users/${t.users.staff.id}/role`, {
      cookie: admin,
      body: { role: 'ADMIN' },
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    const self = await login(t, 'staff@example.com');
    const ownOpen = await review(self);
    expect(ownOpen.statusCode).toBe(403);
    expect(ownOpen.json().message).toBe(EMERGENCY_MESSAGES.reviewOwnAccess);
    t.clock.advance(4 * HOUR + 1); // past her sessions' idle time too: signed in again
    const ownClosed = await review(await login(t, 'staff@example.com'));
    expect(ownClosed.statusCode).toBe(403);
    expect(ownClosed.json().message).toBe(EMERGENCY_MESSAGES.reviewOwnAccess);
    const still = await send(t, 'GET', '/api/v1/admin/activity/review', {
      cookie: await login(t, 'admin@example.com'),
    });
    expect(still.json().emergencyAccesses.map((a: { id: number }) => a.id)).toContain(id);

    // Closed, by another ADMIN: reviewed.
    const maria = await login(t, 'maria@example.com');
    const done = await review(maria);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ reviewedBy: 'Maria Berg' });
  });

  it('an access ended early (she joined the team) can be reviewed at once', async () => {
    const admin = await login(t, 'admin@example.com');
    await send(t, 'PUT', `/api/v1/admin/users/${t.users.staff.id}/role`, {
      cookie: admin,
      body: { role: 'STAFF' },
    });
    await send(t, 'PUT', `/api/v1/admin/clients/${t.users.klient.id}/care-team`, {
      cookie: admin,
      body: { staffIds: [] },
    });
    const staff = await login(t, 'staff@example.com');
    const opened = await send(
      t,
      'POST',
      `/api/v1/admin/clients/${t.users.klient.id}/emergency-access`,
      { cookie: staff, body: { reason: 'COVERING' } },
    );
    expect(opened.statusCode, opened.body).toBe(201);
    await send(t, 'PUT', `/api/v1/admin/clients/${t.users.klient.id}/care-team`, {
      cookie: admin,
      body: { staffIds: [t.users.staff.id] },
    });
    const done = await send(t, 'POST', `/api/v1/admin/activity/review/${opened.json().id}`, {
      cookie: admin,
      body: { comment: 'Ersatte kollega, nu i vårdteamet.' },
    });
    expect(done.statusCode, done.body).toBe(200);
  });

  it('more than 50 clients read in a day is a MANY_CLIENTS pattern; reads of staff do not count', async () => {
    // A day of its own: the reads of the tests above are on another.
    t.clock.advance(24 * HOUR);
    const admin = await login(t, 'admin@example.com');
    const many: number[] = [];
    for (let i = 0; i <= MANY_CLIENTS_PER_DAY; i++)
      many.push(
        (
          await insertUser(t.db, {
            email: `manga${i}@example.com`,
            role: 'USER',
            first: 'Många',
            last: `Nummer ${i}`,
            at: t.clock.now(),
          })
        ).id,
      );
    // One ADMIN's day: every one of them, and a colleague (no client, so not counted).
    await t.app.ctx.activity.recordMany(
      [...many, t.users.staff.id].map((subjectUserId) => ({
        action: 'CLIENT_VIEWED' as const,
        actorUserId: t.users.admin.id,
        subjectUserId,
        ip: '127.0.0.1',
      })),
    );
    const review = await send(t, 'GET', '/api/v1/admin/activity/review', { cookie: admin });
    expect(review.statusCode).toBe(200);
    const patterns = review.json<{ patterns: { kind: string; staff: { id: number } }[] }>()
      .patterns;
    expect(patterns.filter((p) => p.kind === 'MANY_CLIENTS')).toEqual([
      expect.objectContaining({
        kind: 'MANY_CLIENTS',
        staff: { id: t.users.admin.id, name: 'Anna Admin' },
        clients: MANY_CLIENTS_PER_DAY + 1,
      }),
    ]);
  });
});
