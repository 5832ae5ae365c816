// Activity log (Patientdatalagen): who did what to whom, from which IP, when (UTC).
// Rows are append-only: a database trigger refuses UPDATE, DELETE and TRUNCATE.
import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';

export const ACTIONS = {
  loginFailed: 'LOGIN_FAILED',
  twoFactorSent: 'TWO_FACTOR_SENT',
  twoFactorResent: 'TWO_FACTOR_RESENT',
  twoFactorFailed: 'TWO_FACTOR_FAILED',
  loginSucceeded: 'LOGIN_SUCCEEDED',
  logout: 'LOGOUT',
  passwordChanged: 'PASSWORD_CHANGED',
  passwordResetRequested: 'PASSWORD_RESET_REQUESTED',
  passwordReset: 'PASSWORD_RESET',
  passwordSet: 'PASSWORD_SET',
  invitationSent: 'INVITATION_SENT',
  registered: 'REGISTERED',
  profileImageChanged: 'PROFILE_IMAGE_CHANGED',
  profileImageRemoved: 'PROFILE_IMAGE_REMOVED',
} as const;
export type ActivityAction = (typeof ACTIONS)[keyof typeof ACTIONS] | (string & {});

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
