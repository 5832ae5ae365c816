// Clinic figures over a period (design §4.11, /reports): every figure is counted by the
// database over the real tables, per Swedish calendar day, week or month, and for the whole
// period. SQL that PGlite and PostgreSQL both run (date_trunc, generate_series, window
// functions, percentile_cont).
import {
  reportBucketFor,
  type ExportInterval,
  type Report,
  type ReportBucket,
  type ReportBucketFigures,
  type ReportFigures,
} from '@halsa/api/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/index.ts';
import { intervalStart } from '../activity/reader.ts';

const ZONE = 'Europe/Stockholm';

type Counted = Exclude<keyof ReportFigures, 'medianReplySeconds'>;

/** One figure per bucket key (`YYYY-MM-DD`), plus the whole period's value. */
interface Series {
  byBucket: Map<string, number>;
  total: number;
}

interface Period {
  from: Date;
  to: Date;
  unit: ReportBucket;
}

/** `YYYY-MM-DD` of the Swedish day, week (Monday) or month an instant falls in. */
const bucketOf = (column: RawBuilder<unknown>, unit: ReportBucket) =>
  sql<string>`to_char(date_trunc(${unit}, ${column} at time zone ${ZONE}), 'YYYY-MM-DD')`;

/**
 * The role of the user `id`, looked up per row by primary key: a period's rows are a small part
 * of the clinic's users, and a join let the planner hash every user the clinic ever had (a
 * sequential scan of users per report, bench:capacity --plans, issue 38).
 */
const roleOf = (id: RawBuilder<unknown>) =>
  sql<string>`(select ru.role from users ru where ru.id = ${id})`;

const inPeriod = (column: RawBuilder<unknown>, p: Period) =>
  sql<boolean>`${column} >= ${p.from} and ${column} <= ${p.to}`;

export class ReportService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  now(): Date {
    return this.clock.now();
  }

  async report(interval: ExportInterval, now = this.clock.now()): Promise<Report> {
    const p: Period = {
      from: intervalStart(interval, now) ?? (await this.firstRecord(now)),
      to: now,
      unit: reportBucketFor[interval],
    };
    const [keys, newClients, active, messages, replies, labUploads, actionPlanUploads, signed] =
      await Promise.all([
        this.bucketKeys(p),
        this.newClients(p),
        this.activeClients(p),
        this.messages(p),
        this.replies(p),
        this.uploads(p, 'LAB_RESULT'),
        this.uploads(p, 'ACTION_PLAN'),
        this.signedNotes(p),
      ]);
    const counted: Record<Counted, Series> = {
      newClients,
      activeClients: active,
      clientMessages: messages.client,
      staffMessages: messages.staff,
      repliedMessages: replies.count,
      labUploads,
      actionPlanUploads,
      signedNotes: signed,
    };
    const figures = (pick: (s: Series) => number, median: number | null): ReportFigures => ({
      newClients: pick(counted.newClients),
      activeClients: pick(counted.activeClients),
      clientMessages: pick(counted.clientMessages),
      staffMessages: pick(counted.staffMessages),
      medianReplySeconds: median,
      repliedMessages: pick(counted.repliedMessages),
      labUploads: pick(counted.labUploads),
      actionPlanUploads: pick(counted.actionPlanUploads),
      signedNotes: pick(counted.signedNotes),
    });
    const buckets: ReportBucketFigures[] = keys.map((start) => ({
      start,
      ...figures((s) => s.byBucket.get(start) ?? 0, replies.median.get(start) ?? null),
    }));
    return {
      interval,
      bucket: p.unit,
      from: p.from.toISOString(),
      to: p.to.toISOString(),
      totals: figures((s) => s.total, replies.totalMedian),
      buckets,
    };
  }

  /** For `all`: the clinic's first account, message, upload or signed note. */
  private async firstRecord(now: Date): Promise<Date> {
    const { rows } = await sql<{ first: Date | null }>`
      select min(t) as first from (
        select min(created_at) as t from users
        union all select min(created_at) from messages
        union all select min(created_at) from files
        union all select min(signed_at) from journal_notes
      ) firsts`.execute(this.db);
    const first = rows[0]?.first;
    return first ? new Date(first) : now;
  }

  /** Every bucket of the period, oldest first, as `YYYY-MM-DD`. */
  private async bucketKeys(p: Period): Promise<string[]> {
    const { rows } = await sql<{ start: string }>`
      select to_char(b, 'YYYY-MM-DD') as start
      from generate_series(
        date_trunc(${p.unit}, ${p.from}::timestamptz at time zone ${ZONE}),
        date_trunc(${p.unit}, ${p.to}::timestamptz at time zone ${ZONE}),
        ${`1 ${p.unit}`}::interval
      ) as b
      order by b`.execute(this.db);
    return rows.map((r) => r.start);
  }

  /** Counts per bucket of a query that selects `b` (its bucket) and, for distinct counts, `k`. */
  private async series(
    from: RawBuilder<unknown>,
    count: RawBuilder<unknown> = sql`count(*)`,
  ): Promise<Series> {
    const { rows } = await sql<{ b: string | null; n: string }>`
      select b, ${count} as n from (${from}) src group by rollup (b)`.execute(this.db);
    const byBucket = new Map<string, number>();
    let total = 0;
    for (const r of rows) {
      if (r.b === null) total = Number(r.n);
      else byBucket.set(r.b, Number(r.n));
    }
    return { byBucket, total };
  }

  private newClients(p: Period): Promise<Series> {
    const at = sql.ref('created_at');
    return this.series(
      sql`select ${bucketOf(at, p.unit)} as b from users where role = 'USER' and ${inPeriod(at, p)}`,
    );
  }

  /**
   * Clients who did anything the activity log records (signing in, reading their results…) or
   * sent a message; each counted once per bucket and once for the whole period.
   */
  private activeClients(p: Period): Promise<Series> {
    const at = sql.ref('x.at');
    return this.series(
      sql`select ${bucketOf(at, p.unit)} as b, x.who as k from (
            select l.actor_user_id as who, l.created_at as at from activity_log l
            union all
            select m.sender_id, m.created_at from messages m
          ) x
          where ${roleOf(sql.ref('x.who'))} = 'USER' and ${inPeriod(at, p)}`,
      sql`count(distinct k)`,
    );
  }

  private async messages(p: Period): Promise<{ client: Series; staff: Series }> {
    const at = sql.ref('m.created_at');
    const sent = (fromClient: boolean) =>
      this.series(
        sql`select ${bucketOf(at, p.unit)} as b from messages m
            where (${roleOf(sql.ref('m.sender_id'))} = 'USER') = ${fromClient} and ${inPeriod(at, p)}`,
      );
    const [client, staff] = await Promise.all([sent(true), sent(false)]);
    return { client, staff };
  }

  /**
   * The staff's reply times. A client's message starts a wait when it is the conversation's
   * first message or follows one from staff (a run of client messages is one wait, timed from
   * its first); the wait ends at the staff's next message in the conversation. Waits are placed
   * by the client's message; unanswered ones are left out of the median.
   *
   * The next staff message is a window over the conversation (the earliest staff message whose
   * time is after this one's: the frame from this row on, without the rows of the same time),
   * one pass over the messages; a subquery per client message over the CTE read every message
   * once per wait (bench:capacity --plans, issue 38: minutes at 60 000 messages).
   *
   * Only the period's messages are read (messages_created_idx): a wait placed in the period and
   * its reply are both at or after its start. Whether the period's first message of a
   * conversation starts a wait depends on the message before it, looked up for that one row
   * (messages_conversation_idx), so the waits are those the whole history gives.
   */
  private async replies(p: Period): Promise<{
    count: Series;
    median: Map<string, number>;
    totalMedian: number | null;
  }> {
    const at = sql.ref('w.asked_at');
    const { rows } = await sql<{ b: string | null; n: string; median: number | null }>`
      with msgs as (
        select m.id, m.conversation_id, m.created_at,
               ${roleOf(sql.ref('m.sender_id'))} <> 'USER' as from_staff
        from messages m
        where m.created_at >= ${p.from}
      ), ordered as (
        select msgs.*, lag(from_staff) over (
          partition by conversation_id order by created_at, id
        ) as prev_from_staff,
        min(created_at) filter (where from_staff) over (
          partition by conversation_id order by created_at
          range between current row and unbounded following exclude group
        ) as next_staff_at
        from msgs
      ), waits as (
        select o.created_at as asked_at, o.next_staff_at as replied_at
        from ordered o
        where not o.from_staff and coalesce(o.prev_from_staff, (
          select pu.role <> 'USER' from messages pm join users pu on pu.id = pm.sender_id
          where pm.conversation_id = o.conversation_id and pm.created_at < ${p.from}
          order by pm.created_at desc, pm.id desc limit 1
        ), true)
      )
      select b, count(*) as n,
        round(percentile_cont(0.5) within group (order by seconds))::int as median
      from (
        select ${bucketOf(at, p.unit)} as b, extract(epoch from w.replied_at - w.asked_at) as seconds
        from waits w
        where w.replied_at is not null and ${inPeriod(at, p)}
      ) answered
      group by rollup (b)`.execute(this.db);
    const byBucket = new Map<string, number>();
    const median = new Map<string, number>();
    let total = 0;
    let totalMedian: number | null = null;
    for (const r of rows) {
      if (r.b === null) {
        total = Number(r.n);
        totalMedian = r.median === null ? null : Number(r.median);
      } else {
        byBucket.set(r.b, Number(r.n));
        if (r.median !== null) median.set(r.b, Number(r.median));
      }
    }
    return { count: { byBucket, total }, median, totalMedian };
  }

  private uploads(p: Period, kind: 'LAB_RESULT' | 'ACTION_PLAN'): Promise<Series> {
    const at = sql.ref('created_at');
    return this.series(
      sql`select ${bucketOf(at, p.unit)} as b from files where kind = ${kind} and ${inPeriod(at, p)}`,
    );
  }

  private signedNotes(p: Period): Promise<Series> {
    const at = sql.ref('signed_at');
    return this.series(
      sql`select ${bucketOf(at, p.unit)} as b from journal_notes
          where status = 'SIGNED' and ${inPeriod(at, p)}`,
    );
  }
}
