// Activity log (Patientdatalagen): who did what to whom, from which IP, when (UTC).
// Rows are append-only: a database trigger refuses UPDATE, DELETE and TRUNCATE. The actions are
// the contract's `ACTIVITY_ACTIONS`; routes declare theirs with `audit:` (http/audit.ts).
import type { ActivityAction } from '@halsa/api/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';

export interface ActivityEntry {
  action: ActivityAction;
  actorUserId?: number | null;
  subjectUserId?: number | null;
  ip?: string | null;
  details?: Record<string, unknown> | null;
}

export class ActivityLog {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async record(entry: ActivityEntry, trx?: Transaction<Database>): Promise<void> {
    await (trx ?? this.db)
      .insertInto('activity_log')
      .values({
        action: entry.action,
        actor_user_id: entry.actorUserId ?? null,
        subject_user_id: entry.subjectUserId ?? null,
        ip_address: entry.ip ?? null,
        details: entry.details ? JSON.stringify(entry.details) : null,
        created_at: this.clock.now(),
      })
      .execute();
  }
}
