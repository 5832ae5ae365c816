// The shapes of a form in the service: summaries, options cleaned per question type, the rows a
// save writes in one statement per kind, and the form as sent when a save sent all of it and
// added nothing (in the order the database reads it, so the answer needs no second read).
import type {
  FormPurpose,
  FormQuestion,
  FormSection,
  FormSummary,
  QuestionOptions,
  UpdateFormRequest,
} from '@halsa/api/contract';

/** A section as a save writes it (one JSON row of the bulk UPDATE). */
export interface SectionRow {
  id: number;
  title: string;
  instruction: string;
  sort_order: number;
}
/** A question as a save writes it; with an id it updates, without one it is inserted. */
export interface NewQuestionRow {
  section_id: number;
  text: string;
  type: FormQuestion['type'];
  required: boolean;
  options: QuestionOptions;
  sort_order: number;
}
export interface QuestionRow extends NewQuestionRow {
  id: number;
}

export const likePattern = (q: string) =>
  `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const toSummary = (r: {
  id: number;
  title: string;
  drafted: boolean;
  purpose: FormPurpose;
}): FormSummary => ({
  id: r.id,
  title: r.title,
  drafted: r.drafted,
  purpose: r.purpose,
});

const byOrder = <T extends { id: number; sortOrder: number }>(a: T, b: T) =>
  a.sortOrder - b.sortOrder || a.id - b.id;

/**
 * The form after a save that sent every section and question and added none: what was sent,
 * with options cleaned per type, in the order the database reads it (sortOrder, then id).
 */
export function asSent(body: UpdateFormRequest): FormSection[] {
  return body.sections
    .map((s) => ({
      id: s.id!,
      title: s.title,
      instruction: s.instruction,
      sortOrder: s.sortOrder,
      questions: s.questions
        .map((q) => ({
          id: q.id!,
          text: q.text,
          type: q.type,
          required: q.required,
          options: cleanOptions(q.type, q.options),
          sortOrder: q.sortOrder,
        }))
        .sort(byOrder),
    }))
    .sort(byOrder);
}

/** Keeps only the options a type uses: choices for the choice types, a unit for NUMBER. */
export function cleanOptions(
  type: FormQuestion['type'],
  options: QuestionOptions,
): QuestionOptions {
  if (type === 'SINGLE_CHOICE' || type === 'MULTIPLE_CHOICE') {
    return { choices: options.choices ?? [] };
  }
  if (type === 'NUMBER') return options.unit ? { unit: options.unit } : {};
  return {};
}
