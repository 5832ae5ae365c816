// The figures ADMIN reads on every view, kept by the log's trigger (migration 0034, issue 38
// item 4) instead of counted from the log: 'Logguppföljning's patterns come from staff_read_days
// and the whole log's total from activity_log_counts. For the same log they equal what the old
// queries counted from the log rows: the patterns (the query the card ran before, kept here)
// with emergency-access reads, ADMIN's reads, reads of a colleague, a client's own reads, rows
// written by the app one at a time and in batches and by a plain INSERT … SELECT; the migration's
// backfill gives the same counts as the trigger; a rolled-back row is never counted. 0037's
// set-based trigger counts an adversarial mix exactly as 0034's row loop did, and two writers
// reading one client at once count her once.
import { MANY_CLIENTS_PER_DAY, type ActivityAction } from '@halsa/api/contract';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { backfill, sql as sql0034 } from '../src/db/migrations/0034_log_rollups.ts';
import {
  addToCareTeam,
  describeDb,
  insertUser,
  login,
  PG_ADMIN_URL,
  send,
  TEST_DB,
  useTestApp,
} from './helpers.ts';

const DAY = 24 * 3_600_000;
/** A Swedish day, as the card names it: `2026-11-29`. */
const swedishDay = (at: Date) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(at);

/** The patterns as the card counted them before 0034: from the log rows since `since`. */
const oldPatterns = (since: Date) => sql<{
  kind: string;
  staff_id: number;
  day: string;
  clients: string;
}>`
  with staff as materialized (
    select id, role, first_name, last_name from users where role in ('STAFF', 'ADMIN')
  ), reads as (
    select a.actor_user_id as staff_id, a.subject_user_id as client_id,
           to_char(a.created_at at time zone 'Europe/Stockholm', 'YYYY-MM-DD') as day,
           coalesce(a.details ? 'emergencyAccessId', false) as emergency,
           s.role as staff_role
    from activity_log a
    join staff s on s.id = a.actor_user_id
    where a.created_at >= ${since} and a.subject_user_id is not null
      and a.subject_user_id not in (select id from staff)
  )
  select 'OUTSIDE_CARE_TEAM' as kind, r.staff_id, r.day, count(distinct r.client_id) as clients
  from reads r join staff u on u.id = r.staff_id
  where r.staff_role = 'STAFF' and not r.emergency
    and not exists (select 1 from care_team_members m
                    where m.staff_id = r.staff_id and m.client_id = r.client_id)
  group by r.staff_id, r.day
  union all
  select 'MANY_CLIENTS' as kind, r.staff_id, r.day, count(distinct r.client_id) as clients
  from reads r join staff u on u.id = r.staff_id
  group by r.staff_id, r.day
  having count(distinct r.client_id) > ${MANY_CLIENTS_PER_DAY}
  order by day desc, kind, staff_id
  limit 500`;

type Pattern = { kind: string; staff: { id: number }; day: string; clients: number };
const figures = (rows: { kind: string; staffId: number; day: string; clients: number }[]) =>
  rows.map((r) => `${r.day} ${r.kind} ${r.staffId}: ${r.clients}`);

describeDb('kept figures of the log (issue 38 item 4)', () => {
  const t = useTestApp();

  const card = async () => {
    const res = await send(t, 'GET', '/api/v1/admin/activity/review', {
      cookie: await login(t, t.users.admin.email),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{
      patterns: Pattern[];
      emergencyAccesses: { id: number; rows: number; read: { action: string; count: number }[] }[];
    }>();
  };
  const cardFigures = async () =>
    figures(
      (await card()).patterns.map((p) => ({
        kind: p.kind,
        staffId: p.staff.id,
        day: p.day,
        clients: p.clients,
      })),
    );
  const oldFigures = async (since: Date) =>
    figures(
      (await oldPatterns(since).execute(t.db.db)).rows.map((r) => ({
        kind: r.kind,
        staffId: r.staff_id,
        day: r.day,
        clients: Number(r.clients),
      })),
    );
  /** The start of the Swedish day `since` falls on: the card reads whole days from it. */
  const dayStart = async (since: Date) =>
    (
      await sql<{ at: Date }>`select (date_trunc('day', ${since}::timestamptz
        at time zone 'Europe/Stockholm') at time zone 'Europe/Stockholm') as at`.execute(t.db.db)
    ).rows[0]!.at;
  const since = () => new Date(t.clock.now().getTime() - 30 * DAY);
  const logCount = async () =>
    Number(
      (
        await t.db.db
          .selectFrom('activity_log')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("Logguppföljning's patterns equal the old query's over the same log, and the backfill equals the trigger", async () => {
    const at = t.clock.now();
    const staff = t.users.staff;
    const other = await insertUser(t.db, {
      email: 'kollega@example.com',
      role: 'STAFF',
      first: 'Kim',
      last: 'Kollega',
      at,
    });
    const clients: number[] = [];
    for (let i = 0; i < MANY_CLIENTS_PER_DAY + 5; i++)
      clients.push(
        (
          await insertUser(t.db, {
            email: `rollup${i}@example.com`,
            role: 'USER',
            first: 'Klient',
            last: `Nummer ${i}`,
            at,
          })
        ).id,
      );
    // Sven's team: the demo client and the first ten; Kim's: the next ten.
    for (const c of clients.slice(0, 10)) await addToCareTeam(t.db, c, staff.id);
    for (const c of clients.slice(10, 20)) await addToCareTeam(t.db, c, other.id);
    const read = (actor: number, subjects: number[], action: ActivityAction = 'CLIENT_VIEWED') =>
      t.app.ctx.activity.recordMany(
        subjects.map((subjectUserId) => ({
          action,
          actorUserId: actor,
          subjectUserId,
          ip: '127.0.0.1',
        })),
      );

    // Day 1: Sven reads his team and three clients outside it (one of them twice, one by two
    // kinds of read); Kim opens more than 50 clients in one list; ADMIN reads clients and a
    // colleague; a client reads her own data; a failed login has no actor.
    await read(staff.id, clients.slice(0, 10));
    await read(staff.id, [clients[30]!, clients[31]!, clients[30]!]);
    await read(staff.id, [clients[32]!], 'LAB_RESULTS_VIEWED');
    await read(other.id, clients);
    await read(t.users.admin.id, [...clients.slice(0, 5), other.id]);
    await read(t.users.klient.id, [t.users.klient.id]);
    await t.app.ctx.activity.record({ action: 'LOGIN_FAILED', ip: '127.0.0.1' });

    // Day 2: Sven opens an emergency access to a client outside his team and reads her under
    // it (the app's writer marks those rows), and one client outside it without one.
    t.clock.advance(DAY);
    const outsider = clients[40]!;
    const sven = await login(t, staff.email);
    const opened = await send(t, 'POST', `/api/v1/admin/clients/${outsider}/emergency-access`, {
      cookie: sven,
      body: { reason: 'URGENT_CARE' },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    for (const url of [
      `/api/v1/admin/clients/${outsider}`,
      `/api/v1/admin/users/${outsider}/journal`,
    ])
      expect((await send(t, 'GET', url, { cookie: sven })).statusCode, url).toBe(200);
    await read(staff.id, [clients[41]!]);
    const emergencyRows = await t.db.db
      .selectFrom('activity_log')
      .select('details')
      .where('actor_user_id', '=', staff.id)
      .where('subject_user_id', '=', outsider)
      .execute();
    expect(
      emergencyRows.filter(
        (r) => (r.details as { emergencyAccessId?: number } | null)?.emergencyAccessId,
      ),
    ).not.toHaveLength(0);

    // Day 3: rows as the scale seed writes them, one INSERT … SELECT, 60 clients by Sven.
    t.clock.advance(DAY);
    await sql`insert into activity_log (action, actor_user_id, subject_user_id, ip_address, created_at)
      select 'CLIENT_VIEWED', ${staff.id}::integer, c, '10.0.0.1', ${t.clock.now()}
      from unnest(${sql.val(clients)}::integer[]) c`.execute(t.db.db);
    // A batch that is rolled back is counted nowhere.
    await t.db.db
      .transaction()
      .execute(async (trx) => {
        await t.app.ctx.activity.recordMany(
          clients.map((subjectUserId) => ({
            action: 'CLIENT_VIEWED' as const,
            actorUserId: other.id,
            subjectUserId,
          })),
          trx,
        );
        throw new Error('tillbaka');
      })
      .catch((error: Error) => expect(error.message).toBe('tillbaka'));

    const now = await cardFigures();
    expect(now).toEqual(await oldFigures(since()));
    // Every kind is there: outside reads (the emergency reads of day 2 are not), more than 50
    // clients (ADMIN's five and the colleague are neither).
    const [d1, d2, d3] = [at, new Date(at.getTime() + DAY), new Date(at.getTime() + 2 * DAY)].map(
      swedishDay,
    );
    const outsideTeam = clients.length - 10;
    expect(now).toEqual(
      expect.arrayContaining([
        `${d1} OUTSIDE_CARE_TEAM ${staff.id}: 3`,
        `${d1} OUTSIDE_CARE_TEAM ${other.id}: ${outsideTeam}`,
        `${d1} MANY_CLIENTS ${other.id}: ${clients.length}`,
        `${d2} OUTSIDE_CARE_TEAM ${staff.id}: 1`,
        `${d3} OUTSIDE_CARE_TEAM ${staff.id}: ${outsideTeam}`,
        `${d3} MANY_CLIENTS ${staff.id}: ${clients.length}`,
      ]),
    );
    expect(now.filter((f) => f.includes(` ${t.users.admin.id}:`))).toEqual([]);
    // The emergency access on the card: the rows read under it, as the log holds them.
    const access = (await card()).emergencyAccesses.find((a) => a.id === opened.json().id);
    const underIt = await t.db.db
      .selectFrom('activity_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where(sql<boolean>`(details->>'emergencyAccessId')::integer = ${opened.json().id}`)
      .executeTakeFirstOrThrow();
    expect(access?.rows).toBe(Number(underIt.n));
    expect(access?.read.map((r) => r.action)).toEqual(
      expect.arrayContaining(['CLIENT_VIEWED', 'JOURNAL_VIEWED']),
    );

    // The migration's backfill, run on this log from empty rollups, counts what the trigger did.
    const kept = () =>
      sql<{ v: string }>`select string_agg(staff_id || ' ' || day || ' ' || clients || ' '
          || outside_clients, ', ' order by staff_id, day) as v from staff_read_days`
        .execute(t.db.db)
        .then((r) => r.rows[0]!.v);
    const byTrigger = await kept();
    await t.db.db.transaction().execute(async (trx) => {
      await sql`delete from staff_read_clients`.execute(trx);
      await sql`delete from staff_read_days`.execute(trx);
      await sql`update activity_log_counts set n = 0`.execute(trx);
      await sql.raw(backfill).execute(trx);
    });
    expect(await kept()).toBe(byTrigger);
    expect(await cardFigures()).toEqual(now);

    // 30 days and a second after day 1's reads, `since` falls on day 1 just after them: the
    // card counts that Swedish day whole (a day's figure does not depend on the hour ADMIN
    // looks), as the old query did from the day's start, where from `since` it saw none of it.
    t.clock.advance(28 * DAY + 1000);
    const oldest = await cardFigures();
    expect(swedishDay(since())).toBe(d1);
    expect(oldest).toEqual(await oldFigures(await dayStart(since())));
    expect(oldest.filter((f) => f.startsWith(d1!))).toHaveLength(3);
    expect((await oldFigures(since())).filter((f) => f.startsWith(d1!))).toEqual([]);
    // Two days later days 1 and 2 have left the window.
    t.clock.advance(2 * DAY);
    const later = await cardFigures();
    expect(later).toEqual(await oldFigures(await dayStart(since())));
    expect(later.filter((f) => f.startsWith(d1!) || f.startsWith(d2!))).toEqual([]);
  });

  it("ADMIN's page of the whole log has the log's exact total; a filtered page counts its filter", async () => {
    const admin = await login(t, t.users.admin.email);
    const page = async (query = '') => {
      const res = await send(t, 'GET', `/api/v1/admin/get-logs?page=1&size=50${query}`, {
        cookie: admin,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ total: number; items: unknown[] }>().total;
    };
    const before = await logCount();
    expect(before).toBeGreaterThan(100);
    expect(await page()).toBe(before);
    // Rows from several connections and statements (the shards of the count), and the rows the
    // page itself wrote, are all in the next total.
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.app.ctx.activity.record({ action: 'LOGIN_FAILED', ip: `10.0.0.${i}` }),
      ),
    );
    const after = await logCount();
    expect(after).toBeGreaterThan(before + 8);
    expect(await page()).toBe(after);
    const viewed = Number(
      (
        await t.db.db
          .selectFrom('activity_log')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('action', '=', 'LOGIN_FAILED')
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(await page('&action=LOGIN_FAILED')).toBe(viewed);
  });
});

/** 0034's row-by-row trigger function, as that migration created it (0037 replaced it). */
const loopRollup = () => {
  const fn = /create function activity_log_rollup\(\)[\s\S]*?\n\$f\$;/.exec(sql0034)?.[0];
  if (!fn) throw new Error("0034's activity_log_rollup() not found");
  return fn.replace('create function', 'create or replace function');
};

describeDb("0037's set-based rollup counts what 0034's row loop counted", () => {
  const t = useTestApp();

  it('self-reads, ADMIN, emergency, a client twice in one INSERT, a team that changes, null actors, two Swedish days', async () => {
    const at = t.clock.now();
    const user = async (role: 'STAFF' | 'ADMIN' | 'USER', name: string) =>
      (await insertUser(t.db, { email: `${name}@example.com`, role, first: name, last: 'X', at }))
        .id;
    const [ada, kim, boss] = [
      await user('STAFF', 'ada'),
      await user('STAFF', 'kim'),
      await user('ADMIN', 'boss'),
    ];
    const c: number[] = [];
    for (let i = 0; i < 5; i++) c.push(await user('USER', `c${i}`));
    const [c0, c1, c2, c3, c4] = c as [number, number, number, number, number];
    for (const client of [c0, c3]) await addToCareTeam(t.db, client, ada);

    // 2026-01-14 22:59:59Z is 23:59:59 that day in Stockholm, 23:00:00Z the next day's start.
    const [d1, d2] = ['2026-01-14', '2026-01-15'];
    const row = (actor: number | null, subject: number | null, when: string, details = 'null') =>
      `('CLIENT_VIEWED', ${actor}, ${subject}, '${details}'::jsonb, '${when}'::timestamptz)`;
    const insert = (rows: string[]) =>
      `insert into activity_log (action, actor_user_id, subject_user_id, details, created_at)
       values ${rows.join(', ')}`;
    const late = '2026-01-14T22:00:00Z';
    const statements = [
      insert([
        row(ada, c0, late), // in her team
        row(ada, c1, late), // outside, twice in the statement
        row(ada, c1, late),
        row(ada, c2, late, '{"emergencyAccessId": 7}'), // under an emergency access only
        row(ada, c4, late, '{"emergencyAccessId": 8}'), // under one, and once without
        row(ada, c4, late, '{"other": 1}'),
        row(boss, c1, late), // ADMIN: read, never outside
        row(boss, c2, late),
        row(c0, c0, late), // a client's own read
        row(ada, ada, late), // staff reading herself
        row(null, c1, late), // no actor
        row(ada, null, late), // no subject
        row(null, null, late),
        row(ada, kim, late), // a colleague, not a client
        row(kim, boss, late),
        row(c0, c1, late), // a client is no staff
        row(kim, c1, '2026-01-14T22:59:59Z'), // outside, on two Swedish days
        row(kim, c1, '2026-01-14T23:00:00Z'),
        row(kim, c3, late, '["emergencyAccessId"]'), // `?` finds an array's string too
        row(kim, c2, late, '{"emergencyAccessId": null}'),
      ]),
      // Her team changes after those reads: c0 leaves it, Kim joins c1's.
      `delete from care_team_members where staff_id = ${ada} and client_id = ${c0}`,
      `insert into care_team_members (client_id, staff_id, added_at) values (${c1}, ${kim}, now())`,
      insert([
        row(ada, c0, '2026-01-14T22:10:00Z'), // now outside: a second figure, same client
        row(ada, c2, '2026-01-14T22:10:00Z'), // now without the emergency access
        row(ada, c1, '2026-01-14T22:10:00Z'), // counted already, both ways
        row(kim, c1, '2026-01-14T22:10:00Z'), // in his team now, counted already
        row(kim, c2, '2026-01-14T22:10:00Z'), // counted (emergency), now outside too
      ]),
      insert([row(ada, c3, '2026-01-15T08:00:00Z'), row(kim, c1, '2026-01-15T08:00:00Z')]),
      insert([row(kim, c4, '2026-01-15T08:00:00Z')]),
    ];
    const rows = statements
      .filter((s) => s.startsWith('insert into activity_log'))
      .reduce((n, s) => n + s.split("'CLIENT_VIEWED'").length - 1, 0);

    /** The statements in a transaction rolled back, with `trigger` in place if given. */
    const run = async (trigger?: string) => {
      const result: { days: string[]; clients: string[]; counted: number }[] = [];
      const staff = sql.join([ada, kim, boss]);
      await t.db.db
        .transaction()
        .execute(async (trx) => {
          if (trigger) await sql.raw(trigger).execute(trx);
          const total = () =>
            sql<{ n: string }>`select sum(n)::text as n from activity_log_counts`
              .execute(trx)
              .then((r) => Number(r.rows[0]!.n));
          const before = await total();
          for (const statement of statements) await sql.raw(statement).execute(trx);
          const days = await sql<{ v: string }>`
            select staff_id || ' ' || day || ' ' || clients || ' ' || outside_clients as v
            from staff_read_days where staff_id in (${staff}) order by staff_id, day`.execute(trx);
          const clients = await sql<{ v: string }>`
            select staff_id || ' ' || day || ' ' || client_id || ' ' || outside as v
            from staff_read_clients where staff_id in (${staff})
            order by staff_id, day, client_id, outside`.execute(trx);
          result.push({
            days: days.rows.map((r) => r.v),
            clients: clients.rows.map((r) => r.v),
            counted: (await total()) - before,
          });
          throw new Error('tillbaka');
        })
        .catch((error: Error) => expect(error.message).toBe('tillbaka'));
      return result[0]!;
    };

    const bySet = await run();
    expect(bySet).toEqual(await run(loopRollup()));
    expect(bySet.counted).toBe(rows);
    expect(bySet.days).toEqual([
      `${ada} ${d1} 4 4`, // c0 c1 c2 c4; outside c1 c4, then c0 and c2
      `${ada} ${d2} 1 0`,
      `${kim} ${d1} 3 2`, // c1 c3 c2; outside c1, then c2
      `${kim} ${d2} 2 2`, // c1 (before midnight's read), c4
      `${boss} ${d1} 2 0`,
    ]);
    expect(bySet.clients.filter((v) => v.startsWith(`${kim} ${d2} `))).toEqual([
      `${kim} ${d2} ${c1} false`,
      `${kim} ${d2} ${c1} true`,
      `${kim} ${d2} ${c4} false`,
      `${kim} ${d2} ${c4} true`,
    ]);
    // Nothing is left behind by the two runs.
    expect(await run()).toEqual(bySet);
  });
});

(TEST_DB === 'postgres' ? describeDb : describe.skip)(
  'two writers reading one client at once',
  () => {
    const t = useTestApp();

    it('count her once, and once still when the first writer rolls back', async () => {
      const user = async (role: 'STAFF' | 'USER', name: string) =>
        (
          await insertUser(t.db, {
            email: `${name}@example.com`,
            role,
            first: name,
            last: 'X',
            at: t.clock.now(),
          })
        ).id;
      const [staff, client] = [await user('STAFF', 'para'), await user('USER', 'delad')];
      const url = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${t.db.name}`);
      const [a, b] = [
        new pg.Client({ connectionString: url }),
        new pg.Client({ connectionString: url }),
      ];
      await a.connect();
      await b.connect();
      try {
        for (const [day, first] of [
          ['2026-02-01', 'commit'],
          ['2026-02-02', 'rollback'],
        ] as const) {
          const read = `insert into activity_log (action, actor_user_id, subject_user_id, created_at)
          values ('CLIENT_VIEWED', ${staff}, ${client}, '${day}T10:00:00Z')`;
          await a.query('begin');
          await a.query(read);
          await b.query('begin');
          const second = b.query(read); // waits for the first writer's transaction
          await new Promise((resolve) => setTimeout(resolve, 100));
          await a.query(first);
          await second;
          await b.query('commit');
          const kept = await sql<{ v: string }>`
          select clients || ' ' || outside_clients as v from staff_read_days
          where staff_id = ${staff} and day = ${day}::date`.execute(t.db.db);
          expect(kept.rows.map((r) => r.v)).toEqual(['1 1']);
        }
      } finally {
        await a.end();
        await b.end();
      }
    });
  },
);
