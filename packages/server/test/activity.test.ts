// The activity log records auth events with actor, subject, action, IP and UTC time,
// and the database refuses to rewrite it. The staff list its 'Utförd av' filter is built from
// holds STAFF and ADMIN only, never a client (design §4.13).
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import type { Role } from '../src/db/schema.ts';
import {
  describeDb,
  insertUser,
  lastCode,
  login,
  send,
  sessionCookieOf,
  useTestApp,
} from './helpers.ts';

describeDb('activity log', () => {
  const t = useTestApp();

  it('records login failure, 2FA, login, logout, password change and invitation', async () => {
    const start = t.clock.now();
    await send(t, 'POST', '/api/v1/auth/authenticate', {
      body: { email: 'klient@example.com', password: 'Fel-lösen1' },
    });
    const auth = await send(t, 'POST', '/api/v1/auth/authenticate', {
      body: { email: 'klient@example.com', password: 'Halsa2026!' },
    });
    const twoFactorId = auth.json().message;
    const code = lastCode(t.outbox, 'klient@example.com');
    await send(t, 'POST', '/api/v1/auth/verify-2fa', {
      body: { twoFactorId, code: code === '000000' ? '111111' : '000000' },
    });
    const ok = await send(t, 'POST', '/api/v1/auth/verify-2fa', { body: { twoFactorId, code } });
    const cookie = `halsa_session=${ok.cookies[0]!.value}`;
    const changed = await send(t, 'POST', '/api/v1/user/change-password', {
      cookie,
      body: { currentPassword: 'Halsa2026!', newPassword: 'Halsa2026!X' },
    });
    // The change gives the session a new id (the old cookie no longer works).
    await send(t, 'POST', '/api/v1/user/logout', { cookie: sessionCookieOf(changed)! });
    const admin = await login(t, 'admin@example.com');
    await send(t, 'POST', '/api/v1/admin/invitations', {
      cookie: admin,
      body: { email: 'ny@example.com' },
    });

    const rows = await t.db.db
      .selectFrom('activity_log')
      .selectAll()
      .where('subject_user_id', '=', t.users.klient.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.action)).toEqual([
      'LOGIN_FAILED',
      'TWO_FACTOR_SENT',
      'TWO_FACTOR_FAILED',
      'LOGIN_SUCCEEDED',
      'PASSWORD_CHANGED',
      'LOGOUT',
    ]);
    for (const r of rows) {
      expect(r.ip_address).toBe('127.0.0.1');
      expect(r.created_at.getTime()).toBeGreaterThanOrEqual(start.getTime());
    }
    expect(rows.find((r) => r.action === 'LOGIN_SUCCEEDED')!.actor_user_id).toBe(t.users.klient.id);
    expect(rows.find((r) => r.action === 'LOGIN_FAILED')!.actor_user_id).toBeNull();
    const invitation = await t.db.db
      .selectFrom('activity_log')
      .selectAll()
      .where('action', '=', 'INVITATION_SENT')
      .executeTakeFirstOrThrow();
    expect(invitation.actor_user_id).toBe(t.users.admin.id);
    expect(invitation.details).toEqual({ email: 'ny@example.com' });
    // timestamps are timestamptz (UTC instants)
    const type = await sql<{
      t: string;
    }>`select pg_typeof(created_at)::text as t from activity_log limit 1`.execute(t.db.db);
    expect(type.rows[0]!.t).toBe('timestamp with time zone');
  });

  it('UPDATE, DELETE and TRUNCATE on activity_log raise', async () => {
    const before = await t.db.db.selectFrom('activity_log').selectAll().execute();
    expect(before.length).toBeGreaterThan(0);
    await expect(
      t.db.db.updateTable('activity_log').set({ action: 'X' }).execute(),
    ).rejects.toThrow(/endast för tillägg/);
    await expect(t.db.db.deleteFrom('activity_log').execute()).rejects.toThrow(
      /endast för tillägg/,
    );
    await expect(sql`truncate activity_log`.execute(t.db.db)).rejects.toThrow(/endast för tillägg/);
    expect(await t.db.db.selectFrom('activity_log').selectAll().execute()).toEqual(before);
  });

  it('the staff list: STAFF and ADMIN get every STAFF and ADMIN by name, never a client', async () => {
    const now = t.clock.now();
    const user = (email: string, role: Role, first: string, last: string) =>
      insertUser(t.db, { email, role, first, last, at: now });
    const asa = await user('asa.ek@example.com', 'STAFF', 'Åsa', 'Ek');
    const bo = await user('bo.berg@example.com', 'ADMIN', 'Bo', 'Berg');
    await user('alma@example.com', 'USER', 'Alma', 'Andersson');
    // By the name as shown, in Swedish order: Å comes after S.
    const expected = [
      { id: t.users.admin.id, firstName: 'Anna', lastName: 'Admin', role: 'ADMIN' },
      { id: bo.id, firstName: 'Bo', lastName: 'Berg', role: 'ADMIN' },
      { id: t.users.staff.id, firstName: 'Sven', lastName: 'Personal', role: 'STAFF' },
      { id: asa.id, firstName: 'Åsa', lastName: 'Ek', role: 'STAFF' },
    ];
    const logRows = async () =>
      Number(
        (
          await t.db.db
            .selectFrom('activity_log')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    for (const who of ['admin@example.com', 'staff@example.com']) {
      const cookie = await login(t, who);
      const before = await logRows();
      const res = await send(t, 'GET', '/api/v1/admin/staff', { cookie });
      expect(res.statusCode, who).toBe(200);
      const staff = res.json<{ role: string }[]>();
      expect(staff, who).toEqual(expected);
      expect(staff.every((s) => s.role === 'STAFF' || s.role === 'ADMIN')).toBe(true);
      // Names of staff are no client's data: no access row (audit 'none').
      expect(await logRows(), who).toBe(before);
    }
  });

  it('the staff list: a USER gets 403, nobody signed in 401', async () => {
    const cookie = await login(t, 'klient2@example.com');
    const asUser = await send(t, 'GET', '/api/v1/admin/staff', { cookie });
    expect(asUser.statusCode).toBe(403);
    expect(asUser.body).not.toContain('Personal');
    const anonymous = await send(t, 'GET', '/api/v1/admin/staff');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe('Du är inte inloggad.');
  });
});
