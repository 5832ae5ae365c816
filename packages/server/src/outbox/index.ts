// The app's outbox with its two deliverers: MAIL through the mailer (SMTP or the dev outbox),
// NOTIFICATION to the user's live queue.
import type { Notification } from '@halsa/api/contract';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/index.ts';
import { LiveDestinations, type LiveBroker, type LiveLogger } from '../live/index.ts';
import type { Mailer, OutgoingMail } from '../mail/mailer.ts';
import type { BackgroundTasks } from '../tasks.ts';
import { Outbox, outboxMessageId } from './outbox.ts';

export { backoffMs, Outbox, outboxMessageId } from './outbox.ts';

export interface NotificationPush {
  userId: number;
  notification: Notification;
}

export function createOutbox(
  db: Db,
  clock: Clock,
  mailer: Mailer,
  broker: Pick<LiveBroker, 'publishToUser'>,
  tasks: BackgroundTasks,
  log: Pick<LiveLogger, 'error'>,
  publicUrl: string,
): Outbox {
  const outbox = new Outbox(db, clock, {
    track: (task) => tasks.run(task),
    onError: (err, row) =>
      log.error(
        { err, outboxId: row.id, kind: row.kind, attempts: row.attempts },
        'utkorg: leverans misslyckades',
      ),
  });
  outbox.handle<OutgoingMail>('MAIL', (mail, row) =>
    mailer.send({ ...mail, messageId: outboxMessageId(row, publicUrl) }),
  );
  outbox.handle<NotificationPush>('NOTIFICATION', async ({ userId, notification }) => {
    broker.publishToUser(userId, LiveDestinations.notificationsQueue, notification);
  });
  return outbox;
}
