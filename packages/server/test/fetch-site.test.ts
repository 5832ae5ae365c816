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

  it('an encoded or roundabout path to the API is refused as well (issue 22)', async () => {
    // The router decodes `/%61pi/…` and runs the `/api/…` handler; the guard must see the route
    // the router matched, not the raw text of the request line.
    const cookie = await login(t, 'staff@example.com');
    const id = t.users.klient.id;
    const crossSite = { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' };
    const before = await logCount();
    for (const url of [
      `/%61pi/v1/admin/clients/${id}`,
      `/%61%70%69/v1/admin/clients/${id}`,
      `/%61pi/v1/admin/clients/${id}/`,
      `/./api/v1/admin/clients/${id}`,
      `/x/../api/v1/admin/clients/${id}`,
    ]) {
      const res = await send(t, 'GET', url, { cookie, headers: crossSite });
      expect(res.statusCode, url).toBe(403);
    }
    // Paths the router cannot decode, or does not take for the API (it is case-sensitive and
    // keeps duplicate slashes), reach no API handler: a 400, or the portal's page.
    for (const url of [
      `/%61pi/v1/admin/clients/%ZZ`,
      `/%ZZ/v1/admin/clients/${id}`,
      `//api/v1/admin/clients/${id}`,
      `/API/v1/admin/clients/${id}`,
    ]) {
      const res = await send(t, 'GET', url, { cookie, headers: crossSite });
      expect(res.body, url).not.toContain('"lastName"');
    }
    expect(await logCount()).toBe(before);
    const change = await send(t, 'POST', '/%61pi/v1/user/logout', { cookie, headers: crossSite });
    expect(change.statusCode).toBe(403);

    // The same encoded address from the portal itself is still served (and logged).
    const own = await send(t, 'GET', `/%61pi/v1/admin/clients/${id}`, {
      cookie,
      headers: { 'sec-fetch-site': 'same-origin' },
    });
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
