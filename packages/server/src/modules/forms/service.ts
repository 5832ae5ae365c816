// Journal forms (spec §3 Form, §7 Forms; design.md §4.10). A form is a draft until published;
// a published form is read-only (duplicate it to change it), so the notes written with it can
// always be read against the questions they answered. Every edit carries the `version` it was
// based on; a stale one is refused (409) and nothing is written.
//
// Deleting a form (ADMIN only): a form that no note uses is deleted with its sections and
// questions. A form that a client's UNSIGNED note (a draft being written) uses is refused (409,
// FORM_IN_USE_BY_DRAFTS) and nothing is deleted: removing those drafts silently lost the
// clients' work with no log row naming them (issue 22); they have to be signed first. A form
// that only signed notes use is hidden instead (`deleted_at`): it leaves the list and GET
// answers 404, but the notes keep their form, their form_title and their readable questions (a
// signed note is frozen by the database, so its form_id could not be cleared anyway).
import {
  DEFAULT_PAGE_SIZE,
  FORM_IN_USE_BY_DRAFTS,
  FORM_PUBLISHED_READ_ONLY,
  FORM_VERSION_CONFLICT,
  isPageRequest,
  type Form,
  type FormPurpose,
  type FormQuestion,
  type FormVersion,
  type FormSection,
  type FormSummary,
  type FormSummaryPage,
  type FormSummaryQuery,
  type QuestionOptions,
  type UpdateFormRequest,
} from '@halsa/api/contract';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../clock.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import {
  cleanOptions,
  likePattern,
  asSent,
  toSummary,
  type NewQuestionRow,
  type QuestionRow,
  type SectionRow,
} from './shape.ts';
import { MAX_DB_ID } from '../../db/ids.ts';

export const FORM_MESSAGES = {
  notFound: 'Formuläret hittades inte.',
  sectionNotFound: 'Sektionen hittades inte.',
  questionNotFound: 'Frågan hittades inte.',
  unknownSection: 'En sektion hör inte till formuläret. Ladda om sidan och försök igen.',
  unknownQuestion: 'En fråga hör inte till formuläret. Ladda om sidan och försök igen.',
  titleTooLong: 'Titeln får vara högst 200 tecken.',
  newTitle: 'Nytt formulär',
  copyPrefix: 'Kopia av ',
} as const;

const MAX_TITLE = 200;

type Trx = Transaction<Database>;
type Reader = Db | Trx;

export class FormService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private live(db: Reader = this.db) {
    return db.selectFrom('forms').where('deleted_at', 'is', null);
  }

  /** The summaries, by title: all of them (`q` filters), or one page when `page`/`size` is sent. */
  async summaries(query: FormSummaryQuery): Promise<FormSummary[] | FormSummaryPage> {
    let base = this.live();
    if (query.q) base = base.where(sql<boolean>`lower(title) like ${likePattern(query.q)}`);
    if (query.purpose) base = base.where('purpose', '=', query.purpose);
    const list = base
      .select(['id', 'title', 'drafted', 'purpose'])
      .orderBy(sql`lower(title)`)
      .orderBy('id');
    if (!isPageRequest(query)) return (await list.execute()).map(toSummary);
    const page = query.page ?? 1;
    const size = query.size ?? DEFAULT_PAGE_SIZE;
    const [items, count] = await Promise.all([
      list
        .limit(size)
        .offset((page - 1) * size)
        .execute(),
      base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items: items.map(toSummary), total: Number(count.n), page, size };
  }

  /** A new draft 'Nytt formulär' for `purpose` with one blank section (sortOrder 1). */
  async create(userId: number, purpose: FormPurpose = 'JOURNAL'): Promise<Form> {
    const id = await this.db.transaction().execute(async (trx) => {
      const now = this.clock.now();
      const form = await trx
        .insertInto('forms')
        .values({
          title: FORM_MESSAGES.newTitle,
          drafted: true,
          purpose,
          created_by: userId,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('form_sections')
        .values({ form_id: form.id, title: '', instruction: '', sort_order: 1 })
        .execute();
      return form.id;
    });
    return this.get(id);
  }

  /** The form with its sections and questions in order, or 404. */
  async get(id: number, db: Reader = this.db): Promise<Form> {
    const form =
      id <= MAX_DB_ID
        ? await this.live(db)
            .select(['id', 'title', 'drafted', 'purpose', 'version'])
            .where('id', '=', id)
            .executeTakeFirst()
        : undefined;
    if (!form) throw notFound(FORM_MESSAGES.notFound);
    return { ...form, sections: await this.sectionsOf(id, db) };
  }

  /** A form's sections, each with its questions, in order (sortOrder, then id). */
  async sectionsOf(id: number, db: Reader = this.db): Promise<FormSection[]> {
    const [sections, questions] = await Promise.all([
      db
        .selectFrom('form_sections')
        .select(['id', 'title', 'instruction', 'sort_order'])
        .where('form_id', '=', id)
        .orderBy('sort_order')
        .orderBy('id')
        .execute(),
      db
        .selectFrom('form_questions as q')
        .innerJoin('form_sections as s', 's.id', 'q.section_id')
        .select([
          'q.id',
          'q.section_id',
          'q.text',
          'q.type',
          'q.required',
          'q.options',
          'q.sort_order',
        ])
        .where('s.form_id', '=', id)
        .orderBy('q.sort_order')
        .orderBy('q.id')
        .execute(),
    ]);
    const bySection = new Map<number, FormQuestion[]>();
    for (const q of questions) {
      const list = bySection.get(q.section_id) ?? [];
      list.push({
        id: q.id,
        text: q.text,
        type: q.type,
        required: q.required,
        options: (q.options ?? {}) as QuestionOptions,
        sortOrder: q.sort_order,
      });
      bySection.set(q.section_id, list);
    }
    return sections.map((s) => ({
      id: s.id,
      title: s.title,
      instruction: s.instruction,
      sortOrder: s.sort_order,
      questions: bySection.get(s.id) ?? [],
    }));
  }

  /**
   * Locks a live form for a change: 404 when it is not there, 409 when it is published (unless
   * `allowPublished`) or when `version` is given and stale.
   */
  private async lock(trx: Trx, id: number, version?: number, allowPublished = false) {
    const form =
      id <= MAX_DB_ID
        ? await trx
            .selectFrom('forms')
            .select(['id', 'drafted', 'version'])
            .where('id', '=', id)
            .where('deleted_at', 'is', null)
            .forUpdate()
            .executeTakeFirst()
        : undefined;
    if (!form) throw notFound(FORM_MESSAGES.notFound);
    if (!form.drafted && !allowPublished) throw conflict(FORM_PUBLISHED_READ_ONLY);
    if (version !== undefined && version !== form.version) throw conflict(FORM_VERSION_CONFLICT);
    return form;
  }

  /** Raises the form's version (and sets `fields`); answers the new version. */
  private async bump(
    trx: Trx,
    id: number,
    fields: { title?: string; drafted?: boolean } = {},
  ): Promise<number> {
    const row = await trx
      .updateTable('forms')
      .set((eb) => ({ ...fields, version: eb('version', '+', 1), updated_at: this.clock.now() }))
      .where('id', '=', id)
      .returning('version')
      .executeTakeFirstOrThrow();
    return row.version;
  }

  /**
   * Saves the edited form: title, sections and questions as sent (new ones without an id are
   * added; ones left out are kept). An id that is not this form's is a 400 and nothing changes.
   * Only rows that differ are written, each kind in one statement, so an autosave of a large
   * form stays a handful of queries.
   */
  async update(id: number, body: UpdateFormRequest): Promise<Form> {
    const title = body.title.trim();
    if (title.length > MAX_TITLE) throw badRequest(FORM_MESSAGES.titleTooLong);
    return this.db.transaction().execute(async (trx) => {
      // The version check, the lock and the bump in one statement; when it matches nothing,
      // lock() says why (404, published, stale).
      const bumped =
        id <= MAX_DB_ID
          ? await trx
              .updateTable('forms')
              .set((eb) => ({
                title,
                version: eb('version', '+', 1),
                updated_at: this.clock.now(),
              }))
              .where('id', '=', id)
              .where('deleted_at', 'is', null)
              .where('drafted', '=', true)
              .where('version', '=', body.version)
              .returning(['id', 'title', 'drafted', 'purpose', 'version'])
              .executeTakeFirst()
          : undefined;
      if (!bumped) {
        await this.lock(trx, id, body.version);
        throw conflict(FORM_VERSION_CONFLICT);
      }
      // Which of the sent ids are this form's, and how many it has in all: one row.
      const sectionIds = body.sections.flatMap((x) => (x.id === undefined ? [] : [x.id]));
      const questionIds = body.sections.flatMap((x) =>
        x.questions.flatMap((q) => (q.id === undefined ? [] : [q.id])),
      );
      const { rows } = await sql<{
        sections: string | number;
        owned_sections: string | number;
        questions: string | number;
        owned_questions: string | number;
      }>`select
          (select count(*) from form_sections where form_id = ${id}) as sections,
          (select count(*) from form_sections where form_id = ${id}
            and id in (select value::int from jsonb_array_elements_text(${JSON.stringify(sectionIds)}::jsonb))
          ) as owned_sections,
          (select count(*) from form_questions q join form_sections s on s.id = q.section_id
            where s.form_id = ${id}) as questions,
          (select count(*) from form_questions q join form_sections s on s.id = q.section_id
            where s.form_id = ${id}
            and q.id in (select value::int from jsonb_array_elements_text(${JSON.stringify(questionIds)}::jsonb))
          ) as owned_questions`.execute(trx);
      const counts = rows[0]!;
      if (
        Number(counts.owned_sections) !== sectionIds.length ||
        new Set(sectionIds).size !== sectionIds.length
      ) {
        throw badRequest(FORM_MESSAGES.unknownSection);
      }
      if (
        Number(counts.owned_questions) !== questionIds.length ||
        new Set(questionIds).size !== questionIds.length
      ) {
        throw badRequest(FORM_MESSAGES.unknownQuestion);
      }

      const sectionRows: SectionRow[] = [];
      const questionRows: QuestionRow[] = [];
      const newQuestions: NewQuestionRow[] = [];
      let added = false;
      for (const x of body.sections) {
        let sectionId = x.id;
        if (sectionId === undefined) {
          added = true;
          const row = await trx
            .insertInto('form_sections')
            .values({
              form_id: id,
              title: x.title,
              instruction: x.instruction,
              sort_order: x.sortOrder,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          sectionId = row.id;
        } else {
          sectionRows.push({
            id: sectionId,
            title: x.title,
            instruction: x.instruction,
            sort_order: x.sortOrder,
          });
        }
        for (const q of x.questions) {
          const fields = {
            section_id: sectionId,
            text: q.text,
            type: q.type,
            required: q.required,
            options: cleanOptions(q.type, q.options),
            sort_order: q.sortOrder,
          };
          if (q.id === undefined) newQuestions.push(fields);
          else questionRows.push({ id: q.id, ...fields });
        }
      }
      // Every sent row in one statement per kind; only rows that differ are written.
      if (sectionRows.length > 0) {
        await sql`update form_sections s
          set title = v.title, instruction = v.instruction, sort_order = v.sort_order
          from jsonb_to_recordset(${JSON.stringify(sectionRows)}::jsonb)
            as v (id int, title text, instruction text, sort_order int)
          where s.id = v.id and s.form_id = ${id}
            and (s.title, s.instruction, s.sort_order)
              is distinct from (v.title, v.instruction, v.sort_order)`.execute(trx);
      }
      if (questionRows.length > 0) {
        await sql`update form_questions q
          set section_id = v.section_id, text = v.text, type = v.type, required = v.required,
            options = v.options, sort_order = v.sort_order
          from jsonb_to_recordset(${JSON.stringify(questionRows)}::jsonb)
            as v (id int, section_id int, text text, type text, required boolean, options jsonb,
              sort_order int)
          where q.id = v.id
            and (q.section_id, q.text, q.type, q.required, q.options, q.sort_order)
              is distinct from (v.section_id, v.text, v.type, v.required, v.options, v.sort_order)`.execute(
          trx,
        );
      }
      if (newQuestions.length > 0) {
        added = true;
        await trx
          .insertInto('form_questions')
          .values(newQuestions.map((q) => ({ ...q, options: JSON.stringify(q.options) })))
          .execute();
      }
      // The whole form was sent and nothing was added: the answer is what was sent.
      const whole =
        sectionIds.length === Number(counts.sections) &&
        questionIds.length === Number(counts.questions);
      if (added || !whole) return { ...bumped, sections: await this.sectionsOf(id, trx) };
      return { ...bumped, sections: asSent(body) };
    });
  }

  /** Publishes a draft (a published form answers as it is). */
  async publish(id: number): Promise<Form> {
    return this.db.transaction().execute(async (trx) => {
      const form = await this.lock(trx, id, undefined, true);
      if (form.drafted) await this.bump(trx, id, { drafted: false });
      return this.get(id, trx);
    });
  }

  /** Deletes a form (see the head of this file for a form that notes use). */
  async delete(id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      // The form's row is locked FOR UPDATE: a note inserted meanwhile waits for this
      // transaction (its foreign key share-locks the form), so the check holds until commit.
      await this.lock(trx, id, undefined, true);
      const draft = await trx
        .selectFrom('journal_notes')
        .select('id')
        .where('form_id', '=', id)
        .where('status', '=', 'UNSIGNED')
        .limit(1)
        .executeTakeFirst();
      if (draft) throw conflict(FORM_IN_USE_BY_DRAFTS);
      // Signed notes, and questionnaires sent with it (open ones stay answerable, submitted ones
      // are frozen): the form is hidden, not deleted.
      const used = await trx
        .selectFrom('journal_notes')
        .select('id')
        .where('form_id', '=', id)
        .union(trx.selectFrom('questionnaires').select('id').where('form_id', '=', id))
        .limit(1)
        .executeTakeFirst();
      if (used) {
        await trx
          .updateTable('forms')
          .set({ deleted_at: this.clock.now() })
          .where('id', '=', id)
          .execute();
        await trx
          .updateTable('journal_settings')
          .set({ default_form_id: null })
          .where('default_form_id', '=', id)
          .execute();
      } else {
        await trx.deleteFrom('forms').where('id', '=', id).execute();
      }
    });
  }

  /**
   * Deletes a section of a draft with its questions; 404 when it is not this form's, 409 when
   * `version` is given and stale. Answers the form's new version.
   */
  async deleteSection(id: number, sectionId: number, version?: number): Promise<FormVersion> {
    return this.db.transaction().execute(async (trx) => {
      await this.lock(trx, id, version);
      const gone = await trx
        .deleteFrom('form_sections')
        .where('id', '=', Math.min(sectionId, MAX_DB_ID))
        .where('form_id', '=', id)
        .executeTakeFirst();
      if (Number(gone.numDeletedRows) === 0) throw notFound(FORM_MESSAGES.sectionNotFound);
      return { version: await this.bump(trx, id) };
    });
  }

  /** Deletes a question of a draft like deleteSection; 404 when it is not in that section. */
  async deleteQuestion(
    id: number,
    sectionId: number,
    questionId: number,
    version?: number,
  ): Promise<FormVersion> {
    return this.db.transaction().execute(async (trx) => {
      await this.lock(trx, id, version);
      const gone = await trx
        .deleteFrom('form_questions')
        .where('id', '=', Math.min(questionId, MAX_DB_ID))
        .where('section_id', '=', Math.min(sectionId, MAX_DB_ID))
        .where('section_id', 'in', (eb) =>
          eb.selectFrom('form_sections').select('id').where('form_id', '=', id),
        )
        .executeTakeFirst();
      if (Number(gone.numDeletedRows) === 0) throw notFound(FORM_MESSAGES.questionNotFound);
      return { version: await this.bump(trx, id) };
    });
  }

  /** A new draft 'Kopia av …' with copies of every section and question. */
  async duplicate(id: number, userId: number): Promise<Form> {
    const copyId = await this.db.transaction().execute(async (trx) => {
      const original = await this.get(id, trx);
      const now = this.clock.now();
      const form = await trx
        .insertInto('forms')
        .values({
          title: `${FORM_MESSAGES.copyPrefix}${original.title}`.slice(0, MAX_TITLE),
          drafted: true,
          purpose: original.purpose,
          created_by: userId,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const s of original.sections) {
        const section = await trx
          .insertInto('form_sections')
          .values({
            form_id: form.id,
            title: s.title,
            instruction: s.instruction,
            sort_order: s.sortOrder,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (s.questions.length > 0) {
          await trx
            .insertInto('form_questions')
            .values(
              s.questions.map((q) => ({
                section_id: section.id,
                text: q.text,
                type: q.type,
                required: q.required,
                options: JSON.stringify(q.options),
                sort_order: q.sortOrder,
              })),
            )
            .execute();
        }
      }
      return form.id;
    });
    return this.get(copyId);
  }
}
