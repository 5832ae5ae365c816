// A deactivated account (design §4.14) gets no reset mail and its pending reset link is refused
// (issue 34 item 6): otherwise a reset would hand a new password to an account that was shut.
import { STAFF_MESSAGES } from '@halsa/api/contract';
import { expect, it } from 'vitest';
import { describeDb, login, send, useTestApp } from './helpers.ts';

describeDb('reset of a deactivated account (issue 34)', () => {
  const t = useTestApp();

  it('no mail, a pending link refused, staff cannot send one', async () => {
    const admin = await login(t, 'admin@example.com');
    const forgot = () =>
      send(t, 'POST', '/api/v1/auth/forgot-password', { body: { email: 'klient2@example.com' } });
    // A link she asked for while active …
    expect((await forgot()).statusCode).toBe(204);
    await t.app.ctx.tasks.idle();
    const mail = t.outbox.recent().find((m) => m.to === 'klient2@example.com');
    const token = decodeURIComponent(/reset-password\?token=([^\s&]+)/.exec(mail!.text)![1]!);
    // … then she is deactivated.
    const off = await send(t, 'POST', `/api/v1/admin/users/${t.users.klient2.id}/deactivate`, {
      cookie: admin,
      body: {},
    });
    expect(off.statusCode, off.body).toBe(200);
    const hashBefore = await passwordHashOf(t.users.klient2.id);

    const reset = await send(t, 'POST', '/api/v1/auth/reset-password', {
      body: { token, password: 'Ett-Nytt-Losen-34' },
    });
    expect(reset.statusCode).toBe(403);
    expect(reset.json().message).toBe(STAFF_MESSAGES.deactivated);
    expect(await passwordHashOf(t.users.klient2.id)).toBe(hashBefore);

    // A new request answers as for anyone (no enumeration), and mails nothing.
    const mails = t.outbox.recent().length;
    expect((await forgot()).statusCode).toBe(204);
    await t.app.ctx.tasks.idle();
    expect(t.outbox.recent()).toHaveLength(mails);

    // Staff's 'send reset link' says why nothing is sent.
    const link = await send(t, 'POST', `/api/v1/admin/send-reset-link/${t.users.klient2.id}`, {
      cookie: admin,
    });
    expect(link.statusCode).toBe(409);
    expect(link.json().message).toBe(STAFF_MESSAGES.deactivatedNoLink);
    expect(t.outbox.recent()).toHaveLength(mails);

    // Reactivated, her link works again (it was never used).
    await send(t, 'POST', `/api/v1/admin/users/${t.users.klient2.id}/reactivate`, {
      cookie: admin,
      body: {},
    });
    const again = await send(t, 'POST', '/api/v1/auth/reset-password', {
      body: { token, password: 'Ett-Nytt-Losen-34' },
    });
    expect(again.statusCode, again.body).toBe(204);
  });

  const passwordHashOf = async (id: number) =>
    (
      await t.db.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).password_hash;
});
