// The answers of a note being written: what an input's text means for its question, and which
// required questions are still unanswered. Pure, so they are unit-tested.
import {
  SCALE_MAX,
  SCALE_MIN,
  type AnswerValue,
  type Form,
  type FormQuestion,
  type JournalAnswer,
} from '@halsa/api';

export type Answers = ReadonlyMap<number, AnswerValue>;

export const NUMBER_INVALID = 'Ange ett tal, till exempel 72,5.';
export const REQUIRED_MISSING = 'Frågan är obligatorisk.';

/**
 * The text of a number field as a number: decimal comma or point, spaces as thousands
 * separators ('1 234,5'); empty → null (no answer); anything else → undefined (not a number).
 */
export function parseNumberAnswer(text: string): number | null | undefined {
  const compact = text.replace(/[\s\u00a0]/g, '');
  if (compact === '') return null;
  if (!/^[-−]?\d+([.,]\d+)?$/.test(compact)) return undefined;
  const value = Number(compact.replace('−', '-').replace(',', '.'));
  return Number.isFinite(value) ? value : undefined;
}

/** A number as it is typed back into its field: 72.5 → '72,5'. */
export const numberText = (value: AnswerValue | undefined): string =>
  typeof value === 'number' ? String(value).replace('.', ',') : '';

/** The form's sections and questions in their order. */
export function orderedSections(form: Form) {
  return [...form.sections]
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .map((s) => ({ ...s, questions: [...s.questions].sort((a, b) => a.sortOrder - b.sortOrder) }));
}

/** Whether the value counts as an answer (empty text and no choices do not). */
export function isAnswered(value: AnswerValue | undefined): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/** The required questions that have no answer yet, in the form's order. */
export function missingRequired(form: Form, answers: Answers): FormQuestion[] {
  return orderedSections(form)
    .flatMap((s) => s.questions)
    .filter((q) => q.required && !isAnswered(answers.get(q.id)));
}

/** The answers as the PUT sends them: every answered question of the form, in its order. */
export function toRequestAnswers(form: Form, answers: Answers): JournalAnswer[] {
  return orderedSections(form)
    .flatMap((s) => s.questions)
    .filter((q) => isAnswered(answers.get(q.id)))
    .map((q) => ({ questionId: q.id, value: answers.get(q.id) ?? null }));
}

export const SCALE_STEPS = Array.from(
  { length: SCALE_MAX - SCALE_MIN + 1 },
  (_, i) => SCALE_MIN + i,
);
