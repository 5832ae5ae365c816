// One table of every call in spec §7 (plus set-password and invitations, design §4.3 and §4.8):
// method, path with :params, schemas, the Swedish fallback message of spec §8 and the roles that
// may call it. The client, the mocks and the server all read this table.
import { z } from 'zod';
import {
  activityLogListSchema,
  exportLogsQuerySchema,
  subjectExportLogsQuerySchema,
} from './activity.ts';
import {
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  invitationRequestSchema,
  invitationResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  registerQuerySchema,
  resendTwoFactorRequestSchema,
  resetPasswordRequestSchema,
  sessionUserSchema,
  setPasswordRequestSchema,
  verifyTwoFactorRequestSchema,
} from './auth.ts';
import { clientListSchema, clientSchema } from './clients.ts';
import { emptyObjectSchema, idParamSchema, type Role } from './common.ts';
import { fileEntryListSchema, fileEntrySchema, userIdQuerySchema } from './files.ts';
import {
  formSchema,
  formSummaryListSchema,
  signAndSendRequestSchema,
  updateFormRequestSchema,
} from './forms.ts';
import { clientJournalSchema, dailyNoteListSchema, latestSignedNoteSchema } from './journal.ts';
import {
  conversationListSchema,
  conversationSchema,
  createConversationFieldsSchema,
  editMessageFieldsSchema,
  editMessageResponseSchema,
  filteredUserListSchema,
  messageSchema,
  sendMessageRequestSchema,
  uploadWithTextFieldsSchema,
} from './messaging.ts';
import { notificationListSchema } from './notifications.ts';
import { userStatsSchema } from './stats.ts';
import { registerRequestSchema } from './validation.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type EndpointRole = Role | 'PUBLIC';
/** A zod schema for JSON, or how a non-JSON answer is read. `empty` means 204 No Content. */
export type ResponseKind = z.ZodType | 'blob' | 'text' | 'empty';

export interface EndpointDef {
  method: HttpMethod;
  /** Path with `:params`, as Fastify, MSW and `buildPath` read it. */
  path: string;
  /** Schema of the path parameters. */
  params?: z.ZodType;
  /** Schema of the query string. */
  query?: z.ZodType;
  /** Schema of the JSON body, or of the text fields of a multipart body. */
  request?: z.ZodType;
  /** `multipart`: a `FormData` body; `files` names its file parts (`required` ones must be sent). */
  body?: 'json' | 'multipart';
  files?: readonly { name: string; required: boolean }[];
  response?: ResponseKind;
  /** Swedish message of spec §8 used when the error body has none. */
  fallback: string;
  /** Who may call it. `PUBLIC` needs no session; the others need a session with that role. */
  roles: readonly EndpointRole[];
}

const SIGNED_IN = ['USER', 'STAFF', 'ADMIN'] as const;
const STAFF = ['STAFF', 'ADMIN'] as const;
const ADMIN = ['ADMIN'] as const;
const PUBLIC = ['PUBLIC'] as const;

const id = z.object({ id: idParamSchema });
const userId = z.object({ userId: idParamSchema });
const fileFile = [{ name: 'file', required: true }] as const;

/** Fallback messages of spec §8 that several calls share. */
export const fallbacks = {
  default: 'Något gick fel',
  session: 'Kunde inte hämta användarsession',
  login: 'Inloggning misslyckades',
  logout: 'Utloggning misslyckades',
  twoFactor: 'Tvåfaktorauthenticering misslyckades',
  resend: 'Kunde inte skicka kod igen',
  register: 'Kunde inte registrera användare.',
  conversationExists: 'Du har redan en konversation med användaren',
  fetchForms: 'Misslyckades att hämta formulär',
  createForm: 'Misslyckades att skapa nytt formulär',
  sendForm: 'Misslyckades att skicka formuläret',
  download: 'Kunde inte ladda ner filen',
} as const;

export const endpointDefs = {
  // ---- authentication and account ---------------------------------------------------------------
  me: {
    method: 'GET',
    path: '/api/v1/auth/me',
    response: sessionUserSchema,
    fallback: fallbacks.session,
    roles: SIGNED_IN,
  },
  authenticate: {
    method: 'POST',
    path: '/api/v1/auth/authenticate',
    request: loginRequestSchema,
    response: loginResponseSchema,
    fallback: fallbacks.login,
    roles: PUBLIC,
  },
  verifyTwoFactor: {
    method: 'POST',
    path: '/api/v1/auth/verify-2fa',
    request: verifyTwoFactorRequestSchema,
    response: sessionUserSchema,
    fallback: fallbacks.twoFactor,
    roles: PUBLIC,
  },
  resendTwoFactor: {
    method: 'POST',
    path: '/api/v1/auth/resend-2fa',
    request: resendTwoFactorRequestSchema,
    response: 'empty',
    fallback: fallbacks.resend,
    roles: PUBLIC,
  },
  logout: {
    method: 'POST',
    path: '/api/v1/user/logout',
    response: 'empty',
    fallback: fallbacks.logout,
    roles: SIGNED_IN,
  },
  forgotPassword: {
    method: 'POST',
    path: '/api/v1/auth/forgot-password',
    request: forgotPasswordRequestSchema,
    response: 'empty',
    fallback: 'Kunde inte begära återställning av lösenord',
    roles: PUBLIC,
  },
  resetPassword: {
    method: 'POST',
    path: '/api/v1/auth/reset-password',
    request: resetPasswordRequestSchema,
    response: 'empty',
    fallback: 'Kunde inte uppdatera lösenordet',
    roles: PUBLIC,
  },
  setPassword: {
    method: 'POST',
    path: '/api/v1/auth/set-password',
    request: setPasswordRequestSchema,
    response: 'empty',
    fallback: 'Kunde inte sätta lösenordet',
    roles: PUBLIC,
  },
  register: {
    method: 'POST',
    path: '/api/v1/auth/register',
    query: registerQuerySchema,
    request: registerRequestSchema,
    response: 'empty',
    fallback: fallbacks.register,
    roles: PUBLIC,
  },
  changePassword: {
    method: 'POST',
    path: '/api/v1/user/change-password',
    request: changePasswordRequestSchema,
    response: 'empty',
    fallback: 'Kunde inte byta lösenord',
    roles: SIGNED_IN,
  },
  uploadProfileImage: {
    method: 'POST',
    path: '/api/v1/user/upload',
    body: 'multipart',
    files: fileFile,
    response: sessionUserSchema,
    fallback: 'Kunde inte ladda upp profilbilden',
    roles: SIGNED_IN,
  },
  removeProfileImage: {
    method: 'DELETE',
    path: '/api/v1/user/removeImage',
    response: sessionUserSchema,
    fallback: 'Kunde inte ta bort profilbilden',
    roles: SIGNED_IN,
  },
  createInvitation: {
    method: 'POST',
    path: '/api/v1/admin/invitations',
    request: invitationRequestSchema,
    response: invitationResponseSchema,
    fallback: 'Kunde inte skicka inbjudan',
    roles: ADMIN,
  },

  // ---- notifications ----------------------------------------------------------------------------
  notifications: {
    method: 'GET',
    path: '/api/v1/user/notifications',
    response: notificationListSchema,
    fallback: 'Kunde inte hämta notiser',
    roles: SIGNED_IN,
  },
  markNotificationRead: {
    method: 'PATCH',
    path: '/api/v1/user/notifications/:id/read',
    params: id,
    response: 'empty',
    fallback: 'Kunde inte markera notisen som läst',
    roles: SIGNED_IN,
  },
  markAllNotificationsRead: {
    method: 'PATCH',
    path: '/api/v1/user/notifications/mark-all-read',
    response: 'empty',
    fallback: 'Kunde inte markera alla notiser som lästa',
    roles: SIGNED_IN,
  },

  // ---- messaging --------------------------------------------------------------------------------
  conversations: {
    method: 'GET',
    path: '/api/v1/user/messaging/conversations',
    response: conversationListSchema,
    fallback: 'Kunde inte hämta konversationer',
    roles: SIGNED_IN,
  },
  filteredUsers: {
    method: 'GET',
    path: '/api/v1/user/messaging/filteredUsers',
    response: filteredUserListSchema,
    fallback: 'Kunde inte hämta användare',
    roles: SIGNED_IN,
  },
  createConversation: {
    method: 'POST',
    path: '/api/v1/user/messaging/conversations',
    body: 'multipart',
    request: createConversationFieldsSchema,
    files: [{ name: 'file', required: false }],
    response: conversationSchema,
    fallback: fallbacks.conversationExists,
    roles: SIGNED_IN,
  },
  conversation: {
    method: 'GET',
    path: '/api/v1/user/messaging/conversations/:id',
    params: id,
    response: conversationSchema,
    fallback: 'Kunde inte hämta konversationen',
    roles: SIGNED_IN,
  },
  sendMessage: {
    method: 'POST',
    path: '/api/v1/user/messaging/conversations/:id/messages',
    params: id,
    request: sendMessageRequestSchema,
    response: messageSchema,
    fallback: 'Kunde inte skicka meddelandet',
    roles: SIGNED_IN,
  },
  markMessageRead: {
    method: 'PUT',
    path: '/api/v1/user/messaging/conversations/messages/:messageId',
    params: z.object({ messageId: idParamSchema }),
    response: 'empty',
    fallback: 'Kunde inte markera meddelandet som läst',
    roles: SIGNED_IN,
  },
  uploadWithText: {
    method: 'POST',
    path: '/api/v1/user/messaging/conversations/:id/messages/uploadWithText',
    params: id,
    body: 'multipart',
    request: uploadWithTextFieldsSchema,
    files: fileFile,
    response: messageSchema,
    fallback: 'Kunde inte skicka filen eller meddelandet',
    roles: SIGNED_IN,
  },
  downloadConversation: {
    method: 'GET',
    path: '/api/v1/user/messaging/conversations/:id/download',
    params: id,
    response: 'blob',
    fallback: 'Kunde inte ladda ner konversationen',
    roles: SIGNED_IN,
  },
  editMessage: {
    method: 'PUT',
    path: '/api/v1/user/messaging/conversations/:id/messages/:messageId/edit',
    params: z.object({ id: idParamSchema, messageId: idParamSchema }),
    body: 'multipart',
    request: editMessageFieldsSchema,
    response: editMessageResponseSchema,
    fallback: 'Kunde inte redigera meddelandet',
    roles: SIGNED_IN,
  },

  // ---- journal, labs, action plans --------------------------------------------------------------
  dailyNotes: {
    method: 'GET',
    path: '/api/v1/user/journal/daily-notes',
    response: dailyNoteListSchema,
    fallback: 'Kunde inte hämta dagliga anteckningar',
    roles: SIGNED_IN,
  },
  clientJournal: {
    method: 'GET',
    path: '/api/v1/admin/users/:id/journal',
    params: id,
    response: clientJournalSchema,
    fallback: 'Kunde inte hämta journal',
    roles: STAFF,
  },
  latestSignedNote: {
    method: 'GET',
    path: '/api/v1/admin/users/:id/journal/daily-notes/latest-signed',
    params: id,
    response: latestSignedNoteSchema,
    fallback: 'Kunde inte hämta senaste signerade anteckning',
    roles: STAFF,
  },
  labData: {
    method: 'GET',
    path: '/api/v1/user/lab-data',
    query: userIdQuerySchema,
    response: fileEntryListSchema,
    fallback: 'Kunde inte hämta labbresultat',
    roles: SIGNED_IN,
  },
  labHistory: {
    method: 'GET',
    path: '/api/v1/admin/lab-data/:userId',
    params: userId,
    response: fileEntryListSchema,
    fallback: 'Kunde inte hämta labbhistorik',
    roles: STAFF,
  },
  uploadLab: {
    method: 'POST',
    path: '/api/v1/admin/upload-lab/:userId',
    params: userId,
    body: 'multipart',
    files: fileFile,
    response: fileEntrySchema,
    fallback: 'Kunde inte ladda upp labbresultat',
    roles: ADMIN,
  },
  downloadLab: {
    method: 'GET',
    path: '/api/v1/user/download/lab-data/:fileName',
    params: z.object({ fileName: z.string().min(1) }),
    query: userIdQuerySchema,
    response: 'blob',
    fallback: fallbacks.download,
    roles: SIGNED_IN,
  },
  actionPlan: {
    method: 'GET',
    path: '/api/v1/user/action-plan',
    query: userIdQuerySchema,
    response: fileEntryListSchema,
    fallback: 'Kunde inte hämta handlingsplan',
    roles: SIGNED_IN,
  },
  actionPlanHistory: {
    method: 'GET',
    path: '/api/v1/admin/action-plan-data/:userId',
    params: userId,
    response: fileEntryListSchema,
    fallback: 'Kunde inte hämta historik för handlingsplaner',
    roles: STAFF,
  },
  uploadActionPlan: {
    method: 'POST',
    path: '/api/v1/admin/upload-action-plan/:userId',
    params: userId,
    body: 'multipart',
    files: fileFile,
    response: fileEntrySchema,
    fallback: 'Kunde inte ladda upp handlingsplan',
    roles: ADMIN,
  },
  downloadActionPlan: {
    method: 'GET',
    path: '/api/v1/user/download/action-plan/:fileName',
    params: z.object({ fileName: z.string().min(1) }),
    query: userIdQuerySchema,
    response: 'blob',
    fallback: fallbacks.download,
    roles: SIGNED_IN,
  },

  // ---- forms ------------------------------------------------------------------------------------
  formSummaries: {
    method: 'GET',
    path: '/api/v1/admin/forms/getSummaries',
    response: formSummaryListSchema,
    fallback: fallbacks.fetchForms,
    roles: STAFF,
  },
  createForm: {
    method: 'POST',
    path: '/api/v1/admin/forms',
    request: emptyObjectSchema,
    response: formSchema,
    fallback: fallbacks.createForm,
    roles: STAFF,
  },
  form: {
    method: 'GET',
    path: '/api/v1/admin/forms/:id',
    params: id,
    response: formSchema,
    fallback: fallbacks.fetchForms,
    roles: STAFF,
  },
  updateForm: {
    method: 'PUT',
    path: '/api/v1/admin/forms/:id',
    params: id,
    request: updateFormRequestSchema,
    response: formSchema,
    fallback: 'Misslyckades att spara formulär',
    roles: STAFF,
  },
  deleteForm: {
    method: 'DELETE',
    path: '/api/v1/admin/forms/:id',
    params: id,
    response: 'empty',
    fallback: 'Misslyckades att ta bort formulär',
    roles: STAFF,
  },
  publishForm: {
    method: 'PUT',
    path: '/api/v1/admin/forms/:id/publish',
    params: id,
    response: formSchema,
    fallback: 'Misslyckades att publicera formulär',
    roles: STAFF,
  },
  deleteFormSection: {
    method: 'DELETE',
    path: '/api/v1/admin/forms/:id/sections/:sectionId',
    params: z.object({ id: idParamSchema, sectionId: idParamSchema }),
    response: 'empty',
    fallback: 'Misslyckades att ta bort sektionen',
    roles: STAFF,
  },
  deleteFormQuestion: {
    method: 'DELETE',
    path: '/api/v1/admin/forms/:id/sections/:sectionId/questions/:questionId',
    params: z.object({ id: idParamSchema, sectionId: idParamSchema, questionId: idParamSchema }),
    response: 'empty',
    fallback: 'Misslyckades att ta bort frågan',
    roles: STAFF,
  },
  duplicateForm: {
    method: 'POST',
    path: '/api/v1/admin/forms/:id/duplicate',
    params: id,
    response: formSchema,
    fallback: 'Misslyckades att duplicera formulär',
    roles: STAFF,
  },
  signAndSendForm: {
    method: 'POST',
    path: '/api/v1/admin/users/:userId/journal/forms/:formId/sign-and-send',
    params: z.object({ userId: idParamSchema, formId: idParamSchema }),
    request: signAndSendRequestSchema,
    response: 'empty',
    fallback: fallbacks.sendForm,
    roles: ADMIN,
  },

  // ---- administration ---------------------------------------------------------------------------
  userStats: {
    method: 'GET',
    path: '/api/v1/admin/user-stats',
    response: userStatsSchema,
    fallback: 'Kunde inte hämta användarstatistik',
    roles: ADMIN,
  },
  clients: {
    method: 'GET',
    path: '/api/v1/admin/clients',
    response: clientListSchema,
    fallback: 'Kunde inte hämta klienter',
    roles: STAFF,
  },
  client: {
    method: 'GET',
    path: '/api/v1/admin/clients/:id',
    params: id,
    response: clientSchema,
    fallback: 'Kunde inte hämta klientdata',
    roles: STAFF,
  },
  subjectLogs: {
    method: 'GET',
    path: '/api/v1/admin/subject/:userId',
    params: userId,
    response: activityLogListSchema,
    fallback: 'Kunde inte hämta aktivitetsloggar',
    roles: STAFF,
  },
  logs: {
    method: 'GET',
    path: '/api/v1/admin/get-logs',
    response: activityLogListSchema,
    fallback: 'Kunde inte hämta loggar',
    roles: STAFF,
  },
  exportLogs: {
    method: 'GET',
    path: '/api/v1/admin/export-logs',
    query: exportLogsQuerySchema,
    response: 'blob',
    fallback: 'Kunde inte exportera loggar',
    roles: ADMIN,
  },
  exportSubjectLogs: {
    method: 'GET',
    path: '/api/v1/admin/subject/:userId/export-logs',
    params: userId,
    query: subjectExportLogsQuerySchema,
    response: 'blob',
    fallback: 'Kunde inte exportera loggar',
    roles: ADMIN,
  },
  sendResetLink: {
    method: 'POST',
    path: '/api/v1/admin/send-reset-link/:userId',
    params: userId,
    response: 'empty',
    fallback: 'Kunde inte skicka återställningslänk',
    roles: ADMIN,
  },
} as const satisfies Record<string, EndpointDef>;

export type EndpointName = keyof typeof endpointDefs;
export type Endpoint = EndpointDef & { name: EndpointName };

/** The table as an array, in declaration order. */
export const endpoints: readonly Endpoint[] = (
  Object.entries(endpointDefs) as [EndpointName, EndpointDef][]
).map(([name, def]) => ({ name, ...def }));

/** Finds the entry for a method and a path pattern (`/api/v1/admin/forms/:id`). */
export const findEndpoint = (method: HttpMethod, path: string): Endpoint | undefined =>
  endpoints.find((e) => e.method === method && e.path === path);

/** Parameter names of a path pattern: `/a/:id/b/:messageId` → `['id', 'messageId']`. */
export const pathParams = (path: string): string[] =>
  [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? '');

/** Fills a path pattern: `buildPath('/api/v1/admin/forms/:id', { id: 7 })` → `/api/v1/admin/forms/7`. */
export const buildPath = (
  path: string,
  params: Readonly<Record<string, string | number>> = {},
): string =>
  path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
