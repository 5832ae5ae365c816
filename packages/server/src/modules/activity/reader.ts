// Reading the activity log (spec §7 Administration): the whole log or one client's, newest
// first, paged and filtered (design.md §4.13), and batches for the streaming CSV export.
import {
  DEFAULT_PAGE_SIZE,
  type ActivityAction,
  type ActivityLog,
  type ActivityLogPage,
  type ActivityLogQuery,
  type ExportInterval,
} from '@halsa/api/contract';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/index.ts';
import { everyRow, type ListScope } from '../../access/care-relation.ts';

/** Who did it when the row has no actor (a failed login of an unknown address, the system). */
export const UNKNOWN_ACTOR = 'Okänd användare';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The first moment an export interval of spec §9 covers, counted back from `now`. */
export function intervalStart(interval: ExportInterval, now: Date): Date | null {
  const back = (months: number) => {
    const d = new Date(now);
    d.setUTCMonth(d.getUTCMonth() - months);
    return d;
  };
  switch (interval) {
    case 'all':
      return null;
    case '2veckor':
      return new Date(now.getTime() - 14 * DAY_MS);
    case '30dagar':
      return new Date(now.getTime() - 30 * DAY_MS);
    case '3man':
      return back(3);
    case '6man':
      return back(6);
    case '1ar':
      return back(12);
  }
}

/**
 * One exported row as plain values in the CSV's column order: time (Swedish, as the database
 * formats it), action, performed by, the client it concerns, IP.
 */
export type ExportRow = [
  at: string,
  action: ActivityAction,
  performedBy: string,
  subject: string | null,
  ip: string | null,
];

/**
 * `2026-11-24 09:15:02` in Swedish time, summer or winter (the database's IANA time zones), made
 * by the database: no Date object and no formatting per row in JavaScript.
 */
const SWEDISH_TIME = sql<string>`to_char(l.created_at at time zone 'Europe/Stockholm', 'YYYY-MM-DD HH24:MI:SS')`;

/**
 * Rows per export query. An export holds about two batches at a time (the chunk the socket is
 * taking and the next), so this bounds what the export itself keeps alive.
 */
export const EXPORT_BATCH = 1_000;

export interface LogFilter {
  subjectUserId?: number;
  action?: ActivityAction;
  performedBy?: number;
  since?: Date | null;
  /** One Swedish day, `2026-11-27`. */
  day?: string;
  /** The rows written under one emergency access (design §4.14). */
  emergencyAccess?: number;
  /**
   * A STAFF viewer sees only rows about clients she may read: the list's scope
   * (access/care-relation.ts `listScope`), read once for the request.
   */
  scope?: ListScope;
}

type Row = {
  id: number;
  subject_user_id: number | null;
  action: string;
  created_at: Date;
  ip_address: string | null;
  actor_first: string | null;
  actor_last: string | null;
  subject_first: string | null;
  subject_last: string | null;
};

/**
 * How many of a STAFF member's people a page's cutoff is taken over (reader.ts `scopedRows`):
 * each is read m = k / CUTOFF_PEOPLE entries deep for a page reaching k rows. A care team has a
 * few hundred; 100 keeps a page of 50 at one entry each and the bare list of 1 000 at ten.
 */
const CUTOFF_PEOPLE = 100;

/** A STAFF member's people (`s.id`, her readable clients and the staff) and rows of no one. */
const BY_PERSON = sql<SqlBool>`l.subject_user_id = s.id`;
const NO_ONE = sql<SqlBool>`l.subject_user_id is null`;
/** The CTE `s` of those people's ids, read once for the statement. */
const people = (ids: RawBuilder<number[]>) => sql`s as materialized (select unnest(${ids}) as id)`;

/** A row of a page: the log's row with the names of its two people and the subject's role. */
type PageRow = Row & { subject_role: string | null };

/** One column of a row's actor or subject, by primary key (`l` is the log's row). */
const person = (column: 'first_name' | 'last_name' | 'role', id: 'actor' | 'subject') =>
  sql<
    string | null
  >`(select u.${sql.ref(column)} from users u where u.id = l.${sql.ref(`${id}_user_id`)})`;

const name = (first: string | null, last: string | null) =>
  first === null ? null : `${first} ${last ?? ''}`.trim();

export function toActivityLog(r: Row): ActivityLog {
  return {
    id: r.id,
    action: r.action as ActivityAction,
    performedByName: name(r.actor_first, r.actor_last) || UNKNOWN_ACTOR,
    timestamp: r.created_at.toISOString(),
    subjectUserName: name(r.subject_first, r.subject_last),
    ipAddress: r.ip_address,
  };
}

/** The clients (never staff) the rows are about. */
const subjectsOf = (
  rows: { subject_user_id: number | null; subject_role: string | null }[],
): number[] => [
  ...new Set(
    rows.flatMap((r) =>
      r.subject_user_id === null || r.subject_role !== 'USER' ? [] : [r.subject_user_id],
    ),
  ),
];

/**
 * Whether the filter asks for every row of the log: its total is then the count the log's
 * trigger keeps (migration 0034, 16 rows), not a count of the whole table, which grows with
 * the log (bench:capacity --plans, issue 38). Every other total counts by its filter's index.
 */
const wholeLog = (f: LogFilter): boolean =>
  f.subjectUserId === undefined &&
  f.action === undefined &&
  f.performedBy === undefined &&
  !f.since &&
  f.day === undefined &&
  f.emergencyAccess === undefined &&
  (f.scope === undefined || f.scope === everyRow);

export class ActivityReader {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private filtered(filter: LogFilter) {
    let q = this.db.selectFrom('activity_log as l');
    if (filter.subjectUserId !== undefined)
      q = q.where('l.subject_user_id', '=', filter.subjectUserId);
    if (filter.action) q = q.where('l.action', '=', filter.action);
    if (filter.performedBy !== undefined) q = q.where('l.actor_user_id', '=', filter.performedBy);
    if (filter.since) q = q.where('l.created_at', '>=', filter.since);
    if (filter.day)
      q = q.where(
        sql<string>`to_char(l.created_at at time zone 'Europe/Stockholm', 'YYYY-MM-DD')`,
        '=',
        filter.day,
      );
    if (filter.emergencyAccess !== undefined)
      q = q
        .where(sql<boolean>`l.details ? 'emergencyAccessId'`)
        .where(
          sql<number>`(l.details->>'emergencyAccessId')::integer`,
          '=',
          filter.emergencyAccess,
        );
    if (filter.scope) q = q.where(filter.scope(sql.ref('l.subject_user_id'), { nullable: true }));
    return q;
  }

  /**
   * The rows of one page, newest first, with the names of who did it and whom it is about. The
   * page is chosen from the log alone (its created_at index) and each of its rows looks its two
   * people up by primary key: joined, the planner hashed every user of the clinic for a page of
   * 50 (bench:capacity --plans, issue 38). A STAFF viewer's page starts from her people instead
   * (`scopedRows`).
   */
  private async rows(filter: LogFilter, limit: number, offset = 0): Promise<PageRow[]> {
    const ids = filter.scope?.ids({ nullable: true });
    if (ids) return this.scopedRows(filter, ids, limit, offset);
    return this.filtered(filter)
      .select([
        'l.id',
        'l.subject_user_id',
        'l.action',
        'l.created_at',
        'l.ip_address',
        person('first_name', 'actor').as('actor_first'),
        person('last_name', 'actor').as('actor_last'),
        person('first_name', 'subject').as('subject_first'),
        person('last_name', 'subject').as('subject_last'),
        person('role', 'subject').as('subject_role'),
      ])
      .orderBy('l.created_at', 'desc')
      .orderBy('l.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  /**
   * A STAFF member's page under the care-team rule: the newest rows about her readable clients,
   * the staff, or no one (`ids`, and null). Walking the log's time index and testing each row
   * read about 46 000 rows for a page of 50 at 200 000 clients (245–473 ms, bench:capacity
   * --plans, issue 38), since her rows are one in a few hundred. Here each of her people's rows
   * are read newest first by the (subject, created_at) index, and only as far as they can reach
   * the page (k = offset + limit rows):
   * - `cutoff`: each person's m-th newest row (m index entries each, m = k / CUTOFF_PEOPLE
   *   rounded up); the (k / m)-th newest of those is a time at or after which those k / m people
   *   have m rows each, so at least k rows lie there and every row of the page is at or after it
   *   (with fewer such people, there is no cutoff);
   * - each person's rows from the cutoff on, at most k, merged newest first.
   * The page is exactly the one the plain filter gives, at any offset and with any filter.
   */
  private async scopedRows(
    filter: LogFilter,
    ids: RawBuilder<number[]>,
    limit: number,
    offset: number,
  ): Promise<PageRow[]> {
    const reach = limit + offset;
    const depth = Math.ceil(reach / CUTOFF_PEOPLE);
    const over = Math.ceil(reach / depth);
    const own = this.filtered({ ...filter, scope: undefined });
    const deepest = (subject: RawBuilder<SqlBool>) =>
      own
        .where(subject)
        .select('l.created_at as at')
        .orderBy('l.created_at', 'desc')
        .offset(depth - 1)
        .limit(1);
    const fromCutoff = (subject: RawBuilder<SqlBool>) =>
      own
        .where(subject)
        .where(sql<SqlBool>`l.created_at >= (select at from cutoff)`)
        .select([
          'l.id',
          'l.subject_user_id',
          'l.actor_user_id',
          'l.action',
          'l.created_at',
          'l.ip_address',
        ])
        .orderBy('l.created_at', 'desc')
        .orderBy('l.id', 'desc')
        .limit(reach);
    const result = await sql<PageRow>`
      with ${people(ids)},
      cutoff as materialized (
        select coalesce(
          (select n.at from (select d.at from s cross join lateral (${deepest(BY_PERSON)}) d
                             union all (${deepest(NO_ONE)})) n
           order by n.at desc offset ${over - 1} limit 1),
          '-infinity'::timestamptz) as at),
      page as (
        select c.* from s cross join lateral (${fromCutoff(BY_PERSON)}) c
        union all (${fromCutoff(NO_ONE)})
        order by created_at desc, id desc limit ${limit} offset ${offset})
      select l.id, l.subject_user_id, l.action, l.created_at, l.ip_address,
        ${person('first_name', 'actor')} as actor_first,
        ${person('last_name', 'actor')} as actor_last,
        ${person('first_name', 'subject')} as subject_first,
        ${person('last_name', 'subject')} as subject_last,
        ${person('role', 'subject')} as subject_role
      from page l order by l.created_at desc, l.id desc`.execute(this.db);
    return result.rows;
  }

  /**
   * The total of a STAFF member's filter: each person's rows counted by the (subject,
   * created_at) index, summed. One count under `subject = any(…)` fetched each of her ~43 000
   * rows from the table, scattered over as many pages (450 ms at 200 000 clients); counted per
   * person they are read from the index alone (25 ms), the table's pages being all-visible once
   * vacuumed.
   */
  private async scopedCount(filter: LogFilter, ids: RawBuilder<number[]>): Promise<string> {
    const own = this.filtered({ ...filter, scope: undefined });
    const count = (subject: RawBuilder<SqlBool>) =>
      own.where(subject).select((eb) => eb.fn.countAll<string>().as('n'));
    const result = await sql<{ n: string }>`
      with ${people(ids)}
      select (select coalesce(sum(c.n), 0) from s cross join lateral (${count(BY_PERSON)}) c)
        + (${count(NO_ONE)}) as n`.execute(this.db);
    return result.rows[0]!.n;
  }

  /** Newest first; the bare list of spec §7 is bounded to the newest 1 000 rows. */
  async list(filter: LogFilter): Promise<ActivityLog[]> {
    return (await this.listWithSubjects(filter)).items;
  }

  async page(filter: LogFilter, query: ActivityLogQuery): Promise<ActivityLogPage> {
    return (await this.pageWithSubjects(filter, query)).page;
  }

  /** The list, and the clients its rows are about (each gets an access row, design §4.14). */
  async listWithSubjects(filter: LogFilter): Promise<{ items: ActivityLog[]; subjects: number[] }> {
    const rows = await this.rows(filter, 1000);
    return { items: rows.map(toActivityLog), subjects: subjectsOf(rows) };
  }

  async pageWithSubjects(
    filter: LogFilter,
    query: ActivityLogQuery,
  ): Promise<{ page: ActivityLogPage; subjects: number[] }> {
    const page = query.page ?? 1;
    const size = query.size ?? DEFAULT_PAGE_SIZE;
    const ids = filter.scope?.ids({ nullable: true });
    const [rows, count] = await Promise.all([
      this.rows(filter, size, (page - 1) * size),
      ids
        ? this.scopedCount(filter, ids)
        : wholeLog(filter)
          ? this.db
              .selectFrom('activity_log_counts')
              .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('n'), sql<string>`0`).as('n'))
              .executeTakeFirstOrThrow()
              .then((r) => r.n)
          : this.filtered(filter)
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .executeTakeFirstOrThrow()
              .then((r) => r.n),
    ]);
    return {
      page: { items: rows.map(toActivityLog), total: Number(count), page, size },
      subjects: subjectsOf(rows),
    };
  }

  /**
   * The clients an export's rows are about (each gets an access row, design §4.14), as
   * subjectsOf finds them on a page: one distinct-id scan, before the export streams.
   */
  async exportSubjects(filter: LogFilter): Promise<number[]> {
    const rows = await this.filtered(filter)
      .innerJoin('users as s', 's.id', 'l.subject_user_id')
      .where('s.role', '=', 'USER')
      .select('s.id')
      .distinct()
      .execute();
    return rows.map((r) => r.id);
  }

  /**
   * The rows of an export, newest first, a batch at a time (keyset paging on created_at, id):
   * memory stays flat however long the log is. Each row is a plain array, not an object, and
   * the database's own row objects are dropped before the batch is handed on. Names are looked
   * up once per person and kept for the export, so each batch is one plain index scan of the log.
   * The generator reads the next batch only when asked, so a consumer that waits for the socket
   * keeps at most a batch or two alive; stopping it (a client that goes away) stops the reads.
   */
  async *batches(filter: LogFilter, batchSize = EXPORT_BATCH): AsyncGenerator<ExportRow[]> {
    const names = new Map<number, string>();
    let afterId: number | null = null;
    for (;;) {
      const batch = await this.exportBatch(filter, batchSize, afterId, names);
      if (batch.rows.length === 0) return;
      afterId = batch.lastId;
      yield batch.rows;
      if (batch.rows.length < batchSize) return;
    }
  }

  /** One batch after the row `afterId` (its exact created_at is read by id, to the µs). */
  private async exportBatch(
    filter: LogFilter,
    batchSize: number,
    afterId: number | null,
    names: Map<number, string>,
  ): Promise<{ rows: ExportRow[]; lastId: number }> {
    let q = this.filtered(filter)
      .select([
        'l.id',
        'l.action',
        SWEDISH_TIME.as('at'),
        'l.ip_address',
        'l.actor_user_id',
        'l.subject_user_id',
      ])
      .orderBy('l.created_at', 'desc')
      .orderBy('l.id', 'desc')
      .limit(batchSize);
    if (afterId !== null) {
      q = q.where(
        sql<boolean>`(l.created_at, l.id) < (select c.created_at, c.id from activity_log c where c.id = ${afterId})`,
      );
    }
    const found = await q.execute();
    const unknown = new Set<number>();
    for (const r of found) {
      if (r.actor_user_id !== null && !names.has(r.actor_user_id)) unknown.add(r.actor_user_id);
      if (r.subject_user_id !== null && !names.has(r.subject_user_id))
        unknown.add(r.subject_user_id);
    }
    if (unknown.size > 0) {
      const users = await this.db
        .selectFrom('users')
        .select(['id', 'first_name', 'last_name'])
        .where('id', 'in', [...unknown])
        .execute();
      for (const u of users) names.set(u.id, name(u.first_name, u.last_name) ?? '');
    }
    const rows = new Array<ExportRow>(found.length);
    for (let i = 0; i < found.length; i++) {
      const r = found[i]!;
      rows[i] = [
        r.at,
        r.action as ActivityAction,
        (r.actor_user_id !== null && names.get(r.actor_user_id)) || UNKNOWN_ACTOR,
        r.subject_user_id === null ? null : (names.get(r.subject_user_id) ?? null),
        r.ip_address,
      ];
    }
    return { rows, lastId: found.length > 0 ? found[found.length - 1]!.id : (afterId ?? 0) };
  }

  now(): Date {
    return this.clock.now();
  }
}
