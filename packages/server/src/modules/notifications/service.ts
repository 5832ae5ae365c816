// Notifications (spec §3, §4, §7): a row per event for one user, UNREAD until the user reads
// it. `notify()` stores the row and, through the outbox, pushes it after commit to the user's
// live queue `/user/queue/notifications`, in the same shape GET /api/v1/user/notifications answers.
import type { Notification } from '@halsa/api/contract';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Database, NotificationsTable } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import type { Outbox } from '../../outbox/outbox.ts';
import type { NoticeMails } from '../notice-mails/service.ts';
import { MAX_DB_ID } from '../../db/ids.ts';

/** Types with their own navigation in the portal (spec §4); others only show their message. */
export const NOTIFICATION_TYPES = {
  labResult: 'LAB_RESULT',
  actionPlan: 'ACTION_PLAN',
  dailyNote: 'DAILY_NOTE',
} as const;

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notisen hittades inte.',
} as const;

/** The list answers the newest this many; older ones stay stored but are not sent. */
export const NOTIFICATION_LIST_LIMIT = 200;

type Row = Pick<
  Selectable<NotificationsTable>,
  'id' | 'type' | 'message' | 'status' | 'created_at'
>;

export function toNotification(row: Row): Notification {
  return {
    id: row.id,
    status: row.status,
    type: row.type,
    message: row.message,
    timestamp: row.created_at.toISOString(),
  };
}

export class NotificationService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly outbox: Outbox,
    /** Mails the notice kinds a person has switched on (design §4.16), in the same transaction. */
    private readonly mails?: Pick<NoticeMails, 'noticed'>,
  ) {}

  /**
   * Stores an UNREAD notification for `userId` (timestamp from the app clock) and, in the same
   * transaction, an outbox row that pushes it to the user's open sockets after commit. Given a
   * transaction, both are part of the caller's change (call `ctx.outbox.kick()` after its
   * commit); without one, notify commits and delivers before it returns. A failed push is
   * retried by the outbox; the row is the truth and the portal refetches after a reconnect.
   */
  async notify(
    userId: number,
    type: string,
    message: string,
    trx?: Transaction<Database>,
  ): Promise<Notification> {
    if (!trx) {
      const notification = await this.db
        .transaction()
        .execute((own) => this.notify(userId, type, message, own));
      await this.outbox.kick();
      return notification;
    }
    const row = await trx
      .insertInto('notifications')
      .values({
        user_id: userId,
        type,
        message,
        status: 'UNREAD',
        created_at: this.clock.now(),
      })
      .returning(['id', 'type', 'message', 'status', 'created_at'])
      .executeTakeFirstOrThrow();
    const notification = toNotification(row);
    await this.outbox.enqueue(trx, 'NOTIFICATION', { userId, notification });
    await this.mails?.noticed(trx, userId, type);
    return notification;
  }

  /** Pushes what `notify(…, trx)` wrote, once the caller's transaction has committed. */
  flush(): Promise<number> {
    return this.outbox.kick();
  }

  /** The user's own notifications, newest first. */
  async list(userId: number): Promise<Notification[]> {
    const rows = await this.db
      .selectFrom('notifications')
      .select(['id', 'type', 'message', 'status', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(NOTIFICATION_LIST_LIMIT)
      .execute();
    return rows.map(toNotification);
  }

  /**
   * Marks one of the user's own notifications read. Someone else's id answers exactly like
   * an id that does not exist (404), and that row is not touched.
   */
  async markRead(userId: number, id: number): Promise<void> {
    if (id > MAX_DB_ID) throw notFound(NOTIFICATION_MESSAGES.notFound);
    const row = await this.db
      .updateTable('notifications')
      .set({ status: 'READ' })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returning('id')
      .executeTakeFirst();
    if (!row) throw notFound(NOTIFICATION_MESSAGES.notFound);
  }

  /** Marks every unread notification of the user read; returns how many changed. */
  async markAllRead(userId: number): Promise<number> {
    const result = await this.db
      .updateTable('notifications')
      .set({ status: 'READ' })
      .where('user_id', '=', userId)
      .where('status', '=', 'UNREAD')
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
