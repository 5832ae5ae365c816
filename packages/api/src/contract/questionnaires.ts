// Health questionnaires ('Enkäter', design §4.19, issue 36). Staff send a published form whose
// purpose is 'Enkät till klient' to a client (or several at once), with an optional last day;
// she autosaves her answers and 'Skicka in' freezes them (time and a sha-256 of their text, as
// a signed note). Her care team reads the submitted answers on her Journal tab; the form and
// each submitted answer are also readable as FHIR R4 Questionnaire and QuestionnaireResponse.
import { z } from 'zod';
import { dateSchema, idSchema, timestampSchema } from './common.ts';
import { formSectionSchema } from './forms.ts';
import { journalAnswerSchema, readableSectionSchema } from './journal.ts';

export const questionnaireStatusSchema = z.enum(['OPEN', 'SUBMITTED']);
export type QuestionnaireStatus = z.infer<typeof questionnaireStatusSchema>;

export const questionnaireStatusLabels: Record<QuestionnaireStatus, string> = {
  OPEN: 'Att besvara',
  SUBMITTED: 'Inskickad',
};

/** One questionnaire sent to a client, as her list and staff's list show it. */
export const questionnaireSummarySchema = z.object({
  id: idSchema,
  formId: idSchema,
  title: z.string(),
  status: questionnaireStatusSchema,
  sentAt: timestampSchema,
  /** The last day to answer (a Swedish calendar day), or null when there is none. */
  dueDate: dateSchema.nullable(),
  submittedAt: timestampSchema.nullable(),
});
export type QuestionnaireSummary = z.infer<typeof questionnaireSummarySchema>;
/** `GET /api/v1/user/questionnaires`: her own, open ones first (by last day), then answered. */
export const questionnaireListSchema = z.array(questionnaireSummarySchema);

/** `GET /api/v1/user/questionnaires/:id`: the questions and her answers so far. */
export const questionnaireDetailSchema = questionnaireSummarySchema.extend({
  version: z.number().int().min(1),
  sections: z.array(formSectionSchema),
  answers: z.array(journalAnswerSchema),
  /** sha-256 (hex) of the submitted answers' text; null while open. */
  contentHash: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .nullable(),
});
export type QuestionnaireDetail = z.infer<typeof questionnaireDetailSchema>;

/** `PUT /api/v1/user/questionnaires/:id/answers`: autosave with the version it was based on. */
export const saveQuestionnaireAnswersRequestSchema = z.object({
  version: z.number().int().min(1),
  answers: z.array(journalAnswerSchema),
});
export type SaveQuestionnaireAnswersRequest = z.infer<typeof saveQuestionnaireAnswersRequestSchema>;
export const questionnaireSavedSchema = z.object({
  version: z.number().int().min(1),
  updatedAt: timestampSchema,
});
export type QuestionnaireSaved = z.infer<typeof questionnaireSavedSchema>;

const dueDateField = dateSchema.nullable().optional();

/** `POST /api/v1/admin/users/:id/questionnaires`: 'Skicka enkät' on a client's page. */
export const sendQuestionnaireRequestSchema = z.object({
  formId: idSchema,
  dueDate: dueDateField,
});
export type SendQuestionnaireRequest = z.infer<typeof sendQuestionnaireRequestSchema>;

/** `POST /api/v1/admin/questionnaires/send`: to several selected clients at once. */
export const sendQuestionnairesRequestSchema = z.object({
  formId: idSchema,
  clientIds: z
    .array(idSchema)
    .min(1, 'Välj minst en klient.')
    .max(200, 'Välj högst 200 klienter åt gången.'),
  dueDate: dueDateField,
});
export type SendQuestionnairesRequest = z.infer<typeof sendQuestionnairesRequestSchema>;
/** Who got it now, and who already had it open (not sent again). */
export const sendQuestionnairesResultSchema = z.object({
  sent: z.array(idSchema),
  alreadyOpen: z.array(idSchema),
});
export type SendQuestionnairesResult = z.infer<typeof sendQuestionnairesResultSchema>;

/**
 * `GET /api/v1/admin/users/:id/questionnaires`: a client's questionnaires for her care team; a
 * submitted one with her answers in words (an open one's answers are hers until she sends them).
 */
export const staffQuestionnaireSchema = questionnaireSummarySchema.extend({
  sentByName: z.string(),
  sections: z.array(readableSectionSchema),
  contentHash: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .nullable(),
});
export type StaffQuestionnaire = z.infer<typeof staffQuestionnaireSchema>;
export const staffQuestionnaireListSchema = z.array(staffQuestionnaireSchema);

/**
 * The FHIR R4 answers: `Questionnaire` and `QuestionnaireResponse` as JSON (typed on the server
 * with @medplum/fhirtypes and checked in its tests against the official R4 JSON schema); here
 * only what every one has, the rest passes through.
 */
export const fhirQuestionnaireSchema = z.looseObject({
  resourceType: z.literal('Questionnaire'),
  id: z.string(),
});
export const fhirQuestionnaireResponseSchema = z.looseObject({
  resourceType: z.literal('QuestionnaireResponse'),
  id: z.string(),
});

export const QUESTIONNAIRE_MESSAGES = {
  notFound: 'Enkäten hittades inte.',
  responseNotFound: 'Enkätsvaret hittades inte.',
  alreadySubmitted: 'Enkäten är redan inskickad och kan inte ändras.',
  versionConflict:
    'Enkäten har sparats från en annan flik eller enhet. Ladda om sidan för att se de senaste svaren.',
  requiredMissing: 'Svara på alla obligatoriska frågor innan du skickar in.',
  notQuestionnaire: 'Formuläret är inte en enkät till klient.',
  draftForm: 'Formuläret är ett utkast. Publicera det innan det skickas.',
  formNotFound: 'Formuläret hittades inte.',
  alreadyOpen: 'Klienten har redan en öppen enkät av det här formuläret.',
  dueDatePast: 'Sista svarsdagen kan inte vara passerad.',
  clientNotFound: 'Klienten hittades inte.',
  unknownQuestion: 'Ett svar hör inte till enkätens frågor. Ladda om sidan och försök igen.',
  answerMisfit: 'Ett svar passar inte frågan. Kontrollera svaret och försök igen.',
  notice: 'Du har fått en ny enkät att fylla i.',
} as const;
