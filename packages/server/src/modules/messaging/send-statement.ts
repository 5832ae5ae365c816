// A send as one statement (issue 38 item 5), and how the service runs it: on its own (one round
// trip that is its own commit) or, for a file message, in the transaction that stores the file's
// row, so a refused send leaves no file row behind.
import { sql, type RawBuilder } from 'kysely';
import { noCareRelation, staffMayRead } from '../../access/care-relation.ts';
import type { Clock } from '../../clock.ts';
import { badRequest, notFound, type HttpError } from '../../http/errors.ts';
import type { NoticeMails } from '../notice-mails/service.ts';
import { attachmentUrl } from './attachments.ts';
import { insertFile, validId, type ConversationRow, type Db, type MessageRow } from './queries.ts';
import { MESSAGING_TEXT, type NewAttachment } from './rules.ts';

/** What one send statement did (sendStatement). */
export type SendOutcome =
  /** Not a conversation of the sender's (or none at all). */
  | { kind: 'notFound' }
  /** A STAFF sender who may not read the client (design §4.14): nothing written. */
  | { kind: 'noCareRelation' }
  /** `receiverId` was given and is not the partner: nothing written. */
  | { kind: 'wrongReceiver' }
  /** The sender's clientMessageId is taken: nothing written. */
  | { kind: 'keyTaken'; conv: ConversationRow }
  /** Written: the message and the conversation's change number it took under the lock. */
  | { kind: 'sent'; conv: ConversationRow; row: MessageRow; seq: number };

/** In sendStatement's `counted`: the receiver of the message it inserted (null when none). */
export const SENT_RECEIVER = sql<number | null>`(select m.receiver_id from m)`;

/**
 * A send as one statement (issue 38 item 5): it locks the conversation row (FOR UPDATE, with the
 * participant check and, for a STAFF sender, the care-team rule read in the same statement),
 * inserts the message, counts it for the receiver's notice mail (`counted`, from NoticeMails),
 * touches the conversation and takes its next change number. On its own (autocommit) it is one
 * round trip and its own commit: the lock is held from its first row to the commit and no longer,
 * so message ids of a conversation still grow in commit order, and nothing waits on a client
 * round trip while holding it. Every part after the lock reads the row it locked (`c`), so a send
 * that waited for the lock numbers itself after the one it waited for. When the lock, the rule or
 * the key refuses, nothing is written.
 */
export async function sendStatement(
  executor: Db,
  input: {
    conversationId: number;
    senderId: number;
    /** A STAFF sender: the care-team rule (design §4.14) is read in this same statement. */
    staff: boolean;
    receiverId: number | undefined;
    content: string;
    attachment: { id: string; name: string } | null;
    clientMessageId: string | undefined;
    now: Date;
    /** A statement counting the message for its receiver, `SENT_RECEIVER`; null: none. */
    counted: RawBuilder<unknown> | null;
  },
): Promise<SendOutcome> {
  const me = input.senderId;
  if (!validId(input.conversationId)) return { kind: 'notFound' };
  const partner = sql<number>`case when user_low_id = ${me} then user_high_id else user_low_id end`;
  const mayRead = input.staff
    ? sql<boolean>`(not exists (select 1 from users cu where cu.id = ${partner} and cu.role = 'USER')
        or ${staffMayRead(me, partner, input.now)})`
    : sql<boolean>`true`;
  const receiverOk =
    input.receiverId === undefined
      ? sql<boolean>`true`
      : validId(input.receiverId)
        ? sql<boolean>`c.partner = ${input.receiverId}`
        : sql<boolean>`false`;
  const a = input.attachment;
  // A file message is a text line, a newline, then the file URL (spec §3).
  const content = a ? `${input.content}\n${attachmentUrl(a.id)}` : input.content;
  const counted = input.counted;
  const result = await sql<
    ConversationRow & {
      partner: number;
      may_read: boolean;
      receiver_ok: boolean;
      change_seq: number | null;
      message: MessageRow | null;
    }
  >`
    with c as (
      select id, user_low_id, user_high_id, ${partner} as partner, ${mayRead} as may_read
      from conversations
      where id = ${input.conversationId} and (user_low_id = ${me} or user_high_id = ${me})
      for update
    ), m as (
      insert into messages (conversation_id, sender_id, receiver_id, content, file_id,
        original_file_name, client_message_id, edited_at, created_at)
      select c.id, ${me}, c.partner, ${content}, ${a?.id ?? null}, ${a?.name ?? null},
        ${input.clientMessageId ?? null}, null, ${input.now}::timestamptz
      from c where c.may_read and ${receiverOk}
      on conflict (sender_id, client_message_id) do nothing
      returning *
    ), t as (
      update conversations set last_message_at = ${input.now}::timestamptz,
        change_seq = change_seq + 1
      where id = (select m.conversation_id from m)
      returning change_seq
    )${counted ? sql`, n as (${counted})` : sql``}
    select c.id, c.user_low_id, c.user_high_id, c.partner, c.may_read, ${receiverOk} as receiver_ok,
      t.change_seq, to_jsonb(m) as message
    from c left join m on true left join t on true
  `.execute(executor);
  const r = result.rows[0];
  if (!r) return { kind: 'notFound' };
  if (!r.may_read) return { kind: 'noCareRelation' };
  if (!r.receiver_ok) return { kind: 'wrongReceiver' };
  const conv = { id: r.id, user_low_id: r.user_low_id, user_high_id: r.user_high_id };
  if (!r.message || r.change_seq === null) return { kind: 'keyTaken', conv };
  return { kind: 'sent', conv, row: messageOfJson(r.message), seq: r.change_seq };
}

/** A messages row as `to_jsonb` gives it (timestamps as text). */
function messageOfJson(m: MessageRow): MessageRow {
  const date = (v: Date | string | null) => (v === null ? null : new Date(v));
  return { ...m, created_at: date(m.created_at) as Date, edited_at: date(m.edited_at) };
}

/** A send statement that wrote nothing, thrown out of a transaction so the file row goes too. */
class NotSent extends Error {
  constructor(readonly outcome: Exclude<SendOutcome, { kind: 'sent' }>) {
    super(outcome.kind);
  }
}

export type SendInput = Omit<Parameters<typeof sendStatement>[1], 'attachment' | 'counted'>;

/**
 * Runs a send: the statement on its own when it can count the notice itself (a new message is a
 * gathered kind, NoticeMails.gathered), else, or with a file (its row in the same commit), in a
 * transaction with the statement, the file row and NoticeMails.record.
 */
export async function runSend(
  db: Db,
  clock: Clock,
  notices: Pick<NoticeMails, 'record' | 'gathered'> | undefined,
  input: SendInput,
  file: { file: NewAttachment; type: { mime: string; ext: string }; conv: ConversationRow } | null,
): Promise<SendOutcome> {
  const counted = notices?.gathered(SENT_RECEIVER, 'NEW_MESSAGE') ?? null;
  const countApart = notices !== undefined && counted === null;
  if (!file && !countApart) return sendStatement(db, { ...input, attachment: null, counted });
  return db
    .transaction()
    .execute(async (trx) => {
      let attachment: { id: string; name: string } | null = null;
      if (file) {
        const { conv } = file;
        const partner = conv.user_low_id === input.senderId ? conv.user_high_id : conv.user_low_id;
        attachment = await insertFile(
          trx,
          input.senderId,
          partner,
          file.file,
          file.type,
          clock.now(),
        );
      }
      const done = await sendStatement(trx, { ...input, attachment, counted });
      if (done.kind !== 'sent') throw new NotSent(done);
      if (countApart) await notices?.record(trx, done.row.receiver_id, 'NEW_MESSAGE');
      return done;
    })
    .catch((error: unknown) => {
      if (error instanceof NotSent) return error.outcome;
      throw error;
    });
}

/** The answer to a send refused before it wrote anything (a taken key is the caller's to answer). */
export function refusal(kind: 'notFound' | 'noCareRelation' | 'wrongReceiver'): HttpError {
  switch (kind) {
    case 'notFound':
      return notFound(MESSAGING_TEXT.conversationNotFound);
    case 'noCareRelation':
      return noCareRelation();
    case 'wrongReceiver':
      return badRequest(MESSAGING_TEXT.wrongReceiver);
  }
}
