// Health questionnaires (design §4.19, issue 36). Staff send a published 'Enkät till klient' form
// to clients they may read, with an optional last day; each client gets one row (one OPEN per
// client and form: the database's partial unique index), a QUESTIONNAIRE notice and, through
// notify(), the 'Ny enkät' mail; the send is logged per client in the same transaction.
// The client reads and autosaves only her own (every query carries her id from the session, so
// another's id answers 404 as one that does not exist); 'Skicka in' checks the required answers
// and freezes the row with the time, the plain text of her answers and its sha-256; the database
// then refuses any change (migration 0028). Her care team reads the submitted answers.
import {
  answerFits,
  QUESTIONNAIRE_MESSAGES as M,
  readableSections,
  swedishDate,
  type ReadableSection,
  type AnswerValue,
  type FormSection,
  type JournalAnswer,
  type QuestionnaireDetail,
  type QuestionnaireSaved,
  type QuestionnaireSummary,
  type SaveQuestionnaireAnswersRequest,
  type StaffQuestionnaire,
} from '@halsa/api/contract';
import { sql, type Transaction } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/index.ts';
import { MAX_DB_ID } from '../../db/ids.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { Outbox } from '../../outbox/outbox.ts';
import type { ActivityLog } from '../activity/service.ts';
import { noCareRelation, staffMayRead } from '../../access/care-relation.ts';
import type { FormService } from '../forms/service.ts';
import { answersOf, isBlank, nameOf } from '../journal/notes.ts';
import { contentHash } from '../journal/signature.ts';
import type { NotificationService } from '../notifications/service.ts';
import { stockholmDay } from '../../lib/format.ts';

type Trx = Transaction<Database>;
type Reader = Db | Trx;

/** The reminder goes this many days before the last day, at REMINDER_HOUR Swedish time. */
export const REMINDER_DAYS_BEFORE = 3;
const REMINDER_HOUR = 9;

export interface Sender {
  userId: number;
  role: 'USER' | 'STAFF' | 'ADMIN';
  ip: string;
}

const COLUMNS = [
  'q.id',
  'q.form_id',
  'q.client_user_id',
  'q.form_title',
  'q.status',
  'q.sent_at',
  'q.submitted_at',
  'q.version',
  'q.answers',
  'q.content_hash',
] as const;

interface Row {
  id: number;
  form_id: number;
  client_user_id: number;
  form_title: string;
  status: 'OPEN' | 'SUBMITTED';
  sent_at: Date;
  due_date: string | null;
  submitted_at: Date | null;
  version: number;
  answers: unknown;
  content_hash: string | null;
}

/** The instant of `hour`:00 Swedish time on the day `date` ('YYYY-MM-DD'). */
export function stockholmTime(date: string, hour: number): Date {
  const [y, m, d] = date.split('-').map(Number);
  const guess = Date.UTC(y!, m! - 1, d!, hour);
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Stockholm',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(guess));
  const get = (t: string) => Number(parts.find((p) => p.type === t)!.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return new Date(guess - (wall - guess));
}

/** When the reminder of a questionnaire with this last day goes, or null (none, or too late). */
export function questionnaireReminderAt(dueDate: string | null, now: Date): Date | null {
  if (!dueDate) return null;
  const [y, m, d] = dueDate.split('-').map(Number);
  const day = new Date(Date.UTC(y!, m! - 1, d! - REMINDER_DAYS_BEFORE)).toISOString().slice(0, 10);
  const at = stockholmTime(day, REMINDER_HOUR);
  return at.getTime() > now.getTime() ? at : null;
}

const toSummary = (r: Row): QuestionnaireSummary => ({
  id: r.id,
  formId: r.form_id,
  title: r.form_title,
  status: r.status,
  sentAt: r.sent_at.toISOString(),
  dueDate: r.due_date,
  submittedAt: r.submitted_at ? r.submitted_at.toISOString() : null,
});

export class QuestionnaireService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly forms: FormService,
    private readonly deps: {
      outbox: Outbox;
      notifications: Pick<NotificationService, 'notify'>;
      activity: ActivityLog;
    },
  ) {}

  /** The rows with their last day as 'YYYY-MM-DD' (text: no time zone can shift the day). */
  private rows(db: Reader = this.db) {
    return db
      .selectFrom('questionnaires as q')
      .select(COLUMNS)
      .select(sql<string | null>`to_char(q.due_date, 'YYYY-MM-DD')`.as('due_date'));
  }

  // ---- sending (staff) -----------------------------------------------------------------------

  /**
   * Sends the form to each client, in one transaction: a STAFF sender must be allowed to read
   * every one of them (else 403 and nothing is sent); a client who has it open already is left
   * as she is. Answers who got it and who had it open.
   */
  async send(
    formId: number,
    clientIds: readonly number[],
    dueDate: string | null | undefined,
    sender: Sender,
  ): Promise<{
    sent: { clientId: number; summary: QuestionnaireSummary }[];
    alreadyOpen: number[];
  }> {
    const ids = [...new Set(clientIds)];
    const now = this.clock.now();
    if (dueDate && dueDate < stockholmDay(now)) throw badRequest(M.dueDatePast);
    const result = await this.db.transaction().execute(async (trx) => {
      const form =
        formId <= MAX_DB_ID
          ? await trx
              .selectFrom('forms')
              .select(['id', 'title', 'drafted', 'purpose'])
              .where('id', '=', formId)
              .where('deleted_at', 'is', null)
              .executeTakeFirst()
          : undefined;
      if (!form) throw notFound(M.formNotFound);
      if (form.purpose !== 'QUESTIONNAIRE') throw badRequest(M.notQuestionnaire);
      if (form.drafted) throw conflict(M.draftForm);
      const safeIds = ids.filter((id) => id <= MAX_DB_ID);
      const clients =
        safeIds.length === ids.length
          ? await trx
              .selectFrom('users as u')
              .select(['u.id'])
              .select(
                sender.role === 'STAFF'
                  ? staffMayRead(sender.userId, sql.ref('u.id'), now).as('may')
                  : sql<boolean>`true`.as('may'),
              )
              .where('u.id', 'in', safeIds)
              .where('u.role', '=', 'USER')
              .where('u.deactivated_at', 'is', null)
              .execute()
          : [];
      if (clients.length !== ids.length) throw notFound(M.clientNotFound);
      if (clients.some((c) => !c.may)) throw noCareRelation();
      const reminderAt = questionnaireReminderAt(dueDate ?? null, now);
      const inserted = await trx
        .insertInto('questionnaires')
        .values(
          ids.map((clientId) => ({
            form_id: form.id,
            client_user_id: clientId,
            sent_by: sender.userId,
            form_title: form.title,
            sent_at: now,
            // A 'YYYY-MM-DD' text, which the date column takes as that day.
            due_date: (dueDate ?? null) as unknown as Date | null,
            updated_at: now,
            reminder_due_at: reminderAt,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['form_id', 'client_user_id']).where('status', '=', 'OPEN').doNothing(),
        )
        .returning(['id', 'client_user_id'])
        .execute();
      for (const row of inserted) {
        await this.deps.notifications.notify(row.client_user_id, 'QUESTIONNAIRE', M.notice, trx);
      }
      await this.deps.activity.recordMany(
        inserted.map((row) => ({
          action: 'QUESTIONNAIRE_SENT' as const,
          actorUserId: sender.userId,
          subjectUserId: row.client_user_id,
          ip: sender.ip,
          details: { questionnaireId: row.id, formId: form.id },
        })),
        trx,
      );
      const got = new Set(inserted.map((r) => r.client_user_id));
      const rows =
        inserted.length === 0
          ? []
          : await this.rows(trx)
              .where(
                'q.id',
                'in',
                inserted.map((r) => r.id),
              )
              .execute();
      return {
        sent: rows.map((r) => ({ clientId: r.client_user_id, summary: toSummary(r as Row) })),
        alreadyOpen: ids.filter((id) => !got.has(id)),
      };
    });
    await this.deps.outbox.kick();
    return result;
  }

  // ---- the client's own --------------------------------------------------------------------

  /** Her questionnaires: open ones first (nearest last day first), then the answered ones. */
  async listFor(clientId: number): Promise<QuestionnaireSummary[]> {
    const rows = await this.rows()
      .where('q.client_user_id', '=', clientId)
      .orderBy(sql`case when q.status = 'OPEN' then 0 else 1 end`)
      .orderBy(sql`q.due_date asc nulls last`)
      .orderBy('q.sent_at', 'desc')
      .orderBy('q.id', 'desc')
      .execute();
    return rows.map((r) => toSummary(r as Row));
  }

  /** One of hers, or 404 (another client's id answers as one that does not exist). */
  private async own(clientId: number, id: number, db: Reader, lock = false): Promise<Row> {
    if (id > MAX_DB_ID) throw notFound(M.notFound);
    let query = this.rows(db).where('q.id', '=', id).where('q.client_user_id', '=', clientId);
    if (lock) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    if (!row) throw notFound(M.notFound);
    return row as Row;
  }

  private async detail(row: Row, db: Reader): Promise<QuestionnaireDetail> {
    return {
      ...toSummary(row),
      version: row.version,
      sections: await this.forms.sectionsOf(row.form_id, db),
      answers: answersOf(row),
      contentHash: row.content_hash,
    };
  }

  async detailFor(clientId: number, id: number): Promise<QuestionnaireDetail> {
    return this.detail(await this.own(clientId, id, this.db), this.db);
  }

  /** Autosave of her answers: every answer must fit its question; a stale version is a 409. */
  async save(
    clientId: number,
    id: number,
    body: SaveQuestionnaireAnswersRequest,
  ): Promise<QuestionnaireSaved> {
    return this.db.transaction().execute(async (trx) => {
      const row = await this.own(clientId, id, trx, true);
      if (row.status !== 'OPEN') throw conflict(M.alreadySubmitted);
      const sections = await this.forms.sectionsOf(row.form_id, trx);
      const answers = checkedAnswers(sections, body.answers);
      if (body.version !== row.version) throw conflict(M.versionConflict);
      const saved = await trx
        .updateTable('questionnaires')
        .set((eb) => ({
          answers: JSON.stringify(answers),
          version: eb('version', '+', 1),
          updated_at: this.clock.now(),
        }))
        .where('id', '=', row.id)
        .returning(['version', 'updated_at'])
        .executeTakeFirstOrThrow();
      return { version: saved.version, updatedAt: saved.updated_at.toISOString() };
    });
  }

  /**
   * 'Skicka in': every required question answered (else 400 and nothing changes), then frozen
   * with the time, the plain text of her answers and its sha-256; logged in the same commit.
   */
  async submit(clientId: number, id: number, ip: string): Promise<QuestionnaireDetail> {
    const row = await this.db.transaction().execute(async (trx) => {
      const row = await this.own(clientId, id, trx, true);
      if (row.status !== 'OPEN') throw conflict(M.alreadySubmitted);
      const sections = await this.forms.sectionsOf(row.form_id, trx);
      const answers = answersOf(row);
      const answered = new Map(answers.map((a) => [a.questionId, a.value]));
      const missing = sections
        .flatMap((s) => s.questions)
        .some((q) => q.required && isBlank(answered.get(q.id)));
      if (missing) throw badRequest(M.requiredMissing);
      const me = await trx
        .selectFrom('users')
        .select(['first_name', 'last_name'])
        .where('id', '=', clientId)
        .executeTakeFirstOrThrow();
      const now = this.clock.now();
      const content = questionnaireContentText(
        row.form_title,
        `Inskickad av ${nameOf(me.first_name, me.last_name) ?? ''} ${swedishDate(stockholmDay(now))}`,
        readableSections({ sections }, answers),
      );
      await trx
        .updateTable('questionnaires')
        .set((eb) => ({
          status: 'SUBMITTED',
          submitted_at: now,
          content,
          content_hash: contentHash(content),
          version: eb('version', '+', 1),
          updated_at: now,
          reminder_due_at: null,
        }))
        .where('id', '=', row.id)
        .execute();
      await this.deps.activity.record(
        {
          action: 'QUESTIONNAIRE_SUBMITTED',
          actorUserId: clientId,
          subjectUserId: clientId,
          ip,
          details: { questionnaireId: row.id, formId: row.form_id },
        },
        trx,
      );
      return (await this.rows(trx).where('q.id', '=', row.id).executeTakeFirstOrThrow()) as Row;
    });
    return this.detail(row, this.db);
  }

  // ---- staff's reading ------------------------------------------------------------------------

  /** The client whose questionnaire this is, or null when there is none (the route's 404). */
  async clientOf(id: number): Promise<number | null> {
    if (id > MAX_DB_ID) return null;
    const row = await this.db
      .selectFrom('questionnaires')
      .select('client_user_id')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.client_user_id ?? null;
  }

  /**
   * A client's questionnaires for her care team, newest first: a submitted one with her answers
   * in words; an open one without (what she has not sent is still hers).
   */
  async forStaff(clientId: number): Promise<StaffQuestionnaire[]> {
    const rows = await this.rows()
      .leftJoin('users as s', 's.id', 'q.sent_by')
      .select(['s.first_name', 's.last_name'])
      .where('q.client_user_id', '=', clientId)
      .orderBy('q.sent_at', 'desc')
      .orderBy('q.id', 'desc')
      .execute();
    const sectionsByForm = new Map<number, FormSection[]>();
    for (const r of rows) {
      if (r.status === 'SUBMITTED' && !sectionsByForm.has(r.form_id)) {
        sectionsByForm.set(r.form_id, await this.forms.sectionsOf(r.form_id));
      }
    }
    return rows.map((r) => ({
      ...toSummary(r as Row),
      sentByName: nameOf(r.first_name, r.last_name) ?? '',
      sections:
        r.status === 'SUBMITTED'
          ? readableSections({ sections: sectionsByForm.get(r.form_id)! }, answersOf(r))
          : [],
      contentHash: r.content_hash,
    }));
  }

  /** A submitted answer with its form's questions and the client's name (FHIR), or 404. */
  async submitted(id: number) {
    if (id > MAX_DB_ID) throw notFound(M.responseNotFound);
    const row = await this.rows()
      .innerJoin('users as c', 'c.id', 'q.client_user_id')
      .select(['c.first_name', 'c.last_name'])
      .where('q.id', '=', id)
      .where('q.status', '=', 'SUBMITTED')
      .executeTakeFirst();
    if (!row) throw notFound(M.responseNotFound);
    return {
      row: row as Row,
      clientName: nameOf(row.first_name, row.last_name) ?? '',
      sections: await this.forms.sectionsOf(row.form_id),
      answers: answersOf(row),
    };
  }
}

/** Her answers checked against the form's questions (400 for an unknown one or a misfit). */
function checkedAnswers(sections: FormSection[], sent: readonly JournalAnswer[]): JournalAnswer[] {
  const questions = new Map(sections.flatMap((s) => s.questions).map((q) => [q.id, q]));
  const answers = new Map<number, AnswerValue>();
  for (const a of sent) {
    const question = questions.get(a.questionId);
    if (!question) throw badRequest(M.unknownQuestion);
    if (!answerFits(question, a.value)) throw badRequest(M.answerMisfit);
    answers.set(a.questionId, a.value);
  }
  return [...answers].map(([questionId, value]) => ({ questionId, value }));
}

/** The plain text of submitted answers (what its sha-256 covers): title, who and when, answers. */
export function questionnaireContentText(
  title: string,
  byLine: string,
  sections: ReadableSection[],
): string {
  const lines = [title, byLine];
  for (const section of sections) {
    lines.push('');
    if (section.title.trim()) lines.push(section.title);
    for (const item of section.items) lines.push(`${item.question}: ${item.answer}`);
  }
  return lines.join('\n');
}
