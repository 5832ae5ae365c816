import { z } from 'zod';
import { idSchema } from './common.ts';

/** `GET /api/v1/admin/forms/getSummaries` item. `drafted` shows the 'Utkast' badge. */
export const formSummarySchema = z.object({
  id: idSchema,
  title: z.string(),
  drafted: z.boolean(),
});
export type FormSummary = z.infer<typeof formSummarySchema>;
export const formSummaryListSchema = z.array(formSummarySchema);

export const questionTypeSchema = z.enum(['TEXT', 'TEXTAREA', 'YES_NO', 'SCALE']);
export type QuestionType = z.infer<typeof questionTypeSchema>;

export const formQuestionSchema = z.object({
  id: idSchema,
  text: z.string(),
  type: questionTypeSchema,
  sortOrder: z.number().int(),
});
export type FormQuestion = z.infer<typeof formQuestionSchema>;

export const formSectionSchema = z.object({
  id: idSchema,
  title: z.string(),
  instruction: z.string(),
  sortOrder: z.number().int(),
  questions: z.array(formQuestionSchema),
});
export type FormSection = z.infer<typeof formSectionSchema>;

/** A journal form (spec §3). A new form has one blank section with `sortOrder` 1. */
export const formSchema = z.object({
  id: idSchema,
  title: z.string(),
  drafted: z.boolean(),
  sections: z.array(formSectionSchema),
});
export type Form = z.infer<typeof formSchema>;

/**
 * `PUT /api/v1/admin/forms/:id`: the whole form as edited. Sections and questions without an `id`
 * are new; ones left out are kept (delete them with their own calls).
 */
export const updateFormRequestSchema = z.object({
  title: z.string(),
  sections: z.array(
    z.object({
      id: idSchema.optional(),
      title: z.string(),
      instruction: z.string(),
      sortOrder: z.number().int(),
      questions: z.array(
        z.object({
          id: idSchema.optional(),
          text: z.string(),
          type: questionTypeSchema,
          sortOrder: z.number().int(),
        }),
      ),
    }),
  ),
});
export type UpdateFormRequest = z.infer<typeof updateFormRequestSchema>;

/** `POST /api/v1/admin/users/:userId/journal/forms/:formId/sign-and-send`; the screen sends none. */
export const signAndSendRequestSchema = z
  .object({ channel: z.literal('EMAIL').optional() })
  .optional();
export type SignAndSendRequest = z.infer<typeof signAndSendRequestSchema>;
