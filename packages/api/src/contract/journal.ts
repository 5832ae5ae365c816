import { z } from 'zod';
import { dateSchema, hasControlCharacters, idSchema, timestampSchema } from './common.ts';
import { SCALE_MAX, SCALE_MIN, type QuestionOptions, type QuestionType } from './forms.ts';
import { SWEDISH_MONTHS } from '../swedish-months.ts';

/**
 * One section of a note as a reader sees it: each question with its answer in Swedish words
 * ('Ja'/'Nej', '7 av 10', '72,5 kg', '12 mars 2026', choices joined with ', ', 'Ej besvarad').
 */
export const readableSectionSchema = z.object({
  title: z.string(),
  items: z.array(z.object({ question: z.string(), answer: z.string() })),
});
export type ReadableSection = z.infer<typeof readableSectionSchema>;

/**
 * A journal note as it is read (`GET /api/v1/user/journal/daily-notes`: the client's own SIGNED
 * notes, newest first; `clientJournal.dailyNotes`: all of a client's notes for staff).
 * `content` is the plain text of a signed note (title, signer, date, answers); `title` is the
 * form's title as it was when the note was written.
 */
export const dailyNoteSchema = z.object({
  id: idSchema,
  content: z.string(),
  createdAt: timestampSchema,
  authorName: z.string(),
  signed: z.boolean(),
  signedAt: timestampSchema.nullable(),
  title: z.string(),
  formId: idSchema.nullable(),
  signedByName: z.string().nullable(),
  correctsNoteId: idSchema.nullable(),
  /** The clinic name printed on the note as it was when signed; null if unsigned or older. */
  clinicName: z.string().nullable(),
  /** The signature line under the signer as it was when signed; null if unsigned or older. */
  signatureLine: z.string().nullable(),
  sections: z.array(readableSectionSchema),
});
export type DailyNote = z.infer<typeof dailyNoteSchema>;
export const dailyNoteListSchema = z.array(dailyNoteSchema);

/** A journal entry: a form that was signed and sent to the client. */
export const journalEntrySchema = z.object({
  id: idSchema,
  formId: idSchema.nullable(),
  title: z.string(),
  signedAt: timestampSchema,
  signedByName: z.string(),
});
export type JournalEntry = z.infer<typeof journalEntrySchema>;

/**
 * `GET /api/v1/admin/users/:id/journal`: a client's journal as staff see it: `dailyNotes` all her
 * notes, signed and unsigned, newest first; `entries` the signed ones.
 */
export const clientJournalSchema = z.object({
  dailyNotes: z.array(dailyNoteSchema),
  entries: z.array(journalEntrySchema),
});
export type ClientJournal = z.infer<typeof clientJournalSchema>;

/** `GET …/journal/daily-notes/latest-signed`; `null` when there is none. */
export const latestSignedNoteSchema = z.object({ noteContent: z.string().nullable() });
export type LatestSignedNote = z.infer<typeof latestSignedNoteSchema>;

// ---- journal notes (design.md §4.10) -----------------------------------------------------------
// A journal note is one client's filled-in copy of a published form. While staff write it, its
// answers are saved as an UNSIGNED note (autosave, with `version` against lost edits); signing
// records signer, time and a sha-256 of its content and freezes it (the database refuses UPDATE
// and DELETE of a signed note). A mistake is fixed by a new note whose `correctsNoteId` points at
// the one it corrects.

/** An answer: text, a number (SCALE, NUMBER), yes/no, the chosen options, or none yet. */
export const answerValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.array(z.string()),
  z.null(),
]);
export type AnswerValue = z.infer<typeof answerValueSchema>;

export const journalAnswerSchema = z.object({ questionId: idSchema, value: answerValueSchema });
export type JournalAnswer = z.infer<typeof journalAnswerSchema>;

/** Whether `value` is an answer a question of `type` can have (null: not answered). */
export function answerFits(
  question: { type: QuestionType; options: QuestionOptions },
  value: AnswerValue,
): boolean {
  if (value === null) return true;
  const choices = question.options.choices ?? [];
  switch (question.type) {
    case 'SHORT_TEXT':
    case 'LONG_TEXT':
      return typeof value === 'string';
    case 'YES_NO':
      return typeof value === 'boolean';
    case 'SINGLE_CHOICE':
      return typeof value === 'string' && choices.includes(value);
    case 'MULTIPLE_CHOICE':
      return Array.isArray(value) && value.every((v) => choices.includes(v));
    case 'SCALE':
      return (
        Number.isInteger(value) && (value as number) >= SCALE_MIN && (value as number) <= SCALE_MAX
      );
    case 'NUMBER':
      return typeof value === 'number' && Number.isFinite(value);
    case 'DATE':
      return typeof value === 'string' && dateSchema.safeParse(value).success;
  }
}

export const journalNoteStatusSchema = z.enum(['UNSIGNED', 'SIGNED']);
export type JournalNoteStatus = z.infer<typeof journalNoteStatusSchema>;

export const journalNoteSchema = z.object({
  id: idSchema,
  clientId: idSchema,
  formId: idSchema.nullable(),
  formTitle: z.string(),
  version: z.number().int().min(1),
  status: journalNoteStatusSchema,
  answers: z.array(journalAnswerSchema),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  signedBy: z.object({ id: idSchema, name: z.string() }).nullable(),
  signedAt: timestampSchema.nullable(),
  /** sha-256 (hex) of the signed content; null until signed. */
  contentHash: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .nullable(),
  correctsNoteId: idSchema.nullable(),
});
export type JournalNote = z.infer<typeof journalNoteSchema>;

/**
 * Autosave of a note's answers: the `version` it was based on (none for the first save), and
 * for a correction the note it corrects.
 */
export const saveJournalNoteRequestSchema = z.object({
  version: z.number().int().min(1).optional(),
  answers: z.array(journalAnswerSchema),
  correctsNoteId: idSchema.optional(),
});
export type SaveJournalNoteRequest = z.infer<typeof saveJournalNoteRequestSchema>;

/** `POST /api/v1/admin/users/:userId/journal/forms/:formId/sign-and-send`; the screen sends none. */
export const signJournalNoteRequestSchema = z
  .object({ channel: z.literal('EMAIL').optional() })
  .optional();
export type SignJournalNoteRequest = z.infer<typeof signJournalNoteRequestSchema>;

/** The 409 message of a save whose `version` is not the note's current one. */
export const NOTE_VERSION_CONFLICT =
  'Anteckningen har ändrats av någon annan. Ladda om sidan för att se den senaste versionen.';
/** The 409 message of any change to a signed note. */
export const NOTE_SIGNED_READ_ONLY =
  'Anteckningen är signerad och kan inte ändras. Skriv en rättelse i en ny anteckning.';

/** `GET …/users/:userId/journal/forms/:formId/note`: the client's UNSIGNED note of that form. */
export const journalNoteResponseSchema = z.object({ note: journalNoteSchema.nullable() });
export type JournalNoteResponse = z.infer<typeof journalNoteResponseSchema>;

/** The 409 message of a note saved for a form that is still a draft. */
export const NOTE_DRAFT_FORM =
  'Ett utkast kan inte användas för en klient. Publicera formuläret först.';
/** The 400 message of an answer that does not fit its question (`answerFits`). */
export const NOTE_ANSWER_MISFIT =
  'Ett svar passar inte sin fråga. Kontrollera svaren och försök igen.';
/** The 400 message of an answer to a question the form does not have. */
export const NOTE_UNKNOWN_QUESTION = 'Ett svar hör till en fråga som inte finns i formuläret.';
/** The 400 message of signing while a required question has no answer. */
export const NOTE_REQUIRED_MISSING = 'Besvara alla obligatoriska frågor innan du signerar.';
/** The 409 message of signing when the client has no unsigned note of that form. */
export const NOTE_NOTHING_TO_SIGN = 'Det finns ingen osignerad anteckning att signera.';

// ---- journal settings (/journal/general) -------------------------------------------------------

/** The clinic name and signature line printed on sent notes, and the default form for new notes. */
export const journalSettingsSchema = z.object({
  clinicName: z.string(),
  signatureLine: z.string(),
  defaultFormId: idSchema.nullable(),
  version: z.number().int().min(1),
});
export type JournalSettings = z.infer<typeof journalSettingsSchema>;

/** `PUT /api/v1/admin/journal/settings` with the `version` it edited. */
export const updateJournalSettingsRequestSchema = z.object({
  clinicName: z
    .string()
    .trim()
    .min(1, 'Klinikens namn är obligatoriskt.')
    .max(100, 'Klinikens namn får vara högst 100 tecken.')
    // The name goes into the subject header of the signed-note mail.
    .refine(
      (v) => !hasControlCharacters(v),
      'Klinikens namn får inte innehålla radbrytningar eller styrtecken.',
    ),
  signatureLine: z
    .string()
    .trim()
    .max(200, 'Signaturraden får vara högst 200 tecken.')
    .refine(
      (v) => !hasControlCharacters(v),
      'Signaturraden får inte innehålla radbrytningar eller styrtecken.',
    ),
  defaultFormId: idSchema.nullable(),
  version: z.number().int().min(1),
});
export type UpdateJournalSettingsRequest = z.infer<typeof updateJournalSettingsRequestSchema>;

/** The 409 message of a settings save whose `version` is not the current one. */
export const JOURNAL_SETTINGS_VERSION_CONFLICT =
  'Inställningarna har ändrats av någon annan. Ladda om sidan för att se de senaste.';
/** The 400 message of a default form that is not a published form. */
export const JOURNAL_SETTINGS_DEFAULT_FORM =
  'Standardformuläret måste vara ett publicerat formulär.';

// ---- answers in Swedish words ------------------------------------------------------------------

/** The words of a missing answer. */
export const NOT_ANSWERED = 'Ej besvarad';

/** `2026-03-12` → '12 mars 2026' (the calendar date as written, no time zone). */
export function swedishDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  const month = SWEDISH_MONTHS[(m ?? 1) - 1];
  return month && y && d ? `${d} ${month} ${y}` : iso;
}

/** A number with a decimal comma: 72.5 → '72,5'. */
export const swedishNumber = (n: number): string => String(n).replace('.', ',');

/**
 * An answer as a reader sees it: 'Ja'/'Nej', '7 av 10', '72,5 kg', '12 mars 2026', the chosen
 * options joined with ', ', the text itself, or 'Ej besvarad'.
 */
export function readableAnswer(
  question: { type: QuestionType; options: QuestionOptions },
  value: AnswerValue | undefined,
): string {
  if (value === null || value === undefined) return NOT_ANSWERED;
  if (typeof value === 'string' && value.trim() === '') return NOT_ANSWERED;
  if (Array.isArray(value)) return value.length === 0 ? NOT_ANSWERED : value.join(', ');
  switch (question.type) {
    case 'YES_NO':
      return value === true ? 'Ja' : value === false ? 'Nej' : String(value);
    case 'SCALE':
      return `${String(value)} av ${SCALE_MAX}`;
    case 'NUMBER': {
      const text = typeof value === 'number' ? swedishNumber(value) : String(value);
      const unit = question.options.unit?.trim();
      return unit ? `${text} ${unit}` : text;
    }
    case 'DATE':
      return typeof value === 'string' ? swedishDate(value) : String(value);
    default:
      return String(value);
  }
}

interface ReadableForm {
  sections: readonly {
    title: string;
    sortOrder: number;
    questions: readonly {
      id: number;
      text: string;
      type: QuestionType;
      options: QuestionOptions;
      sortOrder: number;
    }[];
  }[];
}

/** The form's sections in order, each question with its answer in Swedish words. */
export function readableSections(
  form: ReadableForm,
  answers: readonly JournalAnswer[],
): ReadableSection[] {
  const byQuestion = new Map(answers.map((a) => [a.questionId, a.value]));
  return [...form.sections]
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .map((section) => ({
      title: section.title,
      items: [...section.questions]
        .sort((a, b) => a.sortOrder - b.sortOrder)
        .map((q) => ({ question: q.text, answer: readableAnswer(q, byQuestion.get(q.id)) })),
    }));
}

/**
 * The plain text of a signed note (what the overview shows as the latest signed note and what
 * its sha-256 covers): title, signer, date, then each section with its questions and answers.
 */
export function noteContentText(note: {
  title: string;
  signedByName: string;
  signedOn: string;
  sections: readonly ReadableSection[];
}): string {
  const lines = [note.title, `Signerad av ${note.signedByName} ${swedishDate(note.signedOn)}`];
  for (const section of note.sections) {
    lines.push('');
    if (section.title.trim()) lines.push(section.title);
    for (const item of section.items) lines.push(`${item.question}: ${item.answer}`);
  }
  return lines.join('\n');
}
