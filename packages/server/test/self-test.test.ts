// The self-check page's test notice (issue 13): sent to the caller only, listed among her
// notices as SELF_TEST (and pushed live after commit, like every notice), with the server's time.
import { selfTestResponseSchema } from '@halsa/api/contract';
import { expect, it } from 'vitest';
import { describeDb, login, send, useTestApp } from './helpers.ts';

describeDb('self-test notice', () => {
  const t = useTestApp();

  it('every role sends itself a test notice; nobody else gets one', async () => {
    for (const who of ['klient', 'staff', 'admin'] as const) {
      const cookie = await login(t, t.users[who].email);
      const res = await send(t, 'POST', `/api/v1/user/self-test?userId=${t.users.klient2.id}`, {
        cookie,
        body: {},
      });
      expect(res.statusCode, who).toBe(200);
      const body = selfTestResponseSchema.parse(res.json());
      expect(body.serverTime).toBe(t.clock.now().toISOString());
      const list = await send(t, 'GET', '/api/v1/user/notifications', { cookie });
      expect(list.json()).toContainEqual(
        expect.objectContaining({
          id: body.notificationId,
          type: 'SELF_TEST',
          message: 'Testnotis från Testsidan.',
          status: 'UNREAD',
        }),
      );
    }
    const others = await t.db.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', t.users.klient2.id)
      .where('type', '=', 'SELF_TEST')
      .execute();
    expect(others).toEqual([]);
    expect((await send(t, 'POST', '/api/v1/user/self-test', { body: {} })).statusCode).toBe(401);
  });
});
