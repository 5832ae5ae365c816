// My account (issue 13, design §4.20): 'Vem har läst mina uppgifter' shows a USER one line per
// staff member and day with what was read, newest first and paged (lists and logs on request), only ever her own whatever ids she
// sends; and a password change ends her other sessions (sockets: live-wiring.test.ts).
import { accessLogPageSchema, myAccountSchema } from '@halsa/api/contract';
import { expect, it } from 'vitest';
import { describeDb, login, PASSWORD, send, sessionCookieOf, useTestApp } from './helpers.ts';

describeDb('my account: access log and password change', () => {
  const t = useTestApp();

  it('one line per person and day with what was read, newest first and paged; lists only on request; never another client’s', async () => {
    const staff = await login(t, t.users.staff.email);
    const admin = await login(t, t.users.admin.email);
    // staff read klient's files twice and lists her; admin once; klient2's data once
    for (const [cookie, url] of [
      [staff, `/api/v1/admin/lab-data/${t.users.klient.id}`],
      [staff, `/api/v1/admin/lab-data/${t.users.klient.id}`],
      [staff, `/api/v1/admin/action-plan-data/${t.users.klient.id}`],
      [staff, '/api/v1/admin/clients'],
      [admin, '/api/v1/admin/clients'],
      [admin, `/api/v1/admin/lab-data/${t.users.klient.id}`],
      [staff, `/api/v1/admin/lab-data/${t.users.klient2.id}`],
    ] as const) {
      t.clock.advance(1000);
      expect((await send(t, 'GET', url, { cookie })).statusCode).toBe(200);
    }
    const klient = await login(t, t.users.klient.email);
    const res = await send(t, 'GET', '/api/v1/user/access-log?size=1', { cookie: klient });
    expect(res.statusCode).toBe(200);
    const first = accessLogPageSchema.parse(res.json());
    expect(first.total).toBe(2);
    expect(first.items.map((r) => [r.performedByName, r.performedByRole, r.actions])).toEqual([
      ['Anna Admin', 'ADMIN', ['LAB_RESULTS_VIEWED']],
    ]);
    const second = accessLogPageSchema.parse(
      (await send(t, 'GET', '/api/v1/user/access-log?size=1&page=2', { cookie: klient })).json(),
    );
    // one line for Sven that day: each kind once, the most read first; the list not shown
    expect(second.items.map((r) => [r.performedByName, r.actions, r.emergency])).toEqual([
      ['Sven Personal', ['LAB_RESULTS_VIEWED', 'ACTION_PLANS_VIEWED'], null],
    ]);
    expect(second.items[0]!.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // 'Visa även listor och loggar': the client list appears too
    const withLists = accessLogPageSchema.parse(
      (await send(t, 'GET', '/api/v1/user/access-log?lists=true', { cookie: klient })).json(),
    );
    expect(withLists.items.map((r) => r.actions)).toEqual([
      ['CLIENT_LIST_VIEWED', 'LAB_RESULTS_VIEWED'],
      ['LAB_RESULTS_VIEWED', 'ACTION_PLANS_VIEWED', 'CLIENT_LIST_VIEWED'],
    ]);

    // klient2 asks with klient's id: she gets her own one line
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
