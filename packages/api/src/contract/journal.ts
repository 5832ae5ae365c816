import { z } from 'zod';
import { idSchema, timestampSchema } from './common.ts';

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
