// The SQL of messaging: conversation rows with the participant check, inserts, and the
// summaries (partner, last message, unread count) that the list and the live events show.
// The rules, the locking and the publish order are in service.ts.
import type { Conversation, Message, Role } from '@halsa/api/contract';
import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import { MAX_DB_ID } from '../../db/ids.ts';
import type { Database, MessagesTable } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { insertFileRow } from '../../files/upload.ts';
import { newId } from '../../security/tokens.ts';
import { profileImageUrl } from '../auth/session-user.ts';
import { careTeamFilter, readableUserFilter, staffMayRead } from '../../access/care-relation.ts';
import { attachmentUrl, displayName } from './attachments.ts';
import type { ConversationChange } from './live.ts';
import { MESSAGING_TEXT, type NewAttachment, type Partner } from './rules.ts';

export type Db = Kysely<Database>;
export type MessageRow = Selectable<MessagesTable>;
export interface ConversationRow {
  id: number;
  user_low_id: number;
  user_high_id: number;
}

/** Ids are `integer` columns: anything larger cannot exist (and must not reach the database). */
export { MAX_DB_ID };
export const validId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= MAX_DB_ID;

export const fullName = (u: { first_name: string; last_name: string }) =>
  `${u.first_name} ${u.last_name}`.trim() || 'Okänd användare';

export function toMessage(r: MessageRow): Message {
  return {
    id: r.id,
    conversationId: r.conversation_id,
    sender: r.sender_id,
    receiver: r.receiver_id,
    content: r.content,
    timestamp: r.created_at.toISOString(),
    isRead: r.is_read,
    isEdited: r.is_edited,
    editedAt: r.edited_at ? r.edited_at.toISOString() : null,
    originalFileName: r.original_file_name,
    clientMessageId: r.client_message_id,
  };
}

/** `userId` is one of a conversation's two users. */
export const takesPart = (userId: number) => (eb: ExpressionBuilder<Database, 'conversations'>) =>
  eb.or([eb('user_low_id', '=', userId), eb('user_high_id', '=', userId)]);

/**
 * Whether `userId` takes part in the conversation, for the live server's subscribe check of
 * `/topic/conversations/{id}/…` (live/README.md `authorize`).
 */
export async function isConversationParticipant(
  db: Db,
  conversationId: number,
  userId: number,
): Promise<boolean> {
  if (!validId(conversationId) || !validId(userId)) return false;
  const row = await db
    .selectFrom('conversations')
    .select('id')
    .where('id', '=', conversationId)
    .where(takesPart(userId))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The conversation, when `userId` takes part in it; otherwise 404 (whether it exists or not).
 * `lock` holds its row until the transaction ends.
 */
export async function participantConversation(
  executor: Db,
  userId: number,
  conversationId: number,
  { lock = false } = {},
): Promise<ConversationRow> {
  const row = validId(conversationId)
    ? await executor
        .selectFrom('conversations')
        .select(['id', 'user_low_id', 'user_high_id'])
        .where('id', '=', conversationId)
        .where(takesPart(userId))
        .$if(lock, (q) => q.forUpdate())
        .executeTakeFirst()
    : undefined;
  if (!row) throw notFound(MESSAGING_TEXT.conversationNotFound);
  return row;
}

/**
 * The conversation's next change number, for a change that holds its row lock in a transaction
 * (mark read, edit): the live events go out in this order (publish-order.ts).
 */
export async function nextChange(trx: Db, conversationId: number): Promise<number> {
  const row = await trx
    .updateTable('conversations')
    .set((eb) => ({ change_seq: eb('change_seq', '+', 1) }))
    .where('id', '=', conversationId)
    .returning('change_seq')
    .executeTakeFirstOrThrow();
  return row.change_seq;
}

export function bySenderKey(executor: Db, senderId: number, clientMessageId: string) {
  return executor
    .selectFrom('messages')
    .selectAll()
    .where('sender_id', '=', senderId)
    .where('client_message_id', '=', clientMessageId)
    .executeTakeFirst();
}

export async function insertFile(
  trx: Db,
  senderId: number,
  receiverId: number,
  file: NewAttachment,
  type: { mime: string; ext: string },
  now: Date,
): Promise<{ id: string; name: string }> {
  const id = newId();
  const name = displayName(file.filename, type);
  await insertFileRow(trx, {
    id,
    kind: 'MESSAGE_ATTACHMENT',
    subjectUserId: receiverId,
    uploadedBy: senderId,
    name,
    mime: type.mime,
    file,
    at: now,
  });
  return { id, name };
}

/** Inserts a message; undefined when its clientMessageId is taken. */
export async function insertMessage(
  trx: Db,
  conv: ConversationRow,
  senderId: number,
  receiverId: number,
  text: string,
  attachment: { id: string; name: string } | null,
  opts: { clientMessageId: string | undefined; now: Date },
): Promise<MessageRow | undefined> {
  return trx
    .insertInto('messages')
    .values({
      conversation_id: conv.id,
      sender_id: senderId,
      receiver_id: receiverId,
      // A file message is a text line, a newline, then the file URL (spec §3).
      content: attachment ? `${text}\n${attachmentUrl(attachment.id)}` : text,
      file_id: attachment?.id ?? null,
      original_file_name: attachment?.name ?? null,
      client_message_id: opts.clientMessageId ?? null,
      edited_at: null,
      created_at: opts.now,
    })
    .onConflict((oc) => oc.columns(['sender_id', 'client_message_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** The message and both participants' summaries, read inside the changing transaction. */
export async function changeOf(
  trx: Db,
  conv: ConversationRow,
  row: MessageRow,
  rowIsLast: boolean,
  now: Date,
): Promise<ConversationChange> {
  // A STAFF participant gets the live summary (with the message text) only while she may read
  // the client (design §4.14): one who left the care team is not pushed it.
  const mayRead = (side: 'ul' | 'uh', other: 'ul' | 'uh') =>
    sql<boolean>`(${sql.ref(`${side}.role`)} <> 'STAFF' or ${sql.ref(`${other}.role`)} <> 'USER'
      or ${staffMayRead(sql.ref(`${side}.id`), sql.ref(`${other}.id`), now)})`;
  const r = await trx
    .selectFrom('conversations as c')
    .innerJoin('users as ul', 'ul.id', 'c.user_low_id')
    .innerJoin('users as uh', 'uh.id', 'c.user_high_id')
    .select([
      'ul.id as low_id',
      'ul.first_name as low_first_name',
      'ul.last_name as low_last_name',
      'ul.image_file_id as low_image_file_id',
      'ul.role as low_role',
      'uh.role as high_role',
      'uh.id as high_id',
      'uh.first_name as high_first_name',
      'uh.last_name as high_last_name',
      'uh.image_file_id as high_image_file_id',
      sql<number>`(select count(*)::int from messages u where u.conversation_id = c.id and u.receiver_id = c.user_low_id and not u.is_read)`.as(
        'unread_low',
      ),
      sql<number>`(select count(*)::int from messages u where u.conversation_id = c.id and u.receiver_id = c.user_high_id and not u.is_read)`.as(
        'unread_high',
      ),
      mayRead('ul', 'uh').as('low_may_read'),
      mayRead('uh', 'ul').as('high_may_read'),
    ])
    .where('c.id', '=', conv.id)
    .executeTakeFirstOrThrow();
  const last = lastMessageOf(rowIsLast ? lastRowOf(row) : await lastMessageRow(trx, conv.id));
  const low = { id: r.low_id, first_name: r.low_first_name, last_name: r.low_last_name };
  const high = { id: r.high_id, first_name: r.high_first_name, last_name: r.high_last_name };
  return {
    conversationId: conv.id,
    message: toMessage(row),
    roles: new Map([
      [low.id, r.low_role],
      [high.id, r.high_role],
    ]),
    summaries: [
      ...(r.low_may_read
        ? [
            {
              userId: low.id,
              conversation: summaryOf(conv.id, high, r.high_image_file_id, last, r.unread_low),
            },
          ]
        : []),
      ...(r.high_may_read
        ? [
            {
              userId: high.id,
              conversation: summaryOf(conv.id, low, r.low_image_file_id, last, r.unread_high),
            },
          ]
        : []),
    ],
  };
}

export async function lastMessageRow(executor: Db, conversationId: number): Promise<LastRow> {
  const m = await executor
    .selectFrom('messages')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return lastRowOf(m);
}

/**
 * The client on the other side of what a staff member asks for (a conversation, a message, an
 * attachment), for the care-team check of design §4.14; null when it is not a client or not hers.
 */
export type PartnerOf = { conversationId: number } | { messageId: number } | { fileId: string };

/** As a query selecting that client's `id` (for the one-query care-team check), or null. */
export function clientPartnerQuery(executor: Db, viewerId: number, of: PartnerOf) {
  const partner = sql<number>`case when c.user_low_id = ${viewerId} then c.user_high_id else c.user_low_id end`;
  let q = executor
    .selectFrom('conversations as c')
    .innerJoin('users as p', (join) => join.on(sql<boolean>`p.id = ${partner}`))
    .select('p.id')
    .where('p.role', '=', 'USER')
    .where((eb) =>
      eb.or([eb('c.user_low_id', '=', viewerId), eb('c.user_high_id', '=', viewerId)]),
    );
  if ('conversationId' in of) {
    if (!validId(of.conversationId)) return null;
    q = q.where('c.id', '=', of.conversationId);
  } else if ('messageId' in of) {
    if (!validId(of.messageId)) return null;
    q = q.where((eb) =>
      eb(
        'c.id',
        'in',
        eb.selectFrom('messages').select('conversation_id').where('id', '=', of.messageId),
      ),
    );
  } else {
    if (!/^[0-9a-f-]{36}$/i.test(of.fileId)) return null;
    q = q.where((eb) =>
      eb(
        'c.id',
        'in',
        eb
          .selectFrom('messages')
          .select('conversation_id')
          .where('file_id', '=', of.fileId.toLowerCase()),
      ),
    );
  }
  return q;
}

export async function clientPartnerOf(
  executor: Db,
  viewerId: number,
  of: PartnerOf,
): Promise<number | null> {
  const q = clientPartnerQuery(executor, viewerId, of);
  if (q === null) return null;
  const row = await q.executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Conversation summaries as `viewerId` sees them (partner, last message, unread count,
 * `messages: []`), newest last message first; one conversation when `conversationId` is given.
 * Each with its partner's id and role.
 */
export async function summaries(
  executor: Db,
  viewerId: number,
  conversationId?: number,
  viewer?: { role: Role; userId: number; now: Date },
  filter: { partnerId?: number } = {},
): Promise<{ conversation: Conversation; partner: Partner }[]> {
  if (conversationId !== undefined && !validId(conversationId)) return [];
  if (filter.partnerId !== undefined && !validId(filter.partnerId)) return [];
  let q = executor
    .selectFrom('conversations as c')
    .innerJoin('users as p', (join) =>
      join.on(
        sql<boolean>`p.id = case when c.user_low_id = ${viewerId} then c.user_high_id else c.user_low_id end`,
      ),
    )
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('messages as lm')
          .select(['lm.id', 'lm.content', 'lm.original_file_name', 'lm.created_at'])
          .whereRef('lm.conversation_id', '=', 'c.id')
          .orderBy('lm.created_at', 'desc')
          .orderBy('lm.id', 'desc')
          .limit(1)
          .as('last'),
      (join) => join.onTrue(),
    )
    // Her unread messages counted once, grouped by conversation, from the unread index by
    // receiver: a count per conversation read that index's every entry of hers again for each
    // row (a coach with 400 unread lines: 400 × 400 entries, bench:capacity, issue 38).
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('messages as u')
          .select(['u.conversation_id', sql<number>`count(*)::int`.as('n')])
          .where('u.receiver_id', '=', viewerId)
          .where(sql<boolean>`not u.is_read`)
          .groupBy('u.conversation_id')
          .as('unread'),
      (join) => join.onRef('unread.conversation_id', '=', 'c.id'),
    )
    .select([
      'c.id',
      'p.id as partner_id',
      'p.role as partner_role',
      'p.first_name',
      'p.last_name',
      'p.image_file_id',
      'last.id as last_id',
      'last.content as last_content',
      'last.original_file_name as last_file_name',
      'last.created_at as last_created_at',
      sql<number>`coalesce(unread.n, 0)`.as('unread'),
    ])
    .where((eb) => eb.or([eb('c.user_low_id', '=', viewerId), eb('c.user_high_id', '=', viewerId)]))
    .orderBy(sql`last.id desc nulls last`)
    .orderBy('c.id', 'desc');
  if (conversationId !== undefined) q = q.where('c.id', '=', conversationId);
  if (filter.partnerId !== undefined) q = q.where('p.id', '=', filter.partnerId);
  // STAFF: conversations with a client she may no longer read (left her care team) stay out.
  if (viewer?.role === 'STAFF')
    q = q.where((eb) =>
      eb.or([eb('p.role', '<>', 'USER'), careTeamFilter(viewer, sql.ref('p.id'), viewer.now)]),
    );
  const rows = await q.execute();
  return rows.map((r) => ({
    conversation: summaryOf(
      r.id,
      { id: r.partner_id, first_name: r.first_name, last_name: r.last_name },
      r.image_file_id,
      lastMessageOf(r),
      r.unread,
    ),
    partner: { id: r.partner_id, role: r.partner_role },
  }));
}

/**
 * How many messages `viewer` has not read: exactly the sum of `summaries`' unread counts (the
 * same conversations, the same care-team rule for STAFF), counted in one statement from the
 * unread index by receiver. It reads no message text, so it shows none and logs nothing
 * (preview-audit.ts logs the list's previews, issue 38).
 *
 * A message she received is in a conversation of hers and its sender is that conversation's
 * partner, so the rule is asked of the sender, against one set built once for the statement
 * (`readableUserFilter`), not through each message's conversation and partner (a coach's badge
 * on every page: 12.7 → 1.8 ms at 200 000 clients, bench:capacity, issue 38).
 */
export async function unreadTotal(
  executor: Db,
  viewer: { role: Role; userId: number; now: Date },
): Promise<number> {
  const row = await executor
    .selectFrom('messages as u')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('u.receiver_id', '=', viewer.userId)
    .where(sql<boolean>`not u.is_read`)
    .where(readableUserFilter(executor, viewer, sql.ref('u.sender_id'), viewer.now))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const lastRowOf = (m: MessageRow | undefined): LastRow => ({
  last_id: m?.id ?? null,
  last_content: m?.content ?? null,
  last_file_name: m?.original_file_name ?? null,
  last_created_at: m?.created_at ?? null,
});

interface LastRow {
  last_id: number | null;
  last_content: string | null;
  last_file_name: string | null;
  last_created_at: Date | null;
}

function lastMessageOf(r: LastRow): Conversation['lastMessage'] {
  if (r.last_id === null || r.last_content === null || r.last_created_at === null) return null;
  return {
    content: r.last_content,
    originalFileName: r.last_file_name,
    timestamp: r.last_created_at.toISOString(),
    createdAt: r.last_created_at.toISOString(),
  };
}

function summaryOf(
  conversationId: number,
  partner: { id: number; first_name: string; last_name: string },
  partnerImage: string | null,
  lastMessage: Conversation['lastMessage'],
  unread: number,
): Conversation {
  return {
    conversationId,
    partner: {
      id: partner.id,
      fullName: fullName(partner),
      imageUrl: profileImageUrl(partnerImage),
    },
    lastMessage,
    unreadCount: Number(unread),
    messages: [],
  };
}
