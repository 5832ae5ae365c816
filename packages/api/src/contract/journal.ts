import { z } from 'zod';
import { dateSchema, idSchema, timestampSchema } from './common.ts';
import { SCALE_MAX, SCALE_MIN, type QuestionOptions, type QuestionType } from './forms.ts';

/** A daily journal note (`GET /api/v1/user/journal/daily-notes`). */
export const dailyNoteSchema = z.object({
  id: idSchema,
  content: z.string(),
  createdAt: timestampSchema,
  authorName: z.string(),
  signed: z.boolean(),
  signedAt: timestampSchema.nullable(),
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

/** `GET /api/v1/admin/users/:id/journal`: a client's journal as staff see it. */
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

/** The 409 message of a save whose `version` is not the note's current one. */
export const NOTE_VERSION_CONFLICT =
  'Anteckningen har ändrats av någon annan. Ladda om sidan för att se den senaste versionen.';
/** The 409 message of any change to a signed note. */
export const NOTE_SIGNED_READ_ONLY =
  'Anteckningen är signerad och kan inte ändras. Skriv en rättelse i en ny anteckning.';
