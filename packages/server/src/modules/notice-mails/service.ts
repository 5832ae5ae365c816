// Notice mails (design §4.16, issue 24), all through the transactional outbox: what a change
// writes in its own transaction is mailed after commit, once, whatever SMTP or the instances do.
//
// - A notice (new message, lab result, action plan, journal note) is counted in notice_batches in
//   the change's transaction. At most one mail per kind per person per 15 minutes: when the
//   window is free the mail is written at once (messages first wait GATHER_MS, since they come
//   in bursts: ten in a minute give one mail that says ten); otherwise the event waits and the
//   background task writes one mail for everything that waited ('Du har 3 nya meddelanden').
// - A meeting booked, moved or cancelled mails the client an iCalendar invitation at once
//   (REQUEST/CANCEL, SEQUENCE from the row): every change must reach her calendar.
// - Reminders: the background task claims meetings whose reminder is due with one UPDATE (FOR
//   UPDATE SKIP LOCKED), so of several instances exactly one sends each; a moved meeting's
//   reminder_due_at moved with it and a cancelled one has none.
// Every instance runs the task every TICK_MS (start()); tests call tick().
import {
  CONVERSATION_PARAM,
  defaultNoticeSetting,
  KNOWN_NOTIFICATION_TYPES,
  NOTICE_KIND_PHRASES,
  NOTICE_MAIL_MESSAGES,
  resubscribedMessage,
  unsubscribedMessage,
  unsubscribeQuestion,
  NOTICE_KIND_LABELS,
  type KnownNotificationType,
  type NoticeKind,
  type UnsubscribeResponse,
} from '@halsa/api/contract';
import { sql, type Expression, type Kysely, type RawBuilder } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import type { OutgoingMail } from '../../mail/mailer.ts';
import type { Outbox } from '../../outbox/outbox.ts';
import { appointmentIcs } from '../appointments/ics.ts';
import { signedNoteMail } from '../journal/mail.ts';
import { NoticeSettings, UnsubscribeTokens, unsubscribeKey } from './settings.ts';
import {
  batchedNoticeMail,
  meetingMail,
  NOTICE_PAGES,
  questionnaireReminderMail,
  type BatchedKind,
  type MeetingChange,
  type NoticeLinks,
} from './templates.ts';

export const NOTICE_WINDOW_MS = 15 * 60_000;
/** How long the first new message waits for the ones that follow it. */
export const GATHER_MS: Record<BatchedKind, number> = {
  NEW_MESSAGE: 2 * 60_000,
  LAB_RESULT: 0,
  ACTION_PLAN: 0,
  JOURNAL_NOTE: 0,
  QUESTIONNAIRE: 0,
};
export const REMINDER_BEFORE_MS = 24 * 3600_000;
const TICK_MS = 15_000;
const CLAIM_BATCH = 50;

/**
 * Which notice types of `notify()` are mailed, and as which kind (null: never mailed). Keyed by
 * every known type, so a new type without a decision here is a type error, not a silent no-mail.
 */
const KIND_OF_TYPE: Record<KnownNotificationType, BatchedKind | null> = {
  LAB_RESULT: 'LAB_RESULT',
  ACTION_PLAN: 'ACTION_PLAN',
  DAILY_NOTE: 'JOURNAL_NOTE',
  QUESTIONNAIRE: 'QUESTIONNAIRE',
  // ADMIN's notice that an emergency access opened is shown in the portal only.
  EMERGENCY_ACCESS: null,
};
const isKnownType = (type: string): type is KnownNotificationType =>
  (KNOWN_NOTIFICATION_TYPES as readonly string[]).includes(type);

/** The change's transaction (a Transaction is a Kysely). */
type Trx = Kysely<Database>;

/** The conversation of her newest unread message, which a new-message mail opens. */
async function newestUnreadConversation(trx: Trx, userId: number): Promise<number | undefined> {
  const row = await trx
    .selectFrom('messages')
    .select('conversation_id')
    .where('receiver_id', '=', userId)
    .where('is_read', '=', false)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.conversation_id;
}

export interface NoticeMailsConfig {
  publicUrl: string;
  sessionSecret: string | undefined;
  mailFrom: string;
}

export class NoticeMails {
  readonly settings: NoticeSettings;
  readonly tokens: UnsubscribeTokens;
  readonly #base: string;
  #timer: ReturnType<typeof setInterval> | null = null;
  #running: Promise<unknown> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly outbox: Outbox,
    private readonly config: NoticeMailsConfig,
    private readonly options: {
      track?: (task: () => Promise<unknown>) => void;
      onError?: (error: unknown) => void;
    } = {},
  ) {
    this.settings = new NoticeSettings(db, clock);
    this.tokens = new UnsubscribeTokens(unsubscribeKey(config.sessionSecret));
    this.#base = config.publicUrl.replace(/\/$/, '');
  }

  /**
   * `conversationId`: a new-message mail opens that conversation in the messaging widget
   * (`?samtal=`, read by the shell), not only the page under it (issue 35).
   */
  links(userId: number, kind: NoticeKind, conversationId?: number): NoticeLinks {
    const token = encodeURIComponent(this.tokens.token(userId, kind));
    const page = `${this.#base}${NOTICE_PAGES[kind]}`;
    return {
      page: conversationId === undefined ? page : `${page}?${CONVERSATION_PARAM}=${conversationId}`,
      unsubscribePage: `${this.#base}/unsubscribe?token=${token}`,
      oneClick: `${this.#base}/api/v1/public/unsubscribe?token=${token}`,
    };
  }

  /**
   * An unsubscribe token: `read` says what it names and changes nothing (its GET and HEAD: mail
   * scanners open links); `off` turns that kind off (the RFC 8058 one-click POST and the page's
   * button); `on` turns it on again (the page's 'Ångra').
   */
  async unsubscribe(token: string, turn: 'read' | 'off' | 'on'): Promise<UnsubscribeResponse> {
    const target = this.tokens.read(token);
    const known = target && (await this.settings.setByToken(target.userId, target.kind, turn));
    if (!target || !known) {
      throw badRequest(NOTICE_MAIL_MESSAGES.badToken);
    }
    const message = {
      read: unsubscribeQuestion,
      off: unsubscribedMessage,
      on: resubscribedMessage,
    };
    return {
      kind: target.kind,
      label: NOTICE_KIND_LABELS[target.kind],
      message: message[turn](target.kind),
    };
  }

  /** Called by `notify()` in the change's transaction: mails the types that have a kind. */
  async noticed(trx: Trx, userId: number, type: string): Promise<void> {
    const kind = isKnownType(type) ? KIND_OF_TYPE[type] : null;
    if (kind) await this.record(trx, userId, kind);
  }

  /**
   * For a kind that always waits (a new message), the one statement that counts an event for
   * the user `userId` (an SQL expression: a parameter, or a column of the caller's statement, so a
   * send writes its message and counts it in one statement; null or no row counts nothing); null
   * for the other kinds. Her setting, or her role's default from `defaultNoticeSetting` (a client
   * all kinds, staff new messages), and the batch's row counted up; the first event of a window
   * sets when it is told.
   */
  gathered(userId: Expression<number | null>, kind: BatchedKind): RawBuilder<unknown> | null {
    const gatherFirst = GATHER_MS[kind];
    if (gatherFirst === 0) return null;
    const due = new Date(this.clock.now().getTime() + gatherFirst);
    return sql`
        insert into notice_batches (user_id, kind, pending, due_at)
        select u.id, ${kind}, 1, ${due}::timestamptz
        from users u
        left join notice_settings s on s.user_id = u.id and s.kind = ${kind}
        where u.id = ${userId} and u.deactivated_at is null
          and coalesce(s.enabled, case u.role
            when 'USER' then ${defaultNoticeSetting('USER', kind)}::boolean
            when 'STAFF' then ${defaultNoticeSetting('STAFF', kind)}::boolean
            else ${defaultNoticeSetting('ADMIN', kind)}::boolean end)
        on conflict (user_id, kind) do update set
          pending = notice_batches.pending + 1,
          due_at = coalesce(notice_batches.due_at, greatest(excluded.due_at,
            notice_batches.last_sent_at + ${NOTICE_WINDOW_MS} * interval '1 millisecond'))
      `;
  }

  /**
   * Counts one event of `kind` for `userId` in the change's transaction: a mail now when the
   * window is free (the caller kicks the outbox after commit), else one later for all waiting.
   */
  async record(trx: Trx, userId: number, kind: BatchedKind): Promise<void> {
    const counted = this.gathered(sql<number>`${userId}`, kind);
    if (counted) {
      await counted.execute(trx);
      return;
    }
    const to = await this.settings.recipient(trx, userId, kind);
    if (!to?.enabled) return;
    const now = this.clock.now();
    await trx
      .insertInto('notice_batches')
      .values({ user_id: userId, kind, pending: 0 })
      .onConflict((oc) => oc.columns(['user_id', 'kind']).doNothing())
      .execute();
    const batch = await trx
      .selectFrom('notice_batches')
      .select(['pending', 'due_at', 'last_sent_at'])
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const windowOpens = batch.last_sent_at
      ? new Date(batch.last_sent_at).getTime() + NOTICE_WINDOW_MS
      : 0;
    const gather = GATHER_MS[kind];
    if (batch.pending === 0 && gather === 0 && windowOpens <= now.getTime()) {
      await trx
        .updateTable('notice_batches')
        .set({ last_sent_at: now })
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .execute();
      await this.outbox.enqueue(
        trx,
        'MAIL',
        await this.#noticeMail(trx, userId, to.email, kind, 1),
      );
      return;
    }
    const due = batch.due_at ?? new Date(Math.max(now.getTime() + gather, windowOpens));
    await trx
      .updateTable('notice_batches')
      .set({ pending: batch.pending + 1, due_at: due })
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .execute();
  }

  async #noticeMail(
    trx: Trx,
    userId: number,
    email: string,
    kind: BatchedKind,
    count: number,
  ): Promise<OutgoingMail> {
    const links = this.links(
      userId,
      kind,
      kind === 'NEW_MESSAGE' ? await newestUnreadConversation(trx, userId) : undefined,
    );
    const mail = batchedNoticeMail(email, kind, count, links, NOTICE_KIND_PHRASES[kind]);
    if (kind !== 'JOURNAL_NOTE' || count !== 1) return mail;
    // One signed note: the mail that names the clinic (design §4.10), with the notice's parts.
    const settings = await trx
      .selectFrom('journal_settings')
      .select(['clinic_name as clinicName', 'signature_line as signatureLine'])
      .where('id', '=', 1)
      .executeTakeFirst();
    const note = signedNoteMail(
      email,
      settings ?? { clinicName: '', signatureLine: '' },
      links.page,
    );
    return {
      ...mail,
      subject: note.subject,
      text: `${note.text}\n${mail.text.slice(mail.text.lastIndexOf('\n') + 1)}`,
    };
  }

  /**
   * A meeting was booked, moved or cancelled in `trx` (its sequence already raised): mails the
   * client the invitation, if her switch is on.
   */
  async meetingChanged(trx: Trx, appointmentId: number, change: MeetingChange): Promise<boolean> {
    const m = await trx
      .selectFrom('appointments as a')
      .innerJoin('users as c', 'c.id', 'a.client_user_id')
      .innerJoin('users as s', 's.id', 'a.staff_user_id')
      .select([
        'a.id',
        'a.client_user_id',
        'a.staff_user_id',
        'a.starts_at',
        'a.minutes',
        'a.place',
        'a.video_link',
        'a.status',
        'a.sequence',
        'c.first_name as client_first',
        'c.last_name as client_last',
        's.first_name as staff_first',
        's.last_name as staff_last',
      ])
      .where('a.id', '=', appointmentId)
      .executeTakeFirstOrThrow();
    const kind = change === 'REMINDER' ? 'APPOINTMENT_REMINDER' : 'APPOINTMENT';
    const to = await this.settings.recipient(trx, m.client_user_id, kind);
    if (!to?.enabled) return false;
    const staffName = `${m.staff_first} ${m.staff_last}`.trim();
    const clientName = `${m.client_first} ${m.client_last}`.trim();
    const startsAt = new Date(m.starts_at);
    const mail = meetingMail(
      to.email,
      change,
      { startsAt, staffName },
      this.links(m.client_user_id, kind),
      NOTICE_KIND_PHRASES[kind],
    );
    if (change !== 'REMINDER') {
      const method = change === 'CANCELLED' ? 'CANCEL' : 'REQUEST';
      const clinic = await trx
        .selectFrom('journal_settings')
        .select('clinic_name')
        .where('id', '=', 1)
        .executeTakeFirst();
      const content = appointmentIcs(
        {
          id: m.id,
          clientId: m.client_user_id,
          clientName,
          staffId: m.staff_user_id,
          staffName,
          startsAt: startsAt.toISOString(),
          minutes: m.minutes,
          place: m.place,
          videoLink: m.video_link,
          note: null,
          status: change === 'CANCELLED' ? 'CANCELLED' : m.status,
        },
        this.clock.now(),
        new URL(this.config.publicUrl).host,
        {
          method,
          sequence: m.sequence,
          withNote: false,
          organizer: {
            name: clinic?.clinic_name.trim() || 'Hälsoportalen',
            email: addressOf(this.config.mailFrom),
          },
          attendee: { name: clientName, email: to.email },
        },
      );
      mail.icalEvent = { method, content, filename: `mote-${m.id}.ics` };
    }
    await this.outbox.enqueue(trx, 'MAIL', mail);
    return true;
  }

  // ---- the background task -------------------------------------------------------------------

  /**
   * Writes the mails that are due: waiting notices, meeting reminders and questionnaire
   * reminders (design §4.19). Returns how many.
   */
  async tick(): Promise<{ notices: number; reminders: number; questionnaireReminders: number }> {
    const notices = await this.#flushBatches();
    const reminders = await this.#sendReminders();
    const questionnaireReminders = await this.#sendQuestionnaireReminders();
    if (notices + reminders + questionnaireReminders > 0) await this.outbox.kick();
    return { notices, reminders, questionnaireReminders };
  }

  /**
   * Questionnaires still open whose reminder is due: claimed with one UPDATE (FOR UPDATE SKIP
   * LOCKED), as meeting reminders are, so of several instances exactly one mails each. A
   * submitted one has no reminder (submitting clears it) and the claim skips it anyway.
   */
  async #sendQuestionnaireReminders(): Promise<number> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ client_user_id: number; due_date: string | Date | null }>`
        update questionnaires set reminder_due_at = null, reminder_sent_at = ${now}
        where id in (
          select id from questionnaires
          where reminder_due_at is not null and reminder_due_at <= ${now} and status = 'OPEN'
          order by reminder_due_at
          limit ${CLAIM_BATCH}
          for update skip locked
        )
        returning client_user_id, due_date::text as due_date`.execute(trx);
      let written = 0;
      for (const row of rows) {
        if (!row.due_date) continue;
        const to = await this.settings.recipient(trx, row.client_user_id, 'QUESTIONNAIRE');
        if (!to?.enabled) continue;
        const mail = questionnaireReminderMail(
          to.email,
          String(row.due_date),
          this.links(row.client_user_id, 'QUESTIONNAIRE'),
          NOTICE_KIND_PHRASES.QUESTIONNAIRE,
        );
        await this.outbox.enqueue(trx, 'MAIL', mail);
        written += 1;
      }
      return written;
    });
  }

  async #flushBatches(): Promise<number> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ user_id: number; kind: BatchedKind; pending: number }>`
        with due as (
          select user_id, kind, pending from notice_batches
          where due_at is not null and due_at <= ${now}
          order by due_at
          limit ${CLAIM_BATCH}
          for update skip locked
        )
        update notice_batches b set pending = 0, due_at = null, last_sent_at = ${now}
        from due where b.user_id = due.user_id and b.kind = due.kind
        returning b.user_id, b.kind, due.pending`.execute(trx);
      let written = 0;
      for (const row of rows) {
        const to = await this.settings.recipient(trx, row.user_id, row.kind);
        if (!to?.enabled) continue;
        const mail = await this.#noticeMail(trx, row.user_id, to.email, row.kind, row.pending);
        await this.outbox.enqueue(trx, 'MAIL', mail);
        written += 1;
      }
      return written;
    });
  }

  async #sendReminders(): Promise<number> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ id: number; status: string; starts_at: Date }>`
        update appointments set reminder_due_at = null, reminder_sent_at = ${now}
        where id in (
          select id from appointments
          where reminder_due_at is not null and reminder_due_at <= ${now}
          order by reminder_due_at
          limit ${CLAIM_BATCH}
          for update skip locked
        )
        returning id, status, starts_at`.execute(trx);
      let written = 0;
      for (const row of rows) {
        // Never for a cancelled meeting, nor one that has begun (an instance that was down).
        if (row.status !== 'BOOKED' || new Date(row.starts_at).getTime() <= now.getTime()) continue;
        if (await this.meetingChanged(trx, row.id, 'REMINDER')) written += 1;
      }
      return written;
    });
  }

  /** Runs tick() every TICK_MS until stop() (each instance; the claims keep them apart). */
  start(intervalMs = TICK_MS): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => {
      if (this.#running) return;
      const run = this.tick()
        .catch((error: unknown) => this.options.onError?.(error))
        .finally(() => {
          this.#running = null;
        });
      this.#running = run;
      this.options.track?.(() => run);
    }, intervalMs);
    this.#timer.unref?.();
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#running;
  }
}

/** The address of MAIL_FROM ('Hälsoportalen <no-reply@example.com>' → no-reply@example.com). */
export const addressOf = (from: string): string => /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim();

/** When the reminder of a meeting starting at `startsAt` goes out, or null (too soon for one). */
export function reminderDueAt(startsAt: Date, now: Date): Date | null {
  const due = new Date(startsAt.getTime() - REMINDER_BEFORE_MS);
  return due.getTime() > now.getTime() ? due : null;
}
