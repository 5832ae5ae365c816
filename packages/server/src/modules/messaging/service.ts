// Messaging (spec §3, §4, §5, §7): one conversation per pair of users, messages in id order.
//
// Every call checks that the caller takes part in the conversation; a conversation or message
// of others is answered exactly like one that does not exist (404), so ids reveal nothing.
// Every change to a conversation (send, mark read, edit) runs in a transaction that first
// locks the conversation row: changes of one conversation are serialised, so message ids grow
// in commit order (a client that fetches `?after=<last id>` after a reconnect misses nothing)
// and the summaries built inside the transaction are exactly the committed state. The live
// events are published after the commit, in lock order (publish-order.ts).
import type { Conversation, FilteredUser, Message } from '@halsa/api/contract';
import type { Clock } from '../../clock.ts';
import type { FileStorage } from '../../files/storage.ts';
import { PublishOrder, type Turn } from './publish-order.ts';
import { benchTimings } from '../../live/bench-timings.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { profileImageUrl } from '../auth/session-user.ts';
import { sql } from 'kysely';
import { listScope } from '../../access/care-relation.ts';
import { checkAttachment } from './attachments.ts';
import type { ConversationChange, MessagingEvents } from './live.ts';
import type { NoticeMails } from '../notice-mails/service.ts';
import {
  bySenderKey,
  changeOf,
  fullName,
  insertFile,
  insertMessage,
  participantConversation,
  summaries,
  toMessage,
  touchParticipant,
  validId,
  type ConversationRow,
  type Db,
} from './queries.ts';
import { conversationTranscript, messageAttachment } from './downloads.ts';

export { isConversationParticipant, toMessage } from './queries.ts';
import {
  clientPartnerQuery,
  isConversationParticipant,
  MAX_DB_ID,
  type PartnerOf,
} from './queries.ts';

export * from './rules.ts';
import {
  canMessage,
  checkMessageText,
  ConversationExistsError,
  Repeated,
  MESSAGING_TEXT,
  type NewAttachment,
  type Partner,
  type Viewer,
} from './rules.ts';

const collator = new Intl.Collator('sv-SE');

/** A unique index refused the insert (PostgreSQL 23505). */
const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

export class MessagingService {
  /** Publishes each conversation's changes in the order they took its lock. */
  readonly publishOrder = new PublishOrder();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly storage: FileStorage,
    private readonly events: MessagingEvents,
    /** Counts a new message for the receiver's notice mail (design §4.16), in the transaction. */
    private readonly notices?: Pick<NoticeMails, 'record'>,
  ) {}

  // ---- reads --------------------------------------------------------------------------------

  /** For the live server's subscribe check of `/topic/conversations/{id}/…`. */
  isParticipant(conversationId: number, userId: number): Promise<boolean> {
    return isConversationParticipant(this.db, conversationId, userId);
  }

  /** The caller's conversations, newest message first, each without its messages. */
  async list(viewer: Viewer): Promise<Conversation[]> {
    const rows = await summaries(this.db, viewer.userId, undefined, {
      ...viewer,
      now: this.clock.now(),
    });
    return rows.map((r) => r.conversation);
  }

  /**
   * The client behind a conversation, message or attachment, as a query the care-team check
   * runs in its own statement (one round trip), or null when the id cannot be one.
   */
  clientPartnerOf(viewer: Viewer, of: PartnerOf) {
    return clientPartnerQuery(this.db, viewer.userId, of);
  }

  /** People the caller may start a conversation with (spec §6 roles), by name. */
  async filteredUsers(viewer: Viewer): Promise<FilteredUser[]> {
    const users = () =>
      this.db
        .selectFrom('users')
        .select(['id', 'first_name', 'last_name', 'role', 'image_file_id'])
        .where('id', '<>', viewer.userId)
        .where('deactivated_at', 'is', null);
    const staff = () => users().where('role', 'in', ['STAFF', 'ADMIN']);
    // Design §4.14: a STAFF member starts conversations with her care team's clients only: the
    // staff, and her readable clients by id (index reads, not a test of every user).
    const scope =
      viewer.role === 'STAFF' ? await listScope(this.db, viewer, this.clock.now()) : null;
    const q =
      viewer.role === 'USER'
        ? staff()
        : scope
          ? staff().unionAll(
              users()
                .where('role', '=', 'USER')
                .where(scope(sql.ref('users.id'))),
            )
          : users();
    const rows = await q.execute();
    return rows
      .map((u) => ({
        id: u.id,
        fullName: fullName(u),
        role: u.role,
        imageUrl: profileImageUrl(u.image_file_id),
      }))
      .sort((a, b) => collator.compare(a.fullName, b.fullName) || a.id - b.id);
  }

  /** One conversation with its messages in order (only those after `after`, when given). */
  async get(viewer: Viewer, conversationId: number, after?: number): Promise<Conversation> {
    return (await this.read(viewer, conversationId, after)).conversation;
  }

  /**
   * get, with the partner's id and role (from the same query) for the activity log: a read of
   * a client's conversation by staff is logged (Patientdatalagen).
   */
  async read(
    viewer: Viewer,
    conversationId: number,
    after?: number,
  ): Promise<{ conversation: Conversation; partner: Partner }> {
    const [found] = await summaries(this.db, viewer.userId, conversationId);
    if (!found) throw notFound(MESSAGING_TEXT.conversationNotFound);
    const { conversation: summary, partner } = found;
    let q = this.db
      .selectFrom('messages')
      .selectAll()
      .where('conversation_id', '=', conversationId)
      .orderBy('id', 'asc');
    if (after !== undefined) q = q.where('id', '>', Math.min(after, MAX_DB_ID));
    const rows = await q.execute();
    return { conversation: { ...summary, messages: rows.map(toMessage) }, partner };
  }

  /** The conversation as a text file (spec §7 download); see downloads.ts. */
  transcript(viewer: Viewer, conversationId: number) {
    return conversationTranscript(this.db, this.clock, viewer, conversationId);
  }

  /** An attachment, for a participant of a conversation it was sent in; see downloads.ts. */
  attachment(viewer: Viewer, fileId: string) {
    return messageAttachment(this.db, this.storage, viewer, fileId);
  }

  // ---- changes ------------------------------------------------------------------------------

  /**
   * Starts a conversation with a first message (text and/or file). A repeat with the same
   * clientMessageId answers the conversation it created (`created: false`) and publishes nothing.
   */
  async create(
    viewer: Viewer,
    input: {
      receiverId: number;
      text: string | undefined;
      file: NewAttachment | null;
      clientMessageId: string | undefined;
    },
  ): Promise<{ conversation: Conversation; created: boolean }> {
    const me = viewer.userId;
    const text = checkMessageText(input.text ?? '', null);
    if (text === '' && !input.file) throw badRequest(MESSAGING_TEXT.textOrFile);
    if (input.receiverId === me) throw badRequest(MESSAGING_TEXT.self);
    // A missing user and one the caller may not write to answer the same (no enumeration).
    const receiver = validId(input.receiverId)
      ? await this.db
          .selectFrom('users')
          .select(['id', 'role'])
          .where('id', '=', input.receiverId)
          .executeTakeFirst()
      : undefined;
    if (!receiver || !canMessage(viewer.role, receiver.role)) {
      throw forbidden(MESSAGING_TEXT.receiverNotAllowed);
    }
    const clientMessageId = input.clientMessageId?.toLowerCase();
    if (clientMessageId) {
      const prior = await bySenderKey(this.db, me, clientMessageId);
      if (prior) {
        if (prior.receiver_id !== receiver.id) throw conflict(MESSAGING_TEXT.clientIdReused);
        return { conversation: await this.get(viewer, prior.conversation_id), created: false };
      }
    }
    const [low, high] = me < receiver.id ? [me, receiver.id] : [receiver.id, me];
    const existing = await this.db
      .selectFrom('conversations')
      .select('id')
      .where('user_low_id', '=', low)
      .where('user_high_id', '=', high)
      .executeTakeFirst();
    if (existing) throw new ConversationExistsError(existing.id);

    // The file is already in storage (files/upload.ts); the route's withUpload removes it
    // unless the message that carries it commits.
    const type = input.file ? checkAttachment(input.file) : null;
    let change: ConversationChange;
    try {
      ({ change } = await this.#change(async (trx, locked) => {
        const now = this.clock.now();
        const conv = await trx
          .insertInto('conversations')
          .values({ user_low_id: low, user_high_id: high, created_at: now, last_message_at: now })
          .onConflict((oc) => oc.columns(['user_low_id', 'user_high_id']).doNothing())
          .returning(['id', 'user_low_id', 'user_high_id'])
          .executeTakeFirst();
        if (!conv) {
          const other = await trx
            .selectFrom('conversations')
            .select('id')
            .where('user_low_id', '=', low)
            .where('user_high_id', '=', high)
            .executeTakeFirstOrThrow();
          throw new ConversationExistsError(other.id);
        }
        // The new row is locked until the commit.
        locked(conv.id);
        const attachment =
          input.file && type
            ? await insertFile(trx, me, receiver.id, input.file, type, this.clock.now())
            : null;
        const row = await insertMessage(trx, conv, me, receiver.id, text, attachment, {
          clientMessageId,
          now,
        });
        if (!row) throw conflict(MESSAGING_TEXT.clientIdReused);
        await this.notices?.record(trx, receiver.id, 'NEW_MESSAGE');
        return { change: await changeOf(trx, conv, row, true, this.clock.now()) };
      }));
    } catch (error) {
      // A concurrent repeat of this very call lost the race: answer what the first one made.
      if (
        clientMessageId &&
        (error instanceof ConversationExistsError || isUniqueViolation(error))
      ) {
        const prior = await bySenderKey(this.db, me, clientMessageId);
        if (prior && prior.receiver_id === receiver.id) {
          return { conversation: await this.get(viewer, prior.conversation_id), created: false };
        }
      }
      if (isUniqueViolation(error)) throw conflict(MESSAGING_TEXT.clientIdReused);
      throw error;
    }
    if (input.file) input.file.kept = true;
    const mine = change.summaries.find((s) => s.userId === me);
    return {
      conversation: { ...(mine?.conversation as Conversation), messages: [change.message] },
      created: true,
    };
  }

  /**
   * Sends a message (text, or a file with an optional text line) into a conversation the caller
   * takes part in. A repeat with the same clientMessageId returns the first message
   * (`created: false`) and publishes nothing.
   */
  async send(
    viewer: Viewer,
    conversationId: number,
    input: {
      receiverId?: number | undefined;
      content: string;
      file?: NewAttachment | null;
      clientMessageId?: string | undefined;
    },
  ): Promise<{ message: Message; created: boolean }> {
    const me = viewer.userId;
    const file = input.file ?? null;
    const text = checkMessageText(input.content, file ? null : MESSAGING_TEXT.emptyMessage);
    const clientMessageId = input.clientMessageId?.toLowerCase();
    const repeat = async (executor: Db, conv: ConversationRow) => {
      if (!clientMessageId) return null;
      const prior = await bySenderKey(executor, me, clientMessageId);
      if (!prior) return null;
      if (prior.conversation_id !== conv.id) throw conflict(MESSAGING_TEXT.clientIdReused);
      return toMessage(prior);
    };

    // The file is already in storage (files/upload.ts): it is kept only for a participant's
    // new message; otherwise the route's withUpload removes it.
    let type: { mime: string; ext: string } | null = null;
    if (file) {
      const conv = await participantConversation(this.db, me, conversationId);
      type = checkAttachment(file);
      const early = await repeat(this.db, conv);
      if (early) return { message: early, created: false };
    }
    let change: ConversationChange;
    try {
      ({ change } = await this.#change(async (trx, locked) => {
        const now = this.clock.now();
        let t = benchTimings.now();
        // Locks (and touches) the conversation: sends into one conversation are serialised.
        const conv = await touchParticipant(trx, me, conversationId, now, viewer.role === 'STAFF');
        benchTimings.since('tx.lockConversation', t);
        locked(conv.id);
        const partner = conv.user_low_id === me ? conv.user_high_id : conv.user_low_id;
        if (input.receiverId !== undefined && input.receiverId !== partner) {
          throw badRequest(MESSAGING_TEXT.wrongReceiver);
        }
        const attachment =
          file && type ? await insertFile(trx, me, partner, file, type, this.clock.now()) : null;
        t = benchTimings.now();
        const row = await insertMessage(trx, conv, me, partner, text, attachment, {
          clientMessageId,
          now,
        });
        benchTimings.since('tx.insertMessage', t);
        if (!row) {
          // The key was used before: a repeat answers the first message (and everything
          // this transaction did is rolled back); in another conversation it is a conflict.
          const prior = await repeat(trx, conv);
          if (prior) throw new Repeated(prior);
          throw conflict(MESSAGING_TEXT.clientIdReused);
        }
        t = benchTimings.now();
        await this.notices?.record(trx, partner, 'NEW_MESSAGE');
        benchTimings.since('tx.noticeRecord', t);
        t = benchTimings.now();
        const done = { change: await changeOf(trx, conv, row, true, this.clock.now()) };
        benchTimings.since('tx.summaries', t);
        return done;
      }));
    } catch (error) {
      if (error instanceof Repeated) return { message: error.first, created: false };
      if (isUniqueViolation(error)) throw conflict(MESSAGING_TEXT.clientIdReused);
      throw error;
    }
    if (file) file.kept = true;
    return { message: change.message, created: true };
  }

  /**
   * Marks a received message read. Only its receiver may; others' messages are a 404. Answers
   * the conversation and the sender when the message was unread until now, otherwise null.
   */
  async markRead(
    viewer: Viewer,
    messageId: number,
  ): Promise<{ conversationId: number; sender: Partner } | null> {
    const me = viewer.userId;
    if (!validId(messageId)) throw notFound(MESSAGING_TEXT.messageNotFound);
    const { change, sender } = await this.#change(async (trx, locked) => {
      const found = await trx
        .selectFrom('messages as m')
        .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
        .innerJoin('users as s', 's.id', 'm.sender_id')
        .select(['c.id', 'c.user_low_id', 'c.user_high_id', 'm.sender_id', 's.role as sender_role'])
        .where('m.id', '=', messageId)
        .where((eb) => eb.or([eb('c.user_low_id', '=', me), eb('c.user_high_id', '=', me)]))
        .forUpdate(['c'])
        .executeTakeFirst();
      if (!found) throw notFound(MESSAGING_TEXT.messageNotFound);
      locked(found.id);
      const row = await trx
        .selectFrom('messages')
        .selectAll()
        .where('id', '=', messageId)
        .executeTakeFirstOrThrow();
      if (row.receiver_id !== me) throw forbidden(MESSAGING_TEXT.onlyReceiverMarksRead);
      if (row.is_read) return { change: null, sender: null };
      const updated = await trx
        .updateTable('messages')
        .set({ is_read: true })
        .where('id', '=', messageId)
        .returningAll()
        .executeTakeFirstOrThrow();
      return {
        change: await changeOf(trx, found, updated, false, this.clock.now()),
        sender: { id: found.sender_id, role: found.sender_role },
      };
    });
    return change && sender ? { conversationId: change.conversationId, sender } : null;
  }

  /** Edits the caller's own text message (spec §4, §5). */
  async edit(
    viewer: Viewer,
    conversationId: number,
    messageId: number,
    newContent: string | undefined,
  ): Promise<{ content: string; isEdited: boolean; editedAt: string | null }> {
    const me = viewer.userId;
    const result = await this.#change(async (trx, locked) => {
      const conv = await participantConversation(trx, me, conversationId, { lock: true });
      locked(conv.id);
      if (!validId(messageId)) throw notFound(MESSAGING_TEXT.messageNotFound);
      const row = await trx
        .selectFrom('messages')
        .selectAll()
        .where('id', '=', messageId)
        .where('conversation_id', '=', conv.id)
        .executeTakeFirst();
      if (!row) throw notFound(MESSAGING_TEXT.messageNotFound);
      if (row.sender_id !== me) throw forbidden(MESSAGING_TEXT.onlySenderEdits);
      if (row.file_id !== null || row.original_file_name !== null) {
        throw badRequest(MESSAGING_TEXT.fileEdit);
      }
      const content = checkMessageText(newContent ?? '', MESSAGING_TEXT.emptyEdit);
      if (content === row.content) return { row, change: null };
      const updated = await trx
        .updateTable('messages')
        .set({ content, is_edited: true, edited_at: this.clock.now() })
        .where('id', '=', messageId)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { row: updated, change: await changeOf(trx, conv, updated, false, this.clock.now()) };
    });
    return {
      content: result.row.content,
      isEdited: result.row.is_edited,
      editedAt: result.row.edited_at ? result.row.edited_at.toISOString() : null,
    };
  }

  // ---- helpers ------------------------------------------------------------------------------

  /**
   * Runs a change of one conversation in a transaction. `work` calls `locked(id)` as soon as it
   * holds the conversation's row lock; the change it returns (if any) is published after the
   * commit, in lock order (publish-order.ts). A failed transaction gives its turn up.
   */
  async #change<T extends { change: ConversationChange | null }>(
    work: (trx: Db, locked: (conversationId: number) => void) => Promise<T>,
  ): Promise<T> {
    let turn: Turn | undefined;
    let result: T;
    const t0 = benchTimings.now();
    let workDone = 0;
    try {
      result = await this.db.transaction().execute(async (trx) => {
        const r = await work(trx, (conversationId) => {
          turn = this.publishOrder.take(conversationId);
        });
        workDone = benchTimings.now();
        return r;
      });
    } catch (error) {
      turn?.release();
      throw error;
    }
    if (benchTimings.enabled) {
      const t1 = performance.now();
      benchTimings.add('tx.total', t1 - t0);
      benchTimings.add('tx.commit', t1 - workDone);
    }
    if (!turn) throw new Error('messaging: a change committed without locking its conversation');
    const { change } = result;
    const t2 = benchTimings.now();
    await turn.publish(() => {
      benchTimings.since('msg.publishOrderWait', t2);
      const t3 = benchTimings.now();
      if (change) this.events.emit(change);
      benchTimings.since('msg.emit', t3);
    });
    return result;
  }
}
