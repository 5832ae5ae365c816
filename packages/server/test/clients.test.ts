// Client management on the server (spec §6, §7 Administration, §9): the role matrix of every
// route, a missing client, paging and search, the activity log with one access row per staff
// read, CSV exports that open right in Swedish spreadsheets, and reset links.
import { expect, it } from 'vitest';
import { describeDb, login, send, type TestApp, useTestApp } from './helpers.ts';

type Who = 'anonymous' | 'USER' | 'STAFF' | 'ADMIN';
const EMAIL: Record<Exclude<Who, 'anonymous'>, string> = {
  USER: 'klient@example.com',
  STAFF: 'staff@example.com',
  ADMIN: 'admin@example.com',
};

async function cookies(t: TestApp): Promise<Record<Who, string | undefined>> {
  return {
    anonymous: undefined,
    USER: await login(t, EMAIL.USER),
    STAFF: await login(t, EMAIL.STAFF),
    ADMIN: await login(t, EMAIL.ADMIN),
  };
}

const logRows = (t: TestApp, action: string) =>
  t.db.db
    .selectFrom('activity_log')
    .select(['actor_user_id', 'subject_user_id', 'ip_address'])
    .where('action', '=', action)
    .orderBy('id')
    .execute();

describeDb('client management routes', () => {
  const t = useTestApp();

  it('role matrix: anonymous 401, USER 403, STAFF reads, only ADMIN exports and sends links', async () => {
    const c = await cookies(t);
    const k = t.users.klient.id;
    const routes: [string, string, Who[]][] = [
      ['GET', '/api/v1/admin/clients', ['STAFF', 'ADMIN']],
      ['GET', `/api/v1/admin/clients/${k}`, ['STAFF', 'ADMIN']],
      ['GET', `/api/v1/admin/subject/${k}`, ['STAFF', 'ADMIN']],
      ['GET', '/api/v1/admin/get-logs', ['STAFF', 'ADMIN']],
      ['GET', `/api/v1/admin/users/${k}/journal/daily-notes/latest-signed`, ['STAFF', 'ADMIN']],
      ['GET', '/api/v1/admin/export-logs?interval=30dagar', ['ADMIN']],
      ['GET', `/api/v1/admin/subject/${k}/export-logs?interval=1ar`, ['ADMIN']],
      ['POST', `/api/v1/admin/send-reset-link/${k}`, ['ADMIN']],
    ];
    for (const [method, url, allowed] of routes) {
      for (const who of ['anonymous', 'USER', 'STAFF', 'ADMIN'] as Who[]) {
        const res = await send(t, method as 'GET', url, { cookie: c[who] });
        const expected = who === 'anonymous' ? 401 : allowed.includes(who) ? 'ok' : 403;
        const where = `${who} ${method} ${url}: ${res.statusCode} ${res.body.slice(0, 120)}`;
        if (expected === 'ok') expect(res.statusCode, where).toBeLessThan(300);
        else expect(res.statusCode, where).toBe(expected);
      }
    }
  });

  it('a client that does not exist, or a staff id, is 404 in Swedish on every client route', async () => {
    const { ADMIN } = await cookies(t);
    for (const id of [999_999, t.users.staff.id, 99_999_999_999]) {
      for (const [method, url] of [
        ['GET', `/api/v1/admin/clients/${id}`],
        ['GET', `/api/v1/admin/subject/${id}`],
        ['GET', `/api/v1/admin/subject/${id}/export-logs?interval=all`],
        ['GET', `/api/v1/admin/users/${id}/journal/daily-notes/latest-signed`],
        ['POST', `/api/v1/admin/send-reset-link/${id}`],
      ] as const) {
        const res = await send(t, method, url, { cookie: ADMIN });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().message).toBe('Klienten hittades inte.');
      }
    }
  });

  it('an interval outside spec §9 is 400 with a Swedish message', async () => {
    const { ADMIN } = await cookies(t);
    for (const url of [
      '/api/v1/admin/export-logs?interval=3veckor',
      `/api/v1/admin/subject/${t.users.klient.id}/export-logs?interval=`,
      `/api/v1/admin/subject/${t.users.klient.id}/export-logs`,
    ]) {
      const res = await send(t, 'GET', url, { cookie: ADMIN });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toMatch(/intervall|saknas/i);
    }
    for (const interval of ['all', '2veckor', '30dagar', '3man', '6man', '1ar']) {
      const res = await send(t, 'GET', `/api/v1/admin/export-logs?interval=${interval}`, {
        cookie: ADMIN,
      });
      expect(res.statusCode, interval).toBe(200);
    }
  });

  it('the bare list is every client; a page is searched by name, e-mail or personal number', async () => {
    const { STAFF } = await cookies(t);
    const bare = await send(t, 'GET', '/api/v1/admin/clients', { cookie: STAFF });
    expect(
      bare
        .json()
        .map((c: { email: string }) => c.email)
        .sort(),
    ).toEqual(['klient2@example.com', 'klient@example.com']);
    const page = await send(t, 'GET', '/api/v1/admin/clients?q=kari&size=10', { cookie: STAFF });
    expect(page.json()).toMatchObject({ total: 1, page: 1, size: 10 });
    expect(page.json().items[0].email).toBe('klient@example.com');
    const byMail = await send(t, 'GET', '/api/v1/admin/clients?q=KLIENT2@&page=1', {
      cookie: STAFF,
    });
    expect(byMail.json().items.map((c: { email: string }) => c.email)).toEqual([
      'klient2@example.com',
    ]);
    await t.db.db
      .insertInto('client_profiles')
      .values({
        user_id: t.users.klient2.id,
        social_security_number: '19720118-4417',
        created_at: new Date(),
        updated_at: new Date(),
      })
      .execute();
    const bySsn = await send(t, 'GET', '/api/v1/admin/clients?q=7201184417&page=1', {
      cookie: STAFF,
    });
    expect(bySsn.json().items.map((c: { id: number }) => c.id)).toEqual([t.users.klient2.id]);
    const reversed = await send(t, 'GET', '/api/v1/admin/clients?q=klientsson%20kalle&page=1', {
      cookie: STAFF,
    });
    expect(reversed.json().items.map((c: { id: number }) => c.id)).toEqual([t.users.klient2.id]);
    const wild = await send(t, 'GET', '/api/v1/admin/clients?q=%25&page=1', { cookie: STAFF });
    expect(wild.json().total).toBe(0);
    const tooBig = await send(t, 'GET', '/api/v1/admin/clients?size=500', { cookie: STAFF });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().message).toBe('Högst 200 rader per sida.');
  });

  it('every staff read of a client is one access row with who, whom and IP; the list one row', async () => {
    const { STAFF } = await cookies(t);
    const k = t.users.klient.id;
    const before = (await logRows(t, 'CLIENT_VIEWED')).length;
    const read = await send(t, 'GET', `/api/v1/admin/clients/${k}`, { cookie: STAFF });
    expect(read.statusCode).toBe(200);
    const viewed = await logRows(t, 'CLIENT_VIEWED');
    expect(viewed.slice(before)).toEqual([
      { actor_user_id: t.users.staff.id, subject_user_id: k, ip_address: '127.0.0.1' },
    ]);
    const listBefore = (await logRows(t, 'CLIENT_LIST_VIEWED')).length;
    const list = await send(t, 'GET', '/api/v1/admin/clients?page=1', { cookie: STAFF });
    expect(list.statusCode).toBe(200);
    expect((await logRows(t, 'CLIENT_LIST_VIEWED')).length).toBe(listBefore + 1);
  });

  it("a client's log is newest first, in Swedish codes, and reading it logs exactly one row", async () => {
    const { STAFF } = await cookies(t);
    const k = t.users.klient.id;
    const reads = async () => (await logRows(t, 'ACTIVITY_LOG_VIEWED')).length;
    const before = await reads();
    const res = await send(t, 'GET', `/api/v1/admin/subject/${k}?page=1&size=5`, {
      cookie: STAFF,
    });
    expect(res.statusCode).toBe(200);
    const { items, total } = res.json();
    expect(total).toBeGreaterThan(0);
    const times = items.map((l: { timestamp: string }) => l.timestamp);
    expect([...times].sort().reverse()).toEqual(times);
    expect(
      items.every((l: { subjectUserName: string }) => l.subjectUserName === 'Karin Klient'),
    ).toBe(true);
    // The read that returned the page is not in it, and it is one row, not one per log row.
    expect(items.some((l: { action: string }) => l.action === 'ACTIVITY_LOG_VIEWED')).toBe(false);
    expect(await reads()).toBe(before + 1);
  });

  it('CSV: BOM, ";", Swedish header and time, formula cells neutralised, streamed whole', async () => {
    const { ADMIN } = await cookies(t);
    const now = new Date('2026-07-01T10:15:30Z'); // summer: Swedish time is UTC+2
    const evil = await t.db.db
      .insertInto('users')
      .values({
        email: 'evil@example.com',
        password_hash: null,
        role: 'USER',
        first_name: '=HYPERLINK("http://x")',
        last_name: 'Test',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.db
      .insertInto('activity_log')
      .values([
        {
          action: 'CLIENT_VIEWED',
          actor_user_id: t.users.admin.id,
          subject_user_id: evil.id,
          ip_address: '+46;1',
          created_at: now,
        },
        {
          action: 'LOGIN_FAILED',
          actor_user_id: null,
          subject_user_id: evil.id,
          ip_address: '@x',
          created_at: now,
        },
      ])
      .execute();
    const res = await send(t, 'GET', `/api/v1/admin/subject/${evil.id}/export-logs?interval=all`, {
      cookie: ADMIN,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="aktivitetslogg_klient-\d+_\d{4}-\d\d-\d\d_all\.csv"$/,
    );
    const body = res.rawPayload.toString('utf8');
    expect(body.startsWith('\uFEFF')).toBe(true);
    const lines = body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Tidpunkt;Händelse;Utförd av;Berörd klient;IP-adress');
    expect(lines).toContain(
      `2026-07-01 12:15:30;Visade klientöversikt;Anna Admin;"'=HYPERLINK(""http://x"") Test";"'+46;1"`,
    );
    expect(lines).toContain(
      `2026-07-01 12:15:30;Misslyckad inloggning;Okänd användare;"'=HYPERLINK(""http://x"") Test";'@x`,
    );
    // The export itself is one row about that client.
    const exported = await logRows(t, 'ACTIVITY_LOG_EXPORTED');
    expect(exported.at(-1)).toMatchObject({
      actor_user_id: t.users.admin.id,
      subject_user_id: evil.id,
    });
  });

  it('an export of many rows arrives whole, in order, in batches', async () => {
    const { ADMIN } = await cookies(t);
    const start = Date.parse('2026-01-01T00:00:00Z');
    const rows = Array.from({ length: 12_000 }, (_, i) => ({
      action: 'LOGIN_SUCCEEDED',
      actor_user_id: t.users.klient2.id,
      subject_user_id: t.users.klient2.id,
      ip_address: `10.0.0.${i % 250}`,
      created_at: new Date(start + i * 1000),
    }));
    for (let i = 0; i < rows.length; i += 2000) {
      await t.db.db
        .insertInto('activity_log')
        .values(rows.slice(i, i + 2000))
        .execute();
    }
    const res = await send(
      t,
      'GET',
      `/api/v1/admin/subject/${t.users.klient2.id}/export-logs?interval=all`,
      { cookie: ADMIN },
    );
    const lines = res.rawPayload.toString('utf8').slice(1).trimEnd().split('\r\n').slice(1);
    const logins = lines.filter((l) => l.includes(';Loggade in;'));
    expect(logins).toHaveLength(12_000);
    expect(logins[0]).toMatch(/^2026-01-01 04:19:59;/); // the newest first (UTC+1 in winter)
    expect(logins.at(-1)).toMatch(/^2026-01-01 01:00:00;/);
  });
});
