// New-user counts for the ADMIN's Hem tab: rolling 7, 30 and 365 days of new clients.
import { expect, it } from 'vitest';
import { describeDb, login, send, useTestApp } from './helpers.ts';

const DAY = 24 * 60 * 60 * 1000;

describeDb('admin user stats', () => {
  const t = useTestApp();

  it('counts clients created in the last week, month and year; only for ADMIN', async () => {
    const now = t.clock.now().getTime();
    const make = (email: string, daysAgo: number) =>
      t.db.db
        .insertInto('users')
        .values({
          email,
          password_hash: null,
          role: 'USER',
          image_file_id: null,
          created_at: new Date(now - daysAgo * DAY),
          updated_at: new Date(now - daysAgo * DAY),
          last_active_at: null,
        })
        .execute();
    const admin = await login(t, 'admin@example.com');
    const before = (await send(t, 'GET', '/api/v1/admin/user-stats', { cookie: admin })).json();

    await make('vecka@example.com', 2);
    await make('manad@example.com', 20);
    await make('ar@example.com', 200);
    await make('gammal@example.com', 800);
    await t.db.db
      .insertInto('users')
      .values({
        email: 'personal2@example.com',
        password_hash: null,
        role: 'STAFF',
        image_file_id: null,
        created_at: new Date(now - DAY),
        updated_at: new Date(now - DAY),
        last_active_at: null,
      })
      .execute();

    const res = await send(t, 'GET', '/api/v1/admin/user-stats', { cookie: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      weekly: before.weekly + 1,
      monthly: before.monthly + 2,
      yearly: before.yearly + 3,
    });

    const staff = await login(t, 'staff@example.com');
    expect((await send(t, 'GET', '/api/v1/admin/user-stats', { cookie: staff })).statusCode).toBe(
      403,
    );
    expect((await send(t, 'GET', '/api/v1/admin/user-stats')).statusCode).toBe(401);
  });
});
