// Messaging (spec §3, §4, §5, §7): one conversation per pair of users, messages in id order.
//
// Every call checks that the caller takes part in the conversation; a conversation or message
// of others is answered exactly like one that does not exist (404), so ids reveal nothing.
// Every change to a conversation (send, mark read, edit) first locks the conversation row and
// takes its next change number: changes of one conversation are serialised, so message ids grow
// in commit order (a client that fetches `?after=<last id>` after a reconnect misses nothing).
// A send is one statement that commits on its own (send-statement.ts), so the lock is held from
// its first row to its commit and not through further round trips (issue 38 item 5). The live
// events are published after the commit, in change-number order (publish-order.ts): the message
// at once, then each participant's summary as read then (publish-change.ts).
import type { Conversation, FilteredUser, Message } from '@halsa/api/contract';
import type { Clock } from '../../clock.ts';
import type { FileStorage } from '../../files/storage.ts';
import { PublishOrder, type Ticket } from './publish-order.ts';
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
  fullName,
  insertFile,
  insertMessage,
  nextChange,
  participantConversation,
  summaries,
  toMessage,
  unreadTotal,
  validId,
  type ConversationRow,
  type Db,
} from './queries.ts';
import { refusal, runSend, type SendOutcome } from './send-statement.ts';
import { publishChange, type Committed } from './publish-change.ts';
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
  /** Publishes each conversation's changes in the order they took its lock (change number). */
  readonly publishOrder = new PublishOrder();
  /** What publishChange reads the summaries with and publishes to. */
  get #live() {
    return { db: this.db, clock: this.clock, events: this.events };
  }

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly storage: FileStorage,
    private readonly events: MessagingEvents,
    /** Counts a new message for the receiver's notice mail (design §4.16), in the same commit. */
    private readonly notices?: Pick<NoticeMails, 'record' | 'gathered'>,
  ) {}

  // ---- reads --------------------------------------------------------------------------------

  /** For the live server's subscribe check of `/topic/conversations/{id}/…`. */
  isParticipant(conversationId: number, userId: number): Promise<boolean> {
    return isConversationParticipant(this.db, conversationId, userId);
  }

  /**
   * The caller's conversations, newest message first, each without its messages, with its
   * partner's id and role (from the same query) for the activity log of staff's list.
   */
  list(
    viewer: Viewer,
    filter: { partnerId?: number } = {},
  ): Promise<{ conversation: Conversation; partner: Partner }[]> {
    const at = { ...viewer, now: this.clock.now() };
    return summaries(this.db, viewer.userId, undefined, at, filter);
  }

  /** The sum of the list's unread counts, without the list (the badge of every page). */
  unreadCount(viewer: Viewer): Promise<number> {
    return unreadTotal(this.db, { ...viewer, now: this.clock.now() });
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
    let created: { committed: Committed; change: ConversationChange | null };
    try {
      created = await this.#change(async (trx, locked) => {
        const now = this.clock.now();
        const conv = await trx
          .insertInto('conversations')
          .values({
            user_low_id: low,
            user_high_id: high,
            created_at: now,
            last_message_at: now,
            change_seq: 1,
          })
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
        return { committed: { conv, row, seq: 1, rowIsLast: true } };
      });
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
    const { committed, change } = created;
    const mine = change?.summaries.find((s) => s.userId === me);
    // Its summary as published; should that read have failed, as a read now.
    if (!mine) return { conversation: await this.get(viewer, committed.conv.id), created: true };
    return {
      conversation: { ...mine.conversation, messages: [toMessage(committed.row)] },
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
    let fileConv: ConversationRow | null = null;
    if (file) {
      fileConv = await participantConversation(this.db, me, conversationId);
      type = checkAttachment(file);
      const early = await repeat(this.db, fileConv);
      if (early) return { message: early, created: false };
    }
    // Before the statement can take the lock: the ticket orders this send's events among the
    // conversation's (publish-order.ts).
    const ticket = this.publishOrder.begin(conversationId);
    let outcome: SendOutcome;
    const t0 = benchTimings.now();
    try {
      outcome = await runSend(
        this.db,
        this.clock,
        this.notices,
        {
          conversationId,
          senderId: me,
          staff: viewer.role === 'STAFF',
          receiverId: input.receiverId,
          content: text,
          clientMessageId,
          now: this.clock.now(),
        },
        file && type && fileConv ? { file, type, conv: fileConv } : null,
      );
      benchTimings.since(file ? 'tx.total' : 'send.statement', t0);
    } catch (error) {
      ticket.release();
      if (isUniqueViolation(error)) throw conflict(MESSAGING_TEXT.clientIdReused);
      throw error;
    }
    if (outcome.kind !== 'sent') {
      ticket.release();
      if (outcome.kind !== 'keyTaken') throw refusal(outcome.kind);
      // The key was used before: a repeat answers the first message (nothing was written); in
      // another conversation it is a conflict.
      const prior = await repeat(this.db, outcome.conv);
      if (prior) return { message: prior, created: false };
      throw conflict(MESSAGING_TEXT.clientIdReused);
    }
    await publishChange(this.#live, ticket, { ...outcome, rowIsLast: true });
    if (file) file.kept = true;
    return { message: toMessage(outcome.row), created: true };
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
    const { committed, sender } = await this.#change(async (trx, locked) => {
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
      if (row.is_read) return { committed: null, sender: null };
      const updated = await trx
        .updateTable('messages')
        .set({ is_read: true })
        .where('id', '=', messageId)
        .returningAll()
        .executeTakeFirstOrThrow();
      const seq = await nextChange(trx, found.id);
      return {
        committed: { conv: found, row: updated, seq, rowIsLast: false },
        sender: { id: found.sender_id, role: found.sender_role },
      };
    });
    return committed && sender ? { conversationId: committed.conv.id, sender } : null;
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
      if (content === row.content) return { row, committed: null };
      const updated = await trx
        .updateTable('messages')
        .set({ content, is_edited: true, edited_at: this.clock.now() })
        .where('id', '=', messageId)
        .returningAll()
        .executeTakeFirstOrThrow();
      const seq = await nextChange(trx, conv.id);
      return { row: updated, committed: { conv, row: updated, seq, rowIsLast: false } };
    });
    return {
      content: result.row.content,
      isEdited: result.row.is_edited,
      editedAt: result.row.edited_at ? result.row.edited_at.toISOString() : null,
    };
  }

  // ---- helpers ------------------------------------------------------------------------------

  /**
   * Runs a change of one conversation in a transaction (create, mark read, edit). `work` calls
   * `locked(id)` as soon as it holds the conversation's row lock and returns what it committed
   * (null: nothing to publish), which is published after the commit in change-number order. A
   * failed transaction gives its ticket up. Answers `work`'s result and the published change.
   */
  async #change<T extends { committed: Committed | null }>(
    work: (trx: Db, locked: (conversationId: number) => void) => Promise<T>,
  ): Promise<T & { change: ConversationChange | null }> {
    let ticket: Ticket | undefined;
    let result: T;
    const t0 = benchTimings.now();
    try {
      result = await this.db.transaction().execute((trx) =>
        work(trx, (conversationId) => {
          // While the lock is held: no later change of the conversation can lock before it.
          ticket = this.publishOrder.begin(conversationId);
        }),
      );
    } catch (error) {
      ticket?.release();
      throw error;
    }
    benchTimings.since('tx.total', t0);
    if (!ticket) throw new Error('messaging: a change committed without locking its conversation');
    return { ...result, change: await publishChange(this.#live, ticket, result.committed) };
  }
}
