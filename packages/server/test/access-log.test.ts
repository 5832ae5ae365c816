// My account (issue 13): 'Vem har läst mina uppgifter' shows a USER the activity-log rows where
// staff read or changed her data, newest first and paged, only ever her own whatever ids she
// sends; and a password change ends her other sessions (sockets: live-wiring.test.ts).
import { accessLogPageSchema, myAccountSchema } from '@halsa/api/contract';
import { expect, it } from 'vitest';
import { describeDb, login, PASSWORD, send, sessionCookieOf, useTestApp } from './helpers.ts';

describeDb('my account: access log and password change', () => {
  const t = useTestApp();

  it('lists the staff reads of her data, newest first and paged; never another client’s', async () => {
    const staff = await login(t, t.users.staff.email);
    const admin = await login(t, t.users.admin.email);
    // staff read klient's data three times, admin once; klient2's data once
    for (const [cookie, url] of [
      [staff, `/api/v1/admin/lab-data/${t.users.klient.id}`],
      [staff, `/api/v1/admin/action-plan-data/${t.users.klient.id}`],
      [admin, `/api/v1/admin/lab-data/${t.users.klient.id}`],
      [staff, `/api/v1/admin/lab-data/${t.users.klient2.id}`],
    ] as const) {
      t.clock.advance(1000);
      expect((await send(t, 'GET', url, { cookie })).statusCode).toBe(200);
    }
    const klient = await login(t, t.users.klient.email);
    const res = await send(t, 'GET', '/api/v1/user/access-log?size=2', { cookie: klient });
    expect(res.statusCode).toBe(200);
    const first = accessLogPageSchema.parse(res.json());
    expect(first.total).toBe(3);
    expect(first.items.map((r) => [r.action, r.performedByRole])).toEqual([
      ['LAB_RESULTS_VIEWED', 'ADMIN'],
      ['ACTION_PLANS_VIEWED', 'STAFF'],
    ]);
    const second = accessLogPageSchema.parse(
      (await send(t, 'GET', '/api/v1/user/access-log?size=2&page=2', { cookie: klient })).json(),
    );
    expect(second.items.map((r) => r.action)).toEqual(['LAB_RESULTS_VIEWED']);
    expect(second.items[0]!.performedByName).toBe('Sven Personal');
    // her own actions (logging in) are not staff reads
    expect([...first.items, ...second.items].every((r) => r.performedByRole !== null)).toBe(true);

    // klient2 asks with klient's id: she gets her own one row
    const klient2 = await login(t, t.users.klient2.email);
    const hers = accessLogPageSchema.parse(
      (
        await send(t, 'GET', `/api/v1/user/access-log?userId=${t.users.klient.id}`, {
          cookie: klient2,
        })
      ).json(),
    );
    expect(hers.total).toBe(1);
    // staff cannot call it; bad paging is a Swedish 400
    expect((await send(t, 'GET', '/api/v1/user/access-log', { cookie: staff })).statusCode).toBe(
      403,
    );
    const bad = await send(t, 'GET', '/api/v1/user/access-log?page=0', { cookie: klient });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Sidan måste vara 1 eller högre.');
    expect((await send(t, 'GET', '/api/v1/user/access-log')).statusCode).toBe(401);
  });

  it('her account: own e-mail and (USER) personal details, whatever id is sent; staff without personal details', async () => {
    const klient = await login(t, t.users.klient.email);
    const mine = myAccountSchema.parse(
      (
        await send(t, 'GET', `/api/v1/user/account?userId=${t.users.klient2.id}`, {
          cookie: klient,
        })
      ).json(),
    );
    expect(mine.email).toBe(t.users.klient.email);
    expect(mine.role).toBe('USER');
    expect(mine.personal).not.toBeNull();
    const staff = myAccountSchema.parse(
      (
        await send(t, 'GET', '/api/v1/user/account', {
          cookie: await login(t, t.users.staff.email),
        })
      ).json(),
    );
    expect(staff).toMatchObject({ email: t.users.staff.email, role: 'STAFF', personal: null });
    expect((await send(t, 'GET', '/api/v1/user/account')).statusCode).toBe(401);
  });

  it('changing the password ends her other sessions and keeps this one (under a new id); a wrong current password changes nothing', async () => {
    const here = await login(t, t.users.klient2.email);
    const other = await login(t, t.users.klient2.email);
    const wrong = await send(t, 'POST', '/api/v1/user/change-password', {
      cookie: here,
      body: { currentPassword: 'Fel-lösenord1', newPassword: 'NyttLösen2026!' },
    });
    expect(wrong.statusCode).toBe(400);
    expect((await send(t, 'GET', '/api/v1/auth/me', { cookie: other })).statusCode).toBe(200);

    const changed = await send(t, 'POST', '/api/v1/user/change-password', {
      cookie: here,
      body: { currentPassword: PASSWORD, newPassword: 'NyttLösen2026!' },
    });
    expect(changed.statusCode).toBe(204);
    const renewed = sessionCookieOf(changed)!;
    expect((await send(t, 'GET', '/api/v1/auth/me', { cookie: renewed })).statusCode).toBe(200);
    const ended = await send(t, 'GET', '/api/v1/user/lab-results', { cookie: other });
    expect(ended.statusCode).toBe(401);
    await expect(login(t, t.users.klient2.email)).rejects.toThrow();
    expect(await login(t, t.users.klient2.email, 'NyttLösen2026!')).toMatch(/^halsa_session=/);
  });
});
