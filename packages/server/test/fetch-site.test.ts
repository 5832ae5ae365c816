// Sec-Fetch-Site (issue 16 §5): a hostile page cannot make a signed-in browser write "staff read
// client" rows. API requests marked cross-site are refused before anything runs; portal pages
// (the targets of mail links) still open from another site.
import { expect, it } from 'vitest';
import { describeDb, login, send, useTestApp } from './helpers.ts';

describeDb('cross-site requests', () => {
  const t = useTestApp();

  const logCount = async () =>
    Number(
      (
        await t.db.db
          .selectFrom('activity_log')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('a cross-site GET of a client record is refused and writes no log row', async () => {
    const cookie = await login(t, 'staff@example.com');
    const url = `/api/v1/admin/clients/${t.users.klient.id}`;
    const before = await logCount();
    const res = await send(t, 'GET', url, {
      cookie,
      headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Förfrågan kommer från ett otillåtet ursprung.');
    expect(await logCount()).toBe(before);

    // The same read from the portal itself is served and logged.
    const own = await send(t, 'GET', url, { cookie, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(own.statusCode).toBe(200);
    expect(await logCount()).toBe(before + 1);
  });

  it('refuses cross-site changes too', async () => {
    const cookie = await login(t, 'klient@example.com');
    const res = await send(t, 'POST', '/api/v1/user/logout', {
      cookie,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
    expect((await send(t, 'GET', '/api/v1/auth/me', { cookie })).statusCode).toBe(200);
  });

  it('mail links (top-level navigations to portal pages) still open from another site', async () => {
    for (const page of [
      '/reset-password?token=abc',
      '/new-password?token=abc',
      '/register?token=abc',
      '/login',
    ]) {
      const res = await send(t, 'GET', page, {
        headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
      });
      expect(res.statusCode, page).toBe(200);
    }
    // A typed address or bookmark (none) and requests without the header are untouched.
    const none = await send(t, 'GET', '/api/v1/auth/me', { headers: { 'sec-fetch-site': 'none' } });
    expect(none.statusCode).toBe(401);
  });
});
