// Journal notes (design.md §4.10). A note is one client's filled-in copy of a published form:
// while staff write it, its answers are the client's UNSIGNED note of that form (one per client
// and form; autosave with a version). Signing, in one transaction, freezes it (status, signer,
// time, plain-text content and its sha-256; the database then refuses any UPDATE or DELETE),
// writes the mail to the outbox (no health data: a link to /journal), and notifies the client
// (DAILY_NOTE). A USER reads only her own SIGNED notes; staff read all of a client's notes.
import {
  answerFits,
  NOTE_ANSWER_MISFIT,
  NOTE_DRAFT_FORM,
  NOTE_NOTHING_TO_SIGN,
  NOTE_REQUIRED_MISSING,
  NOTE_UNKNOWN_QUESTION,
  NOTE_VERSION_CONFLICT,
  noteContentText,
  readableSections,
  type AnswerValue,
  type ClientJournal,
  type DailyNote,
  type JournalNote,
  type QuestionOptions,
  type QuestionType,
  type SaveJournalNoteRequest,
} from '@halsa/api/contract';
import type { Transaction } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { Outbox } from '../../outbox/outbox.ts';
import type { ActivityLog } from '../activity/service.ts';
import type { NotificationService } from '../notifications/service.ts';
import {
  answersOf,
  formsById,
  isBlank,
  nameOf,
  noteQuery,
  RETURNED,
  titleOf,
  toDailyNotes,
  toJournalNote,
  type FormQuestions,
} from './notes.ts';
import { JournalSettingsService } from './settings.ts';
import { contentHash, signNoteFields, type NoteSigningKey } from './signature.ts';
import { MAX_DB_ID } from '../../db/ids.ts';
import { stockholmDay } from '../../lib/format.ts';

export const JOURNAL_MESSAGES = {
  clientNotFound: 'Klienten hittades inte.',
  formNotFound: 'Formuläret hittades inte.',
  correctedNotFound: 'Anteckningen som ska rättas hittades inte.',
  notice: 'Du har fått en ny signerad journalanteckning.',
} as const;

type Trx = Transaction<Database>;
type Reader = Db | Trx;

/** Who writes or signs a note, for the activity log. */
export interface Signer {
  userId: number;
  ip: string;
}

type QuestionKinds = Map<number, { type: QuestionType; options: QuestionOptions }>;
/** How many published forms' questions are kept in memory for checking answers. */
const QUESTION_CACHE_FORMS = 200;

export class JournalService {
  readonly settings: JournalSettingsService;
  private readonly publishedQuestionCache = new Map<number, QuestionKinds>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly deps: {
      outbox: Outbox;
      notifications: Pick<NotificationService, 'notify'>;
      /** The server's key for the signature a signed note carries (signature.ts). */
      noteKey: NoteSigningKey;
      activity: ActivityLog;
      publicUrl: string;
    },
  ) {
    this.settings = new JournalSettingsService(db, clock);
  }

  /** The text of the client's newest signed note, or null when she has none. */
  async latestSignedContent(clientId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('journal_notes')
      .select(['content'])
      .where('user_id', '=', clientId)
      .where('status', '=', 'SIGNED')
      .orderBy('signed_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.content ?? null;
  }

  /** 404 unless `id` is a client (a user of role USER). */
  async requireClient(id: number, db: Reader = this.db): Promise<{ id: number; email: string }> {
    const row =
      id <= MAX_DB_ID
        ? await db
            .selectFrom('users')
            .select(['id', 'email'])
            .where('id', '=', id)
            .where('role', '=', 'USER')
            .executeTakeFirst()
        : undefined;
    if (!row) throw notFound(JOURNAL_MESSAGES.clientNotFound);
    return row;
  }

  /** A USER's own SIGNED notes, newest first; nobody else's, never an unsigned one. */
  async signedNotesOf(userId: number): Promise<DailyNote[]> {
    const rows = await noteQuery(this.db)
      .where('n.user_id', '=', userId)
      .where('n.status', '=', 'SIGNED')
      .orderBy('n.signed_at', 'desc')
      .orderBy('n.id', 'desc')
      .execute();
    return toDailyNotes(this.db, rows);
  }

  /** A client's journal for staff: every note (newest first) and the signed ones as entries. */
  async clientJournal(clientId: number): Promise<ClientJournal> {
    await this.requireClient(clientId);
    const rows = await noteQuery(this.db)
      .where('n.user_id', '=', clientId)
      .orderBy('n.created_at', 'desc')
      .orderBy('n.id', 'desc')
      .execute();
    const dailyNotes = await toDailyNotes(this.db, rows);
    const entries = rows
      .filter((r) => r.status === 'SIGNED' && r.signed_at)
      .sort((a, b) => b.signed_at!.getTime() - a.signed_at!.getTime() || b.id - a.id)
      .map((r) => ({
        id: r.id,
        formId: r.form_id,
        title: titleOf(r),
        signedAt: r.signed_at!.toISOString(),
        signedByName: r.signer_name ?? '',
      }));
    return { dailyNotes, entries };
  }

  /** The client's unsigned note of this form, or null. */
  async unsignedNote(clientId: number, formId: number): Promise<JournalNote | null> {
    await this.requireClient(clientId);
    const row =
      formId <= MAX_DB_ID
        ? await noteQuery(this.db)
            .where('n.user_id', '=', clientId)
            .where('n.form_id', '=', formId)
            .where('n.status', '=', 'UNSIGNED')
            .executeTakeFirst()
        : undefined;
    return row ? toJournalNote(row) : null;
  }

  /** A live, published form with its questions: 404 when it is not there, 409 for a draft. */
  private async publishedForm(trx: Trx, formId: number): Promise<FormQuestions> {
    const form = formId <= MAX_DB_ID ? (await formsById(trx, [formId])).get(formId) : undefined;
    if (!form || form.deleted) throw notFound(JOURNAL_MESSAGES.formNotFound);
    if (form.drafted) throw conflict(NOTE_DRAFT_FORM);
    return form;
  }

  /**
   * Autosave of the answers as the client's unsigned note of this form. The first save sends no
   * version and creates the note; later saves send the version they were based on (409 when it
   * is stale, or when the note was signed meanwhile). Every answer must fit its question.
   */
  async save(
    clientId: number,
    formId: number,
    body: SaveJournalNoteRequest,
    author: Signer,
  ): Promise<JournalNote> {
    const row = await this.db.transaction().execute(async (trx) => {
      await this.requireClient(clientId, trx);
      const form = await this.publishedQuestions(trx, formId);
      const answers = new Map<number, AnswerValue>();
      for (const a of body.answers) {
        const question = form.questions.get(a.questionId);
        if (!question) throw badRequest(NOTE_UNKNOWN_QUESTION);
        if (!answerFits(question, a.value)) throw badRequest(NOTE_ANSWER_MISFIT);
        answers.set(a.questionId, a.value);
      }
      const stored = JSON.stringify(
        [...answers].map(([questionId, value]) => ({ questionId, value })),
      );
      if (body.correctsNoteId !== undefined) await this.requireCorrected(trx, clientId, body);
      const now = this.clock.now();
      // A later save: the version check, the lock and the write in one statement. A first
      // save: the one-unsigned-note-per-form index turns a second "first" save away.
      const saved =
        body.version !== undefined
          ? await trx
              .updateTable('journal_notes')
              .set((eb) => ({
                answers: stored,
                version: eb('version', '+', 1),
                updated_at: now,
                ...(body.correctsNoteId === undefined
                  ? {}
                  : { corrects_note_id: body.correctsNoteId }),
              }))
              .where('user_id', '=', clientId)
              .where('form_id', '=', formId)
              .where('status', '=', 'UNSIGNED')
              .where('version', '=', body.version)
              .returning(RETURNED)
              .executeTakeFirst()
          : await trx
              .insertInto('journal_notes')
              .values({
                user_id: clientId,
                author_id: author.userId,
                form_id: formId,
                kind: 'JOURNAL',
                content: '',
                form_title: form.title,
                answers: stored,
                corrects_note_id: body.correctsNoteId ?? null,
                created_at: now,
                updated_at: now,
              })
              .onConflict((oc) => oc.doNothing())
              .returning(RETURNED)
              .executeTakeFirst();
      if (!saved) throw conflict(NOTE_VERSION_CONFLICT);
      // Logged in the same commit as the change (one write to disk per autosave).
      await this.deps.activity.record(
        {
          action: 'JOURNAL_NOTE_SAVED',
          actorUserId: author.userId,
          subjectUserId: clientId,
          ip: author.ip,
          details: { noteId: saved.id, formId },
        },
        trx,
      );
      return saved;
    });
    return toJournalNote({ ...row, author_name: null, signer_name: null });
  }

  /** A live, published form's title and questions (for checking answers): 404, or 409 for a draft. */
  private async publishedQuestions(trx: Trx, formId: number) {
    const form =
      formId <= MAX_DB_ID
        ? await trx
            .selectFrom('forms')
            .select(['title', 'drafted'])
            .where('id', '=', formId)
            .where('deleted_at', 'is', null)
            .executeTakeFirst()
        : undefined;
    if (!form) throw notFound(JOURNAL_MESSAGES.formNotFound);
    if (form.drafted) throw conflict(NOTE_DRAFT_FORM);
    let questions = this.publishedQuestionCache.get(formId);
    if (!questions) {
      const rows = await trx
        .selectFrom('form_questions as q')
        .innerJoin('form_sections as s', 's.id', 'q.section_id')
        .select(['q.id', 'q.type', 'q.options'])
        .where('s.form_id', '=', formId)
        .execute();
      questions = new Map(
        rows.map((q) => [q.id, { type: q.type, options: (q.options ?? {}) as QuestionOptions }]),
      );
      // A published form's questions never change (forms/service.ts refuses it), so they are
      // kept; the form row above is still read every time (a deleted form is 404 at once).
      if (this.publishedQuestionCache.size >= QUESTION_CACHE_FORMS) {
        this.publishedQuestionCache.delete(this.publishedQuestionCache.keys().next().value!);
      }
      this.publishedQuestionCache.set(formId, questions);
    }
    return { title: form.title, questions };
  }

  /** A correction points at a SIGNED note of the same client. */
  private async requireCorrected(trx: Trx, clientId: number, body: SaveJournalNoteRequest) {
    const id = body.correctsNoteId!;
    const row =
      id <= MAX_DB_ID
        ? await trx
            .selectFrom('journal_notes')
            .select('id')
            .where('id', '=', id)
            .where('user_id', '=', clientId)
            .where('status', '=', 'SIGNED')
            .executeTakeFirst()
        : undefined;
    if (!row) throw badRequest(JOURNAL_MESSAGES.correctedNotFound);
  }

  /**
   * Signs the client's unsigned note of this form and sends it, in one transaction: the note is
   * frozen with signer, time, content and its sha-256; the mail (no health data) goes to the
   * outbox; the client gets a DAILY_NOTE notice; the signing is written to the activity log.
   * Nothing unsigned → 409, so signing twice never mails twice. Delivery starts after commit.
   */
  async sign(clientId: number, formId: number, signer: Signer): Promise<JournalNote> {
    const id = await this.db.transaction().execute(async (trx) => {
      await this.requireClient(clientId, trx);
      const note =
        formId <= MAX_DB_ID
          ? await trx
              .selectFrom('journal_notes')
              .select(['id', 'answers', 'form_title', 'corrects_note_id'])
              .where('user_id', '=', clientId)
              .where('form_id', '=', formId)
              .where('status', '=', 'UNSIGNED')
              .forUpdate()
              .executeTakeFirst()
          : undefined;
      if (!note) throw conflict(NOTE_NOTHING_TO_SIGN);
      const form = await this.publishedForm(trx, formId);
      const answers = answersOf(note);
      const answered = new Map(answers.map((a) => [a.questionId, a.value]));
      const missing = form.sections
        .flatMap((s) => s.questions)
        .some((q) => q.required && isBlank(answered.get(q.id)));
      if (missing) throw badRequest(NOTE_REQUIRED_MISSING);
      const me = await trx
        .selectFrom('users')
        .select(['first_name', 'last_name'])
        .where('id', '=', signer.userId)
        .executeTakeFirstOrThrow();
      const now = this.clock.now();
      // Read before the UPDATE: the note keeps the letterhead it was signed under.
      const settings = await this.settings.get(trx);
      const content = noteContentText({
        title: note.form_title,
        signedByName: nameOf(me.first_name, me.last_name) ?? '',
        signedOn: stockholmDay(now),
        sections: readableSections(form, answers),
      });
      const signed = {
        id: note.id,
        user_id: clientId,
        form_id: formId,
        signed_by: signer.userId,
        signed_at: now,
        content_hash: contentHash(content),
        clinic_name: settings.clinicName,
        signature_line: settings.signatureLine,
        corrects_note_id: note.corrects_note_id,
      };
      await trx
        .updateTable('journal_notes')
        .set((eb) => ({
          status: 'SIGNED',
          signed_at: now,
          signed_by: signer.userId,
          sent_at: now,
          content,
          content_hash: signed.content_hash,
          version: eb('version', '+', 1),
          updated_at: now,
          clinic_name: settings.clinicName,
          signature_line: settings.signatureLine,
          server_signature: signNoteFields(this.deps.noteKey, signed),
        }))
        .where('id', '=', note.id)
        .execute();
      // The mail (design §4.10, §4.16) is written by notify(): the clinic's signed-note mail when
      // the client has 'Ny journalanteckning' on, at most one per 15 minutes.
      await this.deps.notifications.notify(clientId, 'DAILY_NOTE', JOURNAL_MESSAGES.notice, trx);
      await this.deps.activity.record(
        {
          action: 'JOURNAL_NOTE_SIGNED',
          actorUserId: signer.userId,
          subjectUserId: clientId,
          ip: signer.ip,
          details: { noteId: note.id, formId },
        },
        trx,
      );
      return note.id;
    });
    await this.deps.outbox.kick();
    return toJournalNote(await noteQuery(this.db).where('n.id', '=', id).executeTakeFirstOrThrow());
  }
}
