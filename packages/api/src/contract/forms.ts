import { z } from 'zod';
import { idSchema, pageQuerySchema, pageSchema, type Page } from './common.ts';

/**
 * What a form is for (design §4.19): 'Journalanteckning' (staff fill it in for a client) or
 * 'Enkät till klient' (sent to a client, who answers it). Chosen when the form is made, kept by
 * duplication, never changed after.
 */
export const FORM_PURPOSES = ['JOURNAL', 'QUESTIONNAIRE'] as const;
export const formPurposeSchema = z.enum(FORM_PURPOSES, {
  error: 'Välj Journalanteckning eller Enkät till klient.',
});
export type FormPurpose = z.infer<typeof formPurposeSchema>;
export const formPurposeLabels: Record<FormPurpose, string> = {
  JOURNAL: 'Journalanteckning',
  QUESTIONNAIRE: 'Enkät till klient',
};

/** `POST /api/v1/admin/forms`: the purpose of the new form (left out: 'JOURNAL'). */
export const createFormRequestSchema = z.object({ purpose: formPurposeSchema.optional() });
export type CreateFormRequest = z.infer<typeof createFormRequestSchema>;

/** `GET /api/v1/admin/forms/getSummaries` item. `drafted` shows the 'Utkast' badge. */
export const formSummarySchema = z.object({
  id: idSchema,
  title: z.string(),
  drafted: z.boolean(),
  purpose: formPurposeSchema,
});
export type FormSummary = z.infer<typeof formSummarySchema>;
export const formSummaryListSchema = z.array(formSummarySchema);
/**
 * `?page=&size=&q=` (title search); without `page`/`size` the whole list (spec §7). `purpose`
 * keeps to one kind (the 'Skicka enkät' dialog lists questionnaires only).
 */
export const formSummaryQuerySchema = pageQuerySchema.extend({
  purpose: formPurposeSchema.optional(),
});
export type FormSummaryQuery = z.infer<typeof formSummaryQuerySchema>;
export const formSummaryPageSchema = pageSchema(formSummarySchema);
export type FormSummaryPage = Page<FormSummary>;
export const formSummaryListResponseSchema = z.union([
  formSummaryListSchema,
  formSummaryPageSchema,
]);

/** The kinds of question a coach puts in a journal form. */
export const QUESTION_TYPES = [
  'SHORT_TEXT',
  'LONG_TEXT',
  'YES_NO',
  'SINGLE_CHOICE',
  'MULTIPLE_CHOICE',
  'SCALE',
  'NUMBER',
  'DATE',
] as const;
export const questionTypeSchema = z.enum(QUESTION_TYPES);
export type QuestionType = z.infer<typeof questionTypeSchema>;

export const questionTypeLabels: Record<QuestionType, string> = {
  SHORT_TEXT: 'Kort text',
  LONG_TEXT: 'Lång text',
  YES_NO: 'Ja/Nej',
  SINGLE_CHOICE: 'Enkelval',
  MULTIPLE_CHOICE: 'Flerval',
  SCALE: 'Skala 1–10',
  NUMBER: 'Tal med enhet',
  DATE: 'Datum',
};

/** A SCALE question always runs 1 to 10. */
export const SCALE_MIN = 1;
export const SCALE_MAX = 10;

/** Per type: the choices of the two choice types, the unit of a NUMBER. */
export const questionOptionsSchema = z.object({
  choices: z.array(z.string().trim().min(1, 'Ett svarsalternativ får inte vara tomt.')).optional(),
  unit: z.string().trim().max(20, 'Enheten får vara högst 20 tecken.').optional(),
});
export type QuestionOptions = z.infer<typeof questionOptionsSchema>;

const questionFields = {
  text: z.string(),
  type: questionTypeSchema,
  required: z.boolean(),
  options: questionOptionsSchema,
  sortOrder: z.number().int(),
};

type QuestionShape = { type: QuestionType; options: QuestionOptions };
/** A choice question needs at least two choices. */
const checkOptions = (q: QuestionShape, ctx: z.RefinementCtx) => {
  if (q.type === 'SINGLE_CHOICE' || q.type === 'MULTIPLE_CHOICE') {
    if ((q.options.choices?.length ?? 0) < 2) {
      ctx.addIssue({
        code: 'custom',
        path: ['options', 'choices'],
        message: 'En valfråga behöver minst två svarsalternativ.',
      });
    }
  }
};

export const formQuestionSchema = z
  .object({ id: idSchema, ...questionFields })
  .superRefine(checkOptions);
export type FormQuestion = z.infer<typeof formQuestionSchema>;

export const formSectionSchema = z.object({
  id: idSchema,
  title: z.string(),
  instruction: z.string(),
  sortOrder: z.number().int(),
  questions: z.array(formQuestionSchema),
});
export type FormSection = z.infer<typeof formSectionSchema>;

/**
 * A journal form (spec §3). A new form has one blank section with `sortOrder` 1. `version`
 * grows with every saved edit: a PUT carries the version it edited, and a stale one is refused.
 */
export const formSchema = z.object({
  id: idSchema,
  title: z.string(),
  drafted: z.boolean(),
  purpose: formPurposeSchema,
  version: z.number().int().min(1),
  sections: z.array(formSectionSchema),
});
export type Form = z.infer<typeof formSchema>;

/** The 409 message of a PUT whose `version` is not the form's current one. */
export const FORM_VERSION_CONFLICT =
  'Formuläret har ändrats av någon annan. Ladda om sidan för att se den senaste versionen.';
/** The 409 message of a PUT of a published form (duplicate it to change it). */
export const FORM_PUBLISHED_READ_ONLY =
  'Formuläret är publicerat och kan inte ändras. Duplicera det för att göra ändringar.';
/**
 * The 409 message of a DELETE of a form that a client's unsigned note (a journal draft) uses:
 * deleting it would throw away those drafts unseen, so nothing is deleted (issue 22).
 */
export const FORM_IN_USE_BY_DRAFTS =
  'Formuläret används av osignerade journalanteckningar och kan inte tas bort.';

/**
 * Deleting a section or question: the optional `version` the editor last saw (a stale one is a
 * 409 with FORM_VERSION_CONFLICT, as for a PUT), and the answer is the form's new version, so the
 * editor's next save neither re-reads the form nor overwrites someone else's edit.
 */
export const formPartDeleteQuerySchema = z.object({
  version: z.coerce.number().int().min(1).optional(),
});
export type FormPartDeleteQuery = z.infer<typeof formPartDeleteQuerySchema>;
export const formVersionSchema = z.object({ version: z.number().int().min(1) });
export type FormVersion = z.infer<typeof formVersionSchema>;

/**
 * `PUT /api/v1/admin/forms/:id`: the whole form as edited, with the `version` it was based on.
 * Sections and questions without an `id` are new; ones left out are kept (delete them with
 * their own calls).
 */
export const updateFormRequestSchema = z.object({
  title: z.string(),
  version: z.number().int().min(1),
  sections: z.array(
    z.object({
      id: idSchema.optional(),
      title: z.string(),
      instruction: z.string(),
      sortOrder: z.number().int(),
      questions: z.array(
        z.object({ id: idSchema.optional(), ...questionFields }).superRefine(checkOptions),
      ),
    }),
  ),
});
export type UpdateFormRequest = z.infer<typeof updateFormRequestSchema>;
