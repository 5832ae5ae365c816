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
import { sql } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/index.ts';

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

export interface LogFilter {
  subjectUserId?: number;
  action?: ActivityAction;
  performedBy?: number;
  since?: Date | null;
}

type Row = {
  id: number;
  action: string;
  created_at: Date;
  ip_address: string | null;
  actor_first: string | null;
  actor_last: string | null;
  subject_first: string | null;
  subject_last: string | null;
};

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
    return q;
  }

  private rows(filter: LogFilter) {
    return this.filtered(filter)
      .leftJoin('users as a', 'a.id', 'l.actor_user_id')
      .leftJoin('users as s', 's.id', 'l.subject_user_id')
      .select([
        'l.id',
        'l.action',
        'l.created_at',
        'l.ip_address',
        'a.first_name as actor_first',
        'a.last_name as actor_last',
        's.first_name as subject_first',
        's.last_name as subject_last',
      ])
      .orderBy('l.created_at', 'desc')
      .orderBy('l.id', 'desc');
  }

  /** Newest first; the bare list of spec §7 is bounded to the newest 1 000 rows. */
  async list(filter: LogFilter): Promise<ActivityLog[]> {
    const rows = await this.rows(filter).limit(1000).execute();
    return rows.map(toActivityLog);
  }

  async page(filter: LogFilter, query: ActivityLogQuery): Promise<ActivityLogPage> {
    const page = query.page ?? 1;
    const size = query.size ?? DEFAULT_PAGE_SIZE;
    const [rows, count] = await Promise.all([
      this.rows(filter)
        .limit(size)
        .offset((page - 1) * size)
        .execute(),
      this.filtered(filter)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { items: rows.map(toActivityLog), total: Number(count.n), page, size };
  }

  /**
   * The rows of an export, newest first, a batch at a time (keyset paging on created_at, id):
   * memory stays flat however long the log is. Names are looked up once per person and kept for
   * the export, so each batch is one plain index scan of the log.
   */
  async *batches(filter: LogFilter, batchSize = 2_000): AsyncGenerator<ActivityLog[]> {
    const names = new Map<number, string>();
    let after: { at: Date; id: number } | null = null;
    for (;;) {
      let q = this.filtered(filter)
        .select([
          'l.id',
          'l.action',
          'l.created_at',
          'l.ip_address',
          'l.actor_user_id',
          'l.subject_user_id',
        ])
        .orderBy('l.created_at', 'desc')
        .orderBy('l.id', 'desc')
        .limit(batchSize);
      if (after) {
        const { at, id } = after;
        q = q.where(sql<boolean>`(l.created_at, l.id) < (${at}, ${id})`);
      }
      const rows = await q.execute();
      if (rows.length === 0) return;
      const unknown = new Set<number>();
      for (const r of rows) {
        for (const id of [r.actor_user_id, r.subject_user_id]) {
          if (id !== null && !names.has(id)) unknown.add(id);
        }
      }
      if (unknown.size > 0) {
        const users = await this.db
          .selectFrom('users')
          .select(['id', 'first_name', 'last_name'])
          .where('id', 'in', [...unknown])
          .execute();
        for (const u of users) names.set(u.id, name(u.first_name, u.last_name) ?? '');
      }
      yield rows.map((r) => ({
        id: r.id,
        action: r.action as ActivityAction,
        performedByName: (r.actor_user_id !== null && names.get(r.actor_user_id)) || UNKNOWN_ACTOR,
        timestamp: r.created_at.toISOString(),
        subjectUserName: r.subject_user_id === null ? null : (names.get(r.subject_user_id) ?? null),
        ipAddress: r.ip_address,
      }));
      const last = rows[rows.length - 1]!;
      after = { at: last.created_at, id: last.id };
      if (rows.length < batchSize) return;
    }
  }

  now(): Date {
    return this.clock.now();
  }
}
