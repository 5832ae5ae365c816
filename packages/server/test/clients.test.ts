// Client management on the server (spec §6, §7 Administration, §9): the role matrix of every
// route, a missing client, paging and search, the activity log with one access row per staff
// read, CSV exports that open right in Swedish spreadsheets, and reset links.
import { sql } from 'kysely';
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

  it('the list sorts, filters by status and counts every match on any page', async () => {
    // ADMIN: these 30 clients are in nobody's care team, so a STAFF member would not list them.
    const { ADMIN: STAFF } = await cookies(t);
    const at = new Date('2026-03-01T00:00:00Z');
    await t.db.db
      .insertInto('users')
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          email: `sokbar${i + 1}@example.com`,
          role: 'USER' as const,
          first_name: `Test${String(i + 1).padStart(2, '0')}`,
          last_name: 'Sökbar',
          registration_status: i % 2 === 0 ? ('INVITED' as const) : ('REGISTERED' as const),
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    const list = async (query: string) => {
      const res = await send(t, 'GET', `/api/v1/admin/clients?${query}`, { cookie: STAFF });
      expect(res.statusCode, query).toBe(200);
      return res.json() as {
        items: { firstName: string; registrationStatus: string }[];
        total: number;
      };
    };
    // Upper-case Swedish letters find lower-case ones; a page past the end still counts them all.
    expect(await list('q=S%C3%96KBAR&size=10&page=4')).toMatchObject({ items: [], total: 30 });
    const invited = await list('q=s%C3%B6kbar&status=INVITED&size=50');
    expect(invited.total).toBe(15);
    expect(invited.items.every((c) => c.registrationStatus === 'INVITED')).toBe(true);
    const desc = await list('q=s%C3%B6kbar&sort=name&order=desc&size=10&page=1');
    expect(desc.items.map((c) => c.firstName).slice(0, 3)).toEqual(['Test30', 'Test29', 'Test28']);
    const second = await list('q=s%C3%B6kbar%20test1&size=5&page=2');
    expect(second.total).toBe(10); // Test10–Test19: every word, in any order
    expect(second.items.map((c) => c.firstName)).toEqual([
      'Test15',
      'Test16',
      'Test17',
      'Test18',
      'Test19',
    ]);
  });

  it("STAFF's pages of her care team: the total in the page's own statement, and past the end counted apart", async () => {
    const { STAFF, ADMIN } = await cookies(t);
    const at = new Date('2026-03-01T00:00:00Z');
    const team = await t.db.db
      .insertInto('users')
      .values(
        Array.from({ length: 23 }, (_, i) => ({
          email: `team${i + 1}@example.com`,
          role: 'USER' as const,
          first_name: `Team${String(i + 1).padStart(2, '0')}`,
          last_name: 'Sida',
          registration_status: 'REGISTERED' as const,
          created_at: at,
          updated_at: at,
        })),
      )
      .returning('id')
      .execute();
    // Seven of them are not hers: never shown, never counted.
    await t.db.db
      .insertInto('care_team_members')
      .values(
        team.slice(0, 16).map((c) => ({
          client_id: c.id,
          staff_id: t.users.staff.id,
          added_by: null,
          added_at: at,
        })),
      )
      .execute();
    const list = async (cookie: string | undefined, query: string) => {
      const res = await send(t, 'GET', `/api/v1/admin/clients?${query}`, { cookie });
      expect(res.statusCode, query).toBe(200);
      return res.json() as { items: { firstName: string }[]; total: number };
    };
    const names = (p: { items: { firstName: string }[] }) => p.items.map((c) => c.firstName);
    const first = await list(STAFF, 'q=sida&size=5&page=1&sort=name&order=desc');
    expect(first.total).toBe(16);
    expect(names(first)).toEqual(['Team16', 'Team15', 'Team14', 'Team13', 'Team12']);
    const last = await list(STAFF, 'q=sida&size=5&page=4&sort=name&order=desc');
    expect(last).toMatchObject({ total: 16 });
    expect(names(last)).toEqual(['Team01']);
    expect(await list(STAFF, 'q=sida&size=5&page=5')).toMatchObject({ items: [], total: 16 });
    expect(await list(STAFF, 'q=nobody&size=5&page=1')).toMatchObject({ items: [], total: 0 });
    // ADMIN sees all 23, the same way paged.
    expect((await list(ADMIN, 'q=sida&size=5&page=1')).total).toBe(23);
    expect(await list(ADMIN, 'q=sida&size=5&page=6')).toMatchObject({ items: [], total: 23 });
  });

  it('the whole log filters by action and by person, paged, newest first', async () => {
    const { STAFF } = await cookies(t);
    const start = Date.parse('2026-03-01T00:00:00Z');
    await t.db.db
      .insertInto('activity_log')
      .values(
        Array.from({ length: 40 }, (_, i) => ({
          action: 'RESET_LINK_SENT',
          actor_user_id: i < 30 ? t.users.staff.id : t.users.admin.id,
          subject_user_id: t.users.klient.id,
          ip_address: '10.2.0.1',
          created_at: new Date(start + i * 60_000),
        })),
      )
      .execute();
    const res = await send(
      t,
      'GET',
      `/api/v1/admin/get-logs?action=RESET_LINK_SENT&performedBy=${t.users.staff.id}&page=2&size=10`,
      { cookie: STAFF },
    );
    expect(res.statusCode).toBe(200);
    const { items, total } = res.json();
    expect(total).toBe(30);
    expect(items).toHaveLength(10);
    expect(
      items.every(
        (l: { action: string; performedByName: string }) =>
          l.action === 'RESET_LINK_SENT' && l.performedByName === 'Sven Personal',
      ),
    ).toBe(true);
    // Page 2 of the newest first: the 11th to the 20th newest of the 30.
    expect(items[0].timestamp).toBe(new Date(start + 19 * 60_000).toISOString());
    expect(items[9].timestamp).toBe(new Date(start + 10 * 60_000).toISOString());
  });

  it('every staff read of a client is one access row with who, whom and IP; the list one per client on it', async () => {
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
    // Design §4.14: each client on the page has the read in her own access log.
    const listed = (await logRows(t, 'CLIENT_LIST_VIEWED')).slice(listBefore);
    const onPage = list.json().items.map((c: { id: number }) => c.id);
    expect(onPage.length).toBeGreaterThan(0);
    expect(listed.map((r) => r.subject_user_id).sort()).toEqual([...onPage].sort());
    // The personal number is masked in a list, whole on the client's page.
    expect(
      list.json().items.map((c: { socialSecurityNumber: string | null }) => c.socialSecurityNumber),
    ).not.toContain('19850412-2381');
    for (const c of list.json().items as { socialSecurityNumber: string | null }[])
      if (c.socialSecurityNumber) expect(c.socialSecurityNumber).toMatch(/^\d{8}-\*{4}$/);
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

  it('export times are Swedish across both daylight-saving changes, as the database makes them', async () => {
    const { ADMIN } = await cookies(t);
    const at = [
      ['2026-01-15T12:00:00.000Z', '2026-01-15 13:00:00'],
      ['2026-07-15T12:00:00.000Z', '2026-07-15 14:00:00'],
      // 29 March 2026, 01:00 UTC: clocks go from 02:00 to 03:00.
      ['2026-03-29T00:59:59.000Z', '2026-03-29 01:59:59'],
      ['2026-03-29T01:00:00.000Z', '2026-03-29 03:00:00'],
      // 25 October 2026, 01:00 UTC: clocks go from 03:00 back to 02:00.
      ['2026-10-25T00:30:00.000Z', '2026-10-25 02:30:00'],
      ['2026-10-25T01:30:00.000Z', '2026-10-25 02:30:00'],
    ] as const;
    await t.db.db
      .insertInto('activity_log')
      .values(
        at.map(([utc], i) => ({
          action: 'LOGIN_SUCCEEDED',
          actor_user_id: t.users.klient2.id,
          subject_user_id: t.users.klient2.id,
          ip_address: `10.3.0.${i}`,
          created_at: new Date(utc),
        })),
      )
      .execute();
    const res = await send(
      t,
      'GET',
      `/api/v1/admin/subject/${t.users.klient2.id}/export-logs?interval=all`,
      { cookie: ADMIN },
    );
    const times = new Map(
      res.rawPayload
        .toString('utf8')
        .split('\r\n')
        .map((l) => l.split(';'))
        .filter((cells) => cells.at(-1)?.startsWith('10.3.0.'))
        .map((cells) => [cells.at(-1), cells[0]]),
    );
    expect(at.map((_, i) => times.get(`10.3.0.${i}`))).toEqual(at.map(([, swedish]) => swedish));
  });

  it('an export misses no row when many share one timestamp to the microsecond across batches', async () => {
    const { ADMIN } = await cookies(t);
    // Written by the database, so the times carry microseconds a JS Date cannot hold.
    await sql`
      insert into activity_log (action, actor_user_id, subject_user_id, ip_address, created_at)
      select 'LOGIN_SUCCEEDED', ${t.users.klient2.id}, ${t.users.klient2.id}, '10.1.' || g,
             timestamptz '2026-02-01 12:00:00.123456+00' - (g / 1500) * interval '1 second'
      from generate_series(1, 3500) g`.execute(t.db.db);
    const res = await send(
      t,
      'GET',
      `/api/v1/admin/subject/${t.users.klient2.id}/export-logs?interval=all`,
      { cookie: ADMIN },
    );
    const ips = res.rawPayload
      .toString('utf8')
      .split('\r\n')
      .map((l) => l.split(';').at(-1)!)
      .filter((ip) => ip.startsWith('10.1.'));
    expect(ips).toHaveLength(3500);
    expect(new Set(ips).size).toBe(3500);
  });
});
