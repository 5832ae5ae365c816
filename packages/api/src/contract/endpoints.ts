// The zod schemas of every call of the route table (`routes.ts`), per endpoint name: path
// parameters, query, request body (or the text fields of a multipart body) and the JSON answer.
// Names, methods, paths, roles and fallbacks are written once, in `routes.ts`; this file merges
// them with the schemas into `endpointDefs`, which the server, the mocks and the tests read.
// The browser client reads only `routes.ts` (and the types here), so zod stays out of its entry.
import { eidLoginSchema } from './eid.ts';
import { z } from 'zod';
import {
  activityLogListResponseSchema,
  activityLogQuerySchema,
  exportLogsQuerySchema,
  staffListSchema,
  subjectExportLogsQuerySchema,
} from './activity.ts';
import {
  forgotPasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  registerQuerySchema,
  resendTwoFactorRequestSchema,
  resetPasswordRequestSchema,
  sessionUserSchema,
  setPasswordRequestSchema,
  verifyTwoFactorRequestSchema,
} from './auth.ts';
import {
  accessReviewCountSchema,
  accessReviewQuerySchema,
  accessReviewSchema,
  openEmergencyAccessListSchema,
  careTeamSchema,
  careTeamSettingSchema,
  clientLookupQuerySchema,
  clientLookupSchema,
  emergencyAccessRequestSchema,
  emergencyAccessSchema,
  emergencyAccessReviewSchema,
  reviewEmergencyAccessRequestSchema,
  staffClientSchema,
  staffClientsSchema,
  addStaffClientRequestSchema,
  updateCareTeamRequestSchema,
} from './care-team.ts';
import {
  accountStateSchema,
  changeRoleRequestSchema,
  createStaffRequestSchema,
  setPersonalNumberRequestSchema,
  staffAccountListSchema,
  staffAccountSchema,
} from './staff.ts';
import { clientListQuerySchema, clientListResponseSchema, clientSchema } from './clients.ts';
import { emptyObjectSchema, idParamSchema, userIdQuerySchema } from './common.ts';
import { actionPlanEntrySchema, actionPlanListSchema } from './action-plan.ts';
import { selfTestResponseSchema } from './self-test.ts';
import {
  appointmentCreateSchema,
  appointmentListQuerySchema,
  appointmentListSchema,
  appointmentSchema,
  appointmentUpdateSchema,
} from './appointments.ts';
import { invitationRequestSchema, invitationResponseSchema } from './invitations.ts';
import {
  labResultEntrySchema,
  labResultListSchema,
  labResultsOverviewSchema,
} from './lab-results.ts';
import {
  accessLogPageSchema,
  accessLogQuerySchema,
  changePasswordRequestSchema,
  myAccountSchema,
  profileImageParamsSchema,
} from './profile.ts';
import {
  formPartDeleteQuerySchema,
  createFormRequestSchema,
  formSchema,
  formSummaryListResponseSchema,
  formSummaryQuerySchema,
  formVersionSchema,
  updateFormRequestSchema,
} from './forms.ts';
import {
  clientJournalSchema,
  dailyNoteListSchema,
  journalNoteResponseSchema,
  journalNoteSchema,
  journalSettingsSchema,
  latestSignedNoteSchema,
  saveJournalNoteRequestSchema,
  signJournalNoteRequestSchema,
  updateJournalSettingsRequestSchema,
} from './journal.ts';
import {
  fhirQuestionnaireResponseSchema,
  fhirQuestionnaireSchema,
  questionnaireDetailSchema,
  questionnaireListSchema,
  questionnaireSavedSchema,
  questionnaireSummarySchema,
  saveQuestionnaireAnswersRequestSchema,
  sendQuestionnaireRequestSchema,
  sendQuestionnairesRequestSchema,
  sendQuestionnairesResultSchema,
  staffQuestionnaireListSchema,
} from './questionnaires.ts';
import {
  conversationListQuerySchema,
  conversationListSchema,
  conversationQuerySchema,
  conversationSchema,
  createConversationFieldsSchema,
  editMessageFieldsSchema,
  editMessageResponseSchema,
  filteredUserListSchema,
  messageAttachmentParamsSchema,
  messageSchema,
  sendMessageRequestSchema,
  unreadCountSchema,
  uploadWithTextFieldsSchema,
} from './messaging.ts';
import { notificationListSchema } from './notifications.ts';
import {
  noticeMailSettingsSchema,
  unsubscribeQuerySchema,
  unsubscribeResponseSchema,
  updateNoticeMailSettingsSchema,
} from './notice-mails.ts';
import { userStatsSchema } from './stats.ts';
import { reportQuerySchema, reportSchema } from './reports.ts';
import { registerRequestSchema } from './validation.ts';
import {
  confirmTotpRequestSchema,
  loginPasskeyOptionsSchema,
  loginStepRequestSchema,
  loginStepSchema,
  passkeyLoginOptionsSchema,
  passkeyLoginRequestSchema,
  passkeyOptionsResponseSchema,
  registerPasskeyRequestSchema,
  removeSignInMethodRequestSchema,
  reserveCodesSchema,
  securityOverviewSchema,
  signInMethodSchema,
  signInSettingsSchema,
  totpSetupSchema,
  userSignInMethodsSchema,
  verifyLoginStepRequestSchema,
} from './security.ts';
import {
  routeDefs,
  type EndpointName,
  type HttpMethod,
  type RouteDef,
  type RouteDefs,
} from './routes.ts';

export * from './routes.ts';

/** A zod schema for JSON, or how a non-JSON answer is read. `empty` means 204 No Content. */
export type ResponseKind = z.ZodType | 'blob' | 'text' | 'empty';

export interface EndpointDef extends Omit<RouteDef, 'response'> {
  /** Schema of the path parameters. */
  params?: z.ZodType;
  /** Schema of the query string. */
  query?: z.ZodType;
  /** Schema of the JSON body, or of the text fields of a multipart body. */
  request?: z.ZodType;
  response?: ResponseKind;
}

interface EndpointSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  request?: z.ZodType;
  response?: z.ZodType;
}

/** The schemas of one route: `response` exactly when the route answers JSON. */
type SchemasOf<R extends RouteDef> = Omit<EndpointSchemas, 'response'> &
  (R['response'] extends 'json' ? { response: z.ZodType } : { response?: never });

const id = z.object({ id: idParamSchema });
const userId = z.object({ userId: idParamSchema });
/** `/users/:userId/journal/forms/:formId/…`: a client and one of the forms. */
const clientForm = z.object({ userId: idParamSchema, formId: idParamSchema });

const schemas = {
  // ---- authentication and account ---------------------------------------------------------------
  me: { response: sessionUserSchema },
  eidLogin: { response: eidLoginSchema },
  authenticate: { request: loginRequestSchema, response: loginResponseSchema },
  verifyTwoFactor: { request: verifyTwoFactorRequestSchema, response: sessionUserSchema },
  resendTwoFactor: { request: resendTwoFactorRequestSchema },
  logout: {},
  forgotPassword: { request: forgotPasswordRequestSchema },
  resetPassword: { request: resetPasswordRequestSchema },
  setPassword: { request: setPasswordRequestSchema },
  register: { query: registerQuerySchema, request: registerRequestSchema },
  changePassword: { request: changePasswordRequestSchema },
  uploadProfileImage: { response: sessionUserSchema },
  removeProfileImage: { response: sessionUserSchema },
  profileImage: { params: profileImageParamsSchema },
  accessLog: { query: accessLogQuerySchema, response: accessLogPageSchema },
  myAccount: { response: myAccountSchema },
  selfTest: { request: emptyObjectSchema, response: selfTestResponseSchema },
  appointments: { query: appointmentListQuerySchema, response: appointmentListSchema },
  appointmentIcs: { params: z.object({ id: idParamSchema }) },
  createAppointment: { request: appointmentCreateSchema, response: appointmentSchema },
  updateAppointment: {
    params: z.object({ id: idParamSchema }),
    request: appointmentUpdateSchema,
    response: appointmentSchema,
  },
  cancelAppointment: {
    params: z.object({ id: idParamSchema }),
    request: emptyObjectSchema,
    response: appointmentSchema,
  },
  createInvitation: { request: invitationRequestSchema, response: invitationResponseSchema },

  // ---- notifications ----------------------------------------------------------------------------
  notifications: { response: notificationListSchema },
  markNotificationRead: { params: id },
  markAllNotificationsRead: {},
  noticeMailSettings: { response: noticeMailSettingsSchema },
  updateNoticeMailSettings: {
    request: updateNoticeMailSettingsSchema,
    response: noticeMailSettingsSchema,
  },
  unsubscribe: { query: unsubscribeQuerySchema, response: unsubscribeResponseSchema },
  // The body (`List-Unsubscribe=One-Click`, RFC 8058) is read by nobody: the token says it all.
  unsubscribeOneClick: { query: unsubscribeQuerySchema, response: unsubscribeResponseSchema },
  resubscribe: { query: unsubscribeQuerySchema, response: unsubscribeResponseSchema },

  // ---- messaging --------------------------------------------------------------------------------
  conversations: { query: conversationListQuerySchema, response: conversationListSchema },
  unreadCount: { response: unreadCountSchema },
  filteredUsers: { response: filteredUserListSchema },
  createConversation: { request: createConversationFieldsSchema, response: conversationSchema },
  conversation: { params: id, query: conversationQuerySchema, response: conversationSchema },
  sendMessage: { params: id, request: sendMessageRequestSchema, response: messageSchema },
  markMessageRead: { params: z.object({ messageId: idParamSchema }) },
  uploadWithText: { params: id, request: uploadWithTextFieldsSchema, response: messageSchema },
  downloadConversation: { params: id },
  messageAttachment: { params: messageAttachmentParamsSchema },
  editMessage: {
    params: z.object({ id: idParamSchema, messageId: idParamSchema }),
    request: editMessageFieldsSchema,
    response: editMessageResponseSchema,
  },

  // ---- journal, labs, action plans --------------------------------------------------------------
  dailyNotes: { response: dailyNoteListSchema },
  clientJournal: { params: id, response: clientJournalSchema },
  latestSignedNote: { params: id, response: latestSignedNoteSchema },
  journalSettings: { response: journalSettingsSchema },
  updateJournalSettings: {
    request: updateJournalSettingsRequestSchema,
    response: journalSettingsSchema,
  },
  labData: { query: userIdQuerySchema, response: labResultListSchema },
  labHistory: { params: userId, response: labResultListSchema },
  uploadLab: { params: userId, response: labResultEntrySchema },
  downloadLab: { params: z.object({ fileName: z.string().min(1) }), query: userIdQuerySchema },
  labResults: { query: userIdQuerySchema, response: labResultsOverviewSchema },
  clientLabResults: { params: userId, response: labResultsOverviewSchema },
  openLabFile: { params: z.object({ fileName: z.string().min(1) }), query: userIdQuerySchema },
  actionPlan: { query: userIdQuerySchema, response: actionPlanListSchema },
  actionPlanHistory: { params: userId, response: actionPlanListSchema },
  uploadActionPlan: { params: userId, response: actionPlanEntrySchema },
  downloadActionPlan: {
    params: z.object({ fileName: z.string().min(1) }),
    query: userIdQuerySchema,
  },

  // ---- forms ------------------------------------------------------------------------------------
  formSummaries: { query: formSummaryQuerySchema, response: formSummaryListResponseSchema },
  createForm: { request: createFormRequestSchema, response: formSchema },
  form: { params: id, response: formSchema },
  updateForm: { params: id, request: updateFormRequestSchema, response: formSchema },
  deleteForm: { params: id },
  publishForm: { params: id, response: formSchema },
  deleteFormSection: {
    params: z.object({ id: idParamSchema, sectionId: idParamSchema }),
    query: formPartDeleteQuerySchema,
    response: formVersionSchema,
  },
  deleteFormQuestion: {
    params: z.object({ id: idParamSchema, sectionId: idParamSchema, questionId: idParamSchema }),
    query: formPartDeleteQuerySchema,
    response: formVersionSchema,
  },
  duplicateForm: { params: id, response: formSchema },
  journalNote: { params: clientForm, response: journalNoteResponseSchema },
  saveJournalNote: {
    params: clientForm,
    request: saveJournalNoteRequestSchema,
    response: journalNoteSchema,
  },
  signJournalNote: {
    params: clientForm,
    request: signJournalNoteRequestSchema,
    response: journalNoteSchema,
  },

  // ---- questionnaires (design §4.19) -------------------------------------------------------------
  myQuestionnaires: { response: questionnaireListSchema },
  myQuestionnaire: { params: id, response: questionnaireDetailSchema },
  saveQuestionnaireAnswers: {
    params: id,
    request: saveQuestionnaireAnswersRequestSchema,
    response: questionnaireSavedSchema,
  },
  submitQuestionnaire: {
    params: id,
    request: emptyObjectSchema,
    response: questionnaireDetailSchema,
  },
  clientQuestionnaires: { params: id, response: staffQuestionnaireListSchema },
  sendQuestionnaire: {
    params: id,
    request: sendQuestionnaireRequestSchema,
    response: questionnaireSummarySchema,
  },
  sendQuestionnaires: {
    request: sendQuestionnairesRequestSchema,
    response: sendQuestionnairesResultSchema,
  },
  formFhir: { params: id, response: fhirQuestionnaireSchema },
  questionnaireResponseFhir: { params: id, response: fhirQuestionnaireResponseSchema },

  // ---- administration ---------------------------------------------------------------------------
  userStats: { response: userStatsSchema },
  clients: { query: clientListQuerySchema, response: clientListResponseSchema },
  client: { params: id, response: clientSchema },
  subjectLogs: {
    params: userId,
    query: activityLogQuerySchema,
    response: activityLogListResponseSchema,
  },
  logs: { query: activityLogQuerySchema, response: activityLogListResponseSchema },
  exportLogs: { query: exportLogsQuerySchema },
  exportSubjectLogs: { params: userId, query: subjectExportLogsQuerySchema },
  staff: { response: staffListSchema },
  sendResetLink: { params: userId },
  reports: { query: reportQuerySchema, response: reportSchema },
  exportReports: { query: reportQuerySchema },

  // ---- people and access (design §4.14) -------------------------------------------------------
  staffAccounts: { response: staffAccountListSchema },
  createStaff: { request: createStaffRequestSchema, response: staffAccountSchema },
  changeRole: { params: id, request: changeRoleRequestSchema, response: staffAccountSchema },
  setPersonalNumber: {
    params: id,
    request: setPersonalNumberRequestSchema,
    response: staffAccountSchema,
  },
  accountState: { params: id, response: accountStateSchema },
  deactivateUser: { params: id, request: emptyObjectSchema, response: accountStateSchema },
  reactivateUser: { params: id, request: emptyObjectSchema, response: accountStateSchema },
  unlockUser: { params: id, request: emptyObjectSchema, response: accountStateSchema },
  careTeamSetting: { response: careTeamSettingSchema },
  updateCareTeamSetting: { request: careTeamSettingSchema, response: careTeamSettingSchema },
  clientLookup: { query: clientLookupQuerySchema, response: clientLookupSchema },
  careTeam: { params: id, response: careTeamSchema },
  updateCareTeam: { params: id, request: updateCareTeamRequestSchema, response: careTeamSchema },
  staffClients: { params: id, response: staffClientsSchema },
  addStaffClient: { params: id, request: addStaffClientRequestSchema, response: staffClientSchema },
  removeStaffClient: {
    params: z.object({ id: idParamSchema, clientId: idParamSchema }),
  },
  emergencyAccess: {
    params: id,
    request: emergencyAccessRequestSchema,
    response: emergencyAccessSchema,
  },
  myEmergencyAccesses: { response: openEmergencyAccessListSchema },
  closeEmergencyAccess: { params: id, response: emergencyAccessSchema },
  accessReviewCount: { response: accessReviewCountSchema },
  accessReview: { query: accessReviewQuerySchema, response: accessReviewSchema },
  reviewEmergencyAccess: {
    params: id,
    request: reviewEmergencyAccessRequestSchema,
    response: emergencyAccessReviewSchema,
  },

  // ---- strong sign-in (design §4.17) -------------------------------------------------------------
  securityOverview: { response: securityOverviewSchema },
  passkeyRegistrationOptions: {
    request: emptyObjectSchema,
    response: passkeyOptionsResponseSchema,
  },
  registerPasskey: { request: registerPasskeyRequestSchema, response: signInMethodSchema },
  startTotpSetup: { request: emptyObjectSchema, response: totpSetupSchema },
  confirmTotp: { params: id, request: confirmTotpRequestSchema, response: signInMethodSchema },
  createReserveCodes: { request: emptyObjectSchema, response: reserveCodesSchema },
  removeSignInMethod: { params: id, request: removeSignInMethodRequestSchema },
  loginStep: { request: loginStepRequestSchema, response: loginStepSchema },
  loginPasskeyOptions: { request: loginStepRequestSchema, response: loginPasskeyOptionsSchema },
  verifyLoginStep: { request: verifyLoginStepRequestSchema, response: sessionUserSchema },
  passkeyLoginOptions: { request: emptyObjectSchema, response: passkeyLoginOptionsSchema },
  passkeyLogin: { request: passkeyLoginRequestSchema, response: sessionUserSchema },
  signInSettings: { response: signInSettingsSchema },
  updateSignInSettings: { request: signInSettingsSchema, response: signInSettingsSchema },
  userSignInMethods: { params: id, response: userSignInMethodsSchema },
  resetSignInMethods: { params: id, request: emptyObjectSchema, response: userSignInMethodsSchema },
} as const satisfies { [N in EndpointName]: SchemasOf<RouteDefs[N]> };

type Schemas = typeof schemas;

/** A route with its schemas, as one flat entry (`response` is the schema of a JSON answer). */
type Merged<R, S> = {
  readonly [K in keyof R | keyof S]: K extends 'response'
    ? R[K & keyof R] extends 'json'
      ? S[K & keyof S]
      : R[K & keyof R]
    : K extends keyof S
      ? S[K]
      : R[K & keyof R];
};

type Table<T extends { readonly [N in EndpointName]: EndpointDef }> = T;

/** The type of `endpointDefs`: per name, the route's fields plus its schemas. */
export type EndpointDefs = Table<{
  readonly [N in EndpointName]: Merged<RouteDefs[N], Schemas[N]>;
}>;

const merge = (name: EndpointName): EndpointDef => {
  const route: RouteDef = routeDefs[name];
  const schema: EndpointSchemas = schemas[name];
  if (route.response === 'json' && !schema.response) {
    throw new Error(`The JSON endpoint "${name}" has no response schema`);
  }
  return {
    ...route,
    ...schema,
    response: route.response === 'json' ? schema.response : route.response,
  };
};

export const endpointDefs = Object.fromEntries(
  (Object.keys(routeDefs) as EndpointName[]).map((name) => [name, merge(name)]),
) as unknown as EndpointDefs;

export type Endpoint = EndpointDef & { name: EndpointName };

/** The table as an array, in declaration order. */
export const endpoints: readonly Endpoint[] = (
  Object.entries(endpointDefs) as [EndpointName, EndpointDef][]
).map(([name, def]) => ({ name, ...def }));

/** Finds the entry for a method and a path pattern (`/api/v1/admin/forms/:id`). */
export const findEndpoint = (method: HttpMethod, path: string): Endpoint | undefined =>
  endpoints.find((e) => e.method === method && e.path === path);
