// Staff seeing a client's message text outside the opened conversation (issue 16 §4,
// Patientdatalagen): the conversation list shows each conversation's latest message, and the
// live summary pushed to `/topic/users/{id}/conversations` carries a new message's text. Both are
// logged, one row per client: CONVERSATION_LIST_VIEWED when STAFF/ADMIN lists conversations with
// a client that have a latest message, MESSAGE_PUSHED when a client's new message is pushed to a
// STAFF/ADMIN participant. A client's own list and pushes are not access by staff.
import type { Conversation } from '@halsa/api/contract';
import type { Db } from '../../db/index.ts';
import { benchTimings } from '../../live/bench-timings.ts';
import type { Role } from '../../db/schema.ts';
import type { BackgroundTasks } from '../../tasks.ts';
import type { ActivityLog } from '../activity/service.ts';
import type { ConversationChange } from './live.ts';
import type { Partner } from './rules.ts';
import type { Viewer } from './service.ts';

async function rolesOf(db: Db, ids: number[]): Promise<Map<number, Role>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'role']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.role]));
}

/**
 * After a STAFF/ADMIN list call: one row per client whose latest message text was shown. Each
 * partner's role comes from the list's own query (a lookup of the ~400 partners' roles was one
 * more statement per list).
 */
export async function recordListPreviews(
  activity: ActivityLog,
  viewer: Viewer,
  list: { conversation: Conversation; partner: Partner }[],
  ip: string,
): Promise<void> {
  if (viewer.role === 'USER') return;
  // One INSERT for the whole list (a coach's list shows about 400 clients): a row per INSERT
  // made each row wait for the log chain's lock and a commit of its own, one after another
  // (bench:capacity's first wall, issue 38).
  await activity.recordMany(
    list
      .filter((r) => r.conversation.lastMessage !== null && r.partner.role === 'USER')
      .map(({ conversation: c }) => ({
        action: 'CONVERSATION_LIST_VIEWED' as const,
        actorUserId: viewer.userId,
        subjectUserId: c.partner.id,
        ip,
        details: { conversationId: c.conversationId },
      })),
  );
}

/**
 * For MessagingEvents: after a change is published, logs each STAFF/ADMIN recipient of a
 * client's message text in their summary push. Runs as a background task (never fails the
 * change; tests await `tasks.idle()`).
 */
export function pushAudit(
  db: Db,
  activity: ActivityLog,
  tasks: BackgroundTasks,
): (change: ConversationChange) => void {
  return (change) =>
    tasks.run(async () => {
      // Marking a message read re-sends the summary: MESSAGE_READ already logs that read.
      if (change.message.isRead && !change.message.isEdited) return;
      const sender = change.message.sender;
      const recipients = change.summaries.map((s) => s.userId).filter((id) => id !== sender);
      if (recipients.length === 0) return;
      const t0 = benchTimings.now();
      // The roles the change's transaction read; a lookup only for a change without them.
      const roles = change.roles ?? (await rolesOf(db, [sender, ...recipients]));
      benchTimings.since('audit.pushRoles', t0);
      if (roles.get(sender) !== 'USER') return;
      await activity.recordMany(
        recipients
          .filter((userId) => roles.get(userId) !== 'USER')
          .map((userId) => ({
            action: 'MESSAGE_PUSHED' as const,
            actorUserId: userId,
            subjectUserId: sender,
            ip: null,
            details: { conversationId: change.conversationId, messageId: change.message.id },
          })),
      );
    });
}
