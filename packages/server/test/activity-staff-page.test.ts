// A STAFF member's page of the activity log under the care-team rule starts from her people
// (reader.ts `scopedRows`): each one's newest rows by the (subject, created_at) index, from a
// cutoff on, merged. It must give exactly the page the plain condition gives (every row tested
// along the time index), at every offset, with every filter, with rows of equal times, about
// no one, about staff, and about a client she reaches only by an emergency access.
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import type { ActivityAction } from '@halsa/api/contract';
import { listScope, type ListScope } from '../src/access/care-relation.ts';
import { ActivityReader, type LogFilter } from '../src/modules/activity/reader.ts';
import { describeDb, insertUser, login, send, useTestApp } from './helpers.ts';

describeDb('a STAFF member’s page of the activity log', () => {
  const t = useTestApp();

  /**
   * The log of a small clinic: 60 clients in her care team and 20 outside it, 1 500 rows a minute
   * apart (and 80 newer ones, below), every fourth at the time of the one before, spread unevenly: a fifth of her clients have no row
   * in the newest hours, the newest 20 rows are all one client's, the outsiders have most rows, the client of her emergency access only
   * old ones, and a page's people reach into the log to different depths.
   */
  let built: ReturnType<typeof build> | undefined;
  const clinic = () => (built ??= build());
  async function build() {
    const at = t.clock.now();
    const person = (email: string, role: 'USER' | 'STAFF', first: string, last: string) =>
      insertUser(t.db, { email, role, first, last, at });
    const outsider = await person('utanfor@example.com', 'USER', 'Olga', 'Utanför');
    const urgent = await person('akut@example.com', 'USER', 'Aina', 'Akut');
    const coach2 = await person('coach2@example.com', 'STAFF', 'Cecilia', 'Coach');
    const many = async (n: number, prefix: string) =>
      (
        await sql<{
          id: number;
        }>`insert into users (email, role, first_name, last_name, created_at, updated_at)
          select ${prefix} || g || '@example.com', 'USER', 'Klient', ${prefix} || g, ${at}, ${at}
          from generate_series(1, ${n}::integer) g returning id`.execute(t.db.db)
      ).rows.map((r) => r.id);
    const team = [t.users.klient.id, t.users.klient2.id, ...(await many(58, 'team'))];
    const outside = [outsider.id, ...(await many(19, 'ute'))];
    await sql`insert into care_team_members (client_id, staff_id, added_by, added_at)
      select c, ${t.users.staff.id}::integer, null, ${at}
      from unnest(${sql.val(team)}::integer[]) c on conflict do nothing`.execute(t.db.db);
    await t.db.db
      .insertInto('emergency_accesses')
      .values({
        staff_id: t.users.staff.id,
        client_id: urgent.id,
        reason: 'OTHER',
        comment: 'test',
        opened_at: new Date(at.getTime() - 60_000),
        expires_at: new Date(at.getTime() + 3_600_000),
      })
      .execute();
    const actions: ActivityAction[] = ['CLIENT_VIEWED', 'LOGIN_SUCCEEDED', 'LAB_RESULTS_VIEWED'];
    const actors = [t.users.staff.id, coach2.id, t.users.admin.id];
    const rows = Array.from({ length: 1500 }, (_, i) => {
      const hour = Math.floor(i / 10); // 0 is the oldest
      const pick = (i * 7919) % 101;
      const subject =
        pick < 40
          ? outside[pick % outside.length]!
          : pick < 43
            ? hour < 30
              ? urgent.id
              : null
            : pick < 46
              ? coach2.id
              : pick < 48
                ? t.users.admin.id
                : team[(pick * 37 + hour) % (hour > 120 ? 48 : team.length)]!;
      return {
        action: actions[(i * 31) % 3]!,
        actor: actors[(i * 13) % 3]!,
        subject,
        // A minute apart, but every fourth row shares the time of the one before it.
        at: new Date(at.getTime() - (1510 - i + (i % 4 === 3 ? 1 : 0)) * 60_000),
      };
    });
    // Then, newer than all of those, one row about each client of her team, so the newest
    // rows hold each of them once and thinly: a cutoff taken one entry too shallow falls among
    // them, where fewer rows lie than a page past 100 needs.
    team.forEach((subject, j) =>
      rows.push({
        action: 'CLIENT_VIEWED',
        actor: coach2.id,
        subject,
        at: new Date(at.getTime() - (100 + j) * 1000),
      }),
    );
    // The newest 20 are all about one client: a page can come whole from one person's rows.
    for (let i = 0; i < 20; i++)
      rows.push({
        action: 'CLIENT_VIEWED',
        actor: t.users.staff.id,
        subject: t.users.klient.id,
        at: new Date(at.getTime() - (20 - i) * 1000),
      });
    await sql`insert into activity_log (action, actor_user_id, subject_user_id, ip_address, created_at)
      select r.action, r.actor, r.subject, '10.0.0.9', r.at
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as r(action text, actor integer, subject integer, at timestamptz)`.execute(t.db.db);
    return { outsider, urgent, coach2 };
  }

  it('gives the page the plain condition gives, at every offset and with every filter', async () => {
    const { outsider, coach2 } = await clinic();
    const reader = new ActivityReader(t.db.db, t.clock);
    const scope = await listScope(
      t.db.db,
      { role: 'STAFF', userId: t.users.staff.id },
      t.clock.now(),
    );
    expect(scope.ids({ nullable: true })).not.toBeNull();
    // The same condition, tested row by row along the time index, as before scopedRows.
    const plain: ListScope = Object.assign((...args: Parameters<ListScope>) => scope(...args), {
      ids: () => null,
    });
    const filters: Omit<LogFilter, 'scope'>[] = [
      {},
      { action: 'CLIENT_VIEWED' },
      { performedBy: coach2.id },
      { action: 'LAB_RESULTS_VIEWED', performedBy: t.users.admin.id },
    ];
    let compared = 0;
    for (const filter of filters) {
      for (const [page, size] of [
        [1, 1],
        [1, 7],
        [2, 7],
        [5, 7],
        [3, 3],
        [1, 50],
        [2, 50],
        [3, 50],
        [9, 50],
        // Reaching past 100 rows, each person is read two entries deep for the cutoff.
        [3, 35],
        [2, 55],
        [1, 120],
        [40, 7],
        [400, 7],
      ] as const) {
        const got = await reader.page({ ...filter, scope }, { page, size });
        const want = await reader.page({ ...filter, scope: plain }, { page, size });
        expect(got, JSON.stringify({ filter, page, size })).toEqual(want);
        compared += got.items.length;
      }
      const list = await reader.list({ ...filter, scope });
      expect(list).toEqual(await reader.list({ ...filter, scope: plain }));
    }
    expect(compared).toBeGreaterThan(500);
    // The whole list holds her people, staff and no one: never the outsider.
    const all = await reader.list({ scope });
    expect(all.length).toBeGreaterThan(100);
    expect(all.some((r) => r.subjectUserName === 'Olga Utanför')).toBe(false);
    expect(all.some((r) => r.subjectUserName === 'Aina Akut')).toBe(true);
    expect(all.some((r) => r.subjectUserName === null)).toBe(true);
    expect(all.some((r) => r.subjectUserName === 'Cecilia Coach')).toBe(true);
    expect(outsider.id).toBeGreaterThan(0);
  });

  it('over the route: the page, its total and one access row per client on it', async () => {
    const { outsider } = await clinic();
    const staff = await login(t, t.users.staff.email);
    const res = await send(t, 'GET', '/api/v1/admin/get-logs?page=1&size=50', { cookie: staff });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ items: { subjectUserName: string | null }[]; total: number }>();
    expect(body.items).toHaveLength(50);
    expect(body.items.map((i) => i.subjectUserName)).not.toContain('Olga Utanför');
    const outsiderRows = await t.db.db
      .selectFrom('activity_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('subject_user_id', '=', outsider.id)
      .executeTakeFirstOrThrow();
    const everyRow = await t.db.db
      .selectFrom('activity_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    // The total counts every row but the outsider's (this page's own access rows are written
    // after it is read).
    expect(body.total).toBeLessThan(Number(everyRow.n) - Number(outsiderRows.n) + 1);
    expect(body.total).toBeGreaterThan(200);
    const viewed = await t.db.db
      .selectFrom('activity_log')
      .select('subject_user_id')
      .where('action', '=', 'ACTIVITY_LOG_VIEWED')
      .execute();
    expect(viewed.map((r) => r.subject_user_id)).not.toContain(outsider.id);
    expect(viewed.length).toBeGreaterThan(0);
  });
});
