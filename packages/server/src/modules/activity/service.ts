// Activity log (Patientdatalagen): who did what to whom, from which IP, when (UTC).
// Rows are append-only: a database trigger refuses UPDATE, DELETE and TRUNCATE. The actions are
// the contract's `ACTIVITY_ACTIONS`; routes declare theirs with `audit:` (http/audit.ts).
import type { ActivityAction } from '@halsa/api/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import { benchTimings } from '../../live/bench-timings.ts';
import { GroupCommit } from './group-commit.ts';

export interface ActivityEntry {
  action: ActivityAction;
  actorUserId?: number | null;
  subjectUserId?: number | null;
  ip?: string | null;
  details?: Record<string, unknown> | null;
}

/** Rows per INSERT (a batch of the group commit, a chunk of a long list). */
const RECORD_CHUNK = 1000;

/** A row as the INSERT takes it (built when the entry is recorded: its time is the call's). */
export interface LogRow {
  action: ActivityAction;
  actor: number | null;
  subject: number | null;
  ip: string | null;
  details: string | null;
  at: string;
}

/**
 * One INSERT … SELECT over six arrays (one per column), whatever the number of rows: the
 * statement and its plan stay the size of one row. (A VALUES list with the emergency-access
 * lookup in every row was planned row by row: 100 rows cost 2–4 × as much, under the chain's
 * lock, measured with bench:log-wall's probe.) `with ordinality … order by` keeps the rows in
 * the order they were recorded, which the chain trigger follows. Exported for bench:log-insert,
 * which explains this very statement.
 */
export const insertLogRows = (rows: readonly LogRow[]) => sql`
  insert into activity_log (action, actor_user_id, subject_user_id, ip_address, details, created_at)
  select r.action, r.actor, r.subject, r.ip,
    case when r.actor <> r.subject then coalesce((
      select coalesce(r.details, '{}'::jsonb) || jsonb_build_object('emergencyAccessId', ea.id)
      from emergency_accesses ea
      where ea.staff_id = r.actor and ea.client_id = r.subject
        and ea.opened_at <= r.at and ea.expires_at > r.at
      order by ea.id desc limit 1), r.details)
    else r.details end,
    r.at
  from unnest(
    ${rows.map((r) => r.action)}::text[], ${rows.map((r) => r.actor)}::integer[],
    ${rows.map((r) => r.subject)}::integer[], ${rows.map((r) => r.ip)}::text[],
    ${rows.map((r) => r.details)}::jsonb[], ${rows.map((r) => r.at)}::timestamptz[]
  ) with ordinality as r(action, actor, subject, ip, details, at, n)
  order by r.n`;

export interface ActivityLogOptions {
  /**
   * Rows written outside a transaction go through the instance's group commit (group-commit.ts).
   * Default on; `false` writes each call's rows in an INSERT of their own, as before issue 38
   * (the log-wall bench compares the two).
   */
  groupCommit?: boolean;
}

export class ActivityLog {
  readonly #group: GroupCommit<LogRow> | null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    options: ActivityLogOptions = {},
  ) {
    this.#group =
      options.groupCommit === false
        ? null
        : new GroupCommit<LogRow>(
            (rows) => this.#insert(rows),
            RECORD_CHUNK,
            (rows, requests) => {
              if (!benchTimings.enabled) return;
              benchTimings.add('activity.groupCommit rows per batch', rows);
              benchTimings.add('activity.groupCommit calls per batch', requests);
            },
          );
  }

  /**
   * In a transaction (`trx`), write the row as late as the change allows: the chain's lock is held
   * from this INSERT until the transaction commits, and every other log writer waits for it.
   */
  async record(entry: ActivityEntry, trx?: Transaction<Database>): Promise<void> {
    await this.recordMany([entry], trx);
  }

  /**
   * Rows in one INSERT (the chain trigger links them in order). A row by a staff member about a
   * client she reads under an open emergency access gets that access's id in `details`
   * (`emergencyAccessId`, design §4.14), looked up in the same statement. Without `trx` the rows
   * join the instance's group commit: the promise resolves once they are committed.
   */
  async recordMany(entries: readonly ActivityEntry[], trx?: Transaction<Database>): Promise<void> {
    if (entries.length === 0) return;
    // A list of thousands of clients (an export, ADMIN's recipient list) writes a row per
    // client: in INSERTs of at most RECORD_CHUNK rows, under the protocol's parameter limit.
    if (entries.length > RECORD_CHUNK) {
      for (let i = 0; i < entries.length; i += RECORD_CHUNK)
        await this.recordMany(entries.slice(i, i + RECORD_CHUNK), trx);
      return;
    }
    if (benchTimings.enabled) {
      for (const e of entries) benchTimings.count(`activity.rows ${e.action}`);
    }
    const rows = this.#rows(entries);
    if (trx || !this.#group) {
      await this.#insert(rows, trx);
      return;
    }
    const t0 = benchTimings.now();
    await this.#group.add(rows);
    benchTimings.since('activity.groupCommit (wait + insert + commit)', t0);
  }

  async #insert(rows: readonly LogRow[], trx?: Transaction<Database>): Promise<void> {
    const t0 = benchTimings.now();
    if (benchTimings.enabled) benchTimings.count('activity.inserts');
    await insertLogRows(rows).execute(trx ?? this.db);
    benchTimings.since(trx ? 'activity.insert (in a transaction)' : 'activity.insert', t0);
  }

  #rows(entries: readonly ActivityEntry[]): LogRow[] {
    const at = this.clock.now().toISOString();
    return entries.map((entry) => ({
      action: entry.action,
      actor: entry.actorUserId ?? null,
      subject: entry.subjectUserId ?? null,
      ip: entry.ip ?? null,
      details: entry.details ? JSON.stringify(entry.details) : null,
      at,
    }));
  }
}
