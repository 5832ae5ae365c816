// Reading journal notes: the columns a note is read with (and the author's and signer's names),
// the questions of the forms notes were written with (hidden forms included), and the shapes
// the contract gives them (DailyNote for reading, JournalNote for the fill-in page).
import {
  readableSections,
  type AnswerValue,
  type DailyNote,
  type JournalAnswer,
  type JournalNote,
  type QuestionOptions,
  type QuestionType,
} from '@halsa/api/contract';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';

type Reader = Db | Transaction<Database>;
const FREE_TEXT_TITLE = 'Daglig anteckning';

export interface FormQuestions {
  id: number;
  title: string;
  drafted: boolean;
  deleted: boolean;
  sections: {
    title: string;
    sortOrder: number;
    questions: {
      id: number;
      text: string;
      type: QuestionType;
      required: boolean;
      options: QuestionOptions;
      sortOrder: number;
    }[];
  }[];
}

const NOTE_COLUMNS = [
  'n.id',
  'n.user_id',
  'n.form_id',
  'n.form_title',
  'n.version',
  'n.status',
  'n.answers',
  'n.content',
  'n.created_at',
  'n.updated_at',
  'n.signed_at',
  'n.signed_by',
  'n.content_hash',
  'n.corrects_note_id',
  'n.clinic_name',
  'n.signature_line',
] as const;

/** The note's own columns, as an UPDATE or INSERT returns them. */
export const RETURNED = [
  'id',
  'user_id',
  'form_id',
  'form_title',
  'version',
  'status',
  'answers',
  'content',
  'created_at',
  'updated_at',
  'signed_at',
  'signed_by',
  'content_hash',
  'corrects_note_id',
  'clinic_name',
  'signature_line',
] as const;

export type NoteRow = {
  id: number;
  user_id: number;
  form_id: number | null;
  form_title: string;
  version: number;
  status: 'UNSIGNED' | 'SIGNED';
  answers: unknown;
  content: string;
  created_at: Date;
  updated_at: Date;
  signed_at: Date | null;
  signed_by: number | null;
  content_hash: string | null;
  corrects_note_id: number | null;
  clinic_name: string | null;
  signature_line: string | null;
  author_name: string | null;
  signer_name: string | null;
};

export const nameOf = (first: string | null, last: string | null): string | null =>
  first === null && last === null ? null : `${first ?? ''} ${last ?? ''}`.trim();

/** Notes with the author's and the signer's names. */
export function noteQuery(db: Reader) {
  return db
    .selectFrom('journal_notes as n')
    .leftJoin('users as a', 'a.id', 'n.author_id')
    .leftJoin('users as s', 's.id', 'n.signed_by')
    .select(NOTE_COLUMNS)
    .select((eb) => [
      eb
        .fn<string | null>('nullif', [
          eb.fn('concat_ws', [eb.val(' '), eb.ref('a.first_name'), eb.ref('a.last_name')]),
          eb.val(''),
        ])
        .as('author_name'),
      eb
        .fn<string | null>('nullif', [
          eb.fn('concat_ws', [eb.val(' '), eb.ref('s.first_name'), eb.ref('s.last_name')]),
          eb.val(''),
        ])
        .as('signer_name'),
    ]);
}

/** The questions of these forms, hidden (deleted) ones included: notes keep their form. */
export async function formsById(db: Reader, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const out = new Map<number, FormQuestions>();
  if (unique.length === 0) return out;
  const [forms, sections, questions] = await Promise.all([
    db
      .selectFrom('forms')
      .select(['id', 'title', 'drafted', 'deleted_at'])
      .where('id', 'in', unique)
      .execute(),
    db
      .selectFrom('form_sections')
      .select(['id', 'form_id', 'title', 'sort_order'])
      .where('form_id', 'in', unique)
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
      .where('s.form_id', 'in', unique)
      .execute(),
  ]);
  const bySection = new Map<number, FormQuestions['sections'][number]>();
  for (const f of forms) {
    out.set(f.id, {
      id: f.id,
      title: f.title,
      drafted: f.drafted,
      deleted: f.deleted_at !== null,
      sections: [],
    });
  }
  for (const s of sections) {
    const section = { title: s.title, sortOrder: s.sort_order, questions: [] };
    bySection.set(s.id, section);
    out.get(s.form_id)?.sections.push(section);
  }
  for (const q of questions) {
    bySection.get(q.section_id)?.questions.push({
      id: q.id,
      text: q.text,
      type: q.type,
      required: q.required,
      options: (q.options ?? {}) as QuestionOptions,
      sortOrder: q.sort_order,
    });
  }
  return out;
}

/** Notes as a reader sees them: answers in words against their form's questions. */
export async function toDailyNotes(db: Reader, rows: NoteRow[]): Promise<DailyNote[]> {
  const forms = await formsById(
    db,
    rows.flatMap((r) => (r.form_id === null ? [] : [r.form_id])),
  );
  return rows.map((r) => {
    const form = r.form_id === null ? undefined : forms.get(r.form_id);
    return {
      id: r.id,
      content: r.content,
      createdAt: r.created_at.toISOString(),
      authorName: r.author_name ?? '',
      signed: r.status === 'SIGNED',
      signedAt: r.signed_at ? r.signed_at.toISOString() : null,
      title: titleOf(r),
      formId: r.form_id,
      signedByName: r.status === 'SIGNED' ? (r.signer_name ?? '') : null,
      correctsNoteId: r.corrects_note_id,
      clinicName: r.status === 'SIGNED' ? r.clinic_name : null,
      signatureLine: r.status === 'SIGNED' ? r.signature_line : null,
      sections: form ? readableSections(form, answersOf(r)) : [],
    };
  });
}

/** A free-text note written before forms (no form, no title) is a 'Daglig anteckning'. */
export const titleOf = (r: { form_title: string; form_id: number | null }): string =>
  r.form_title || (r.form_id === null ? FREE_TEXT_TITLE : '');

export const isBlank = (v: AnswerValue | undefined): boolean =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0);

export function answersOf(row: { answers: unknown }): JournalAnswer[] {
  const raw = typeof row.answers === 'string' ? (JSON.parse(row.answers) as unknown) : row.answers;
  return Array.isArray(raw) ? (raw as JournalAnswer[]) : [];
}

export function toJournalNote(r: NoteRow): JournalNote {
  return {
    id: r.id,
    clientId: r.user_id,
    formId: r.form_id,
    formTitle: r.form_title,
    version: r.version,
    status: r.status,
    answers: answersOf(r),
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    signedBy:
      r.status === 'SIGNED' && r.signed_by !== null
        ? { id: r.signed_by, name: r.signer_name ?? '' }
        : null,
    signedAt: r.signed_at ? r.signed_at.toISOString() : null,
    contentHash: r.content_hash,
    correctsNoteId: r.corrects_note_id,
  };
}
