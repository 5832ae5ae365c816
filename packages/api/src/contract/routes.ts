// One plain-data table of every call in spec §7 (plus set-password and invitations, design §4.3
// and §4.8): method, path with :params, how the body is sent and the answer read, the Swedish
// fallback message of spec §8 and the roles that may call it. No zod here: the browser client
// reads this table, so the entry chunk does not carry the schemas. `endpoints.ts` adds the zod
// schemas per name for the server, the mocks and callers that validate.
import type { Role } from './common.ts';
import { authRouteDefs } from './auth-routes.ts';
import { authFallbacks, SIGNED_IN } from './route-base.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type EndpointRole = Role | 'PUBLIC';
/** How the body is sent: JSON, or a `FormData` (multipart). */
export type BodyKind = 'json' | 'multipart';
/** How the answer is read. `json` has a schema in `endpoints.ts`; `empty` means 204 No Content. */
export type ResponseFormat = 'json' | 'blob' | 'text' | 'empty';

export interface FilePart {
  name: string;
  required: boolean;
}

export interface RouteDef {
  method: HttpMethod;
  /** Path with `:params`, as Fastify, MSW and `buildPath` read it. */
  path: string;
  /** `multipart`: a `FormData` body; `files` names its file parts (`required` ones must be sent). */
  body?: BodyKind;
  files?: readonly FilePart[];
  response: ResponseFormat;
  /** Swedish message of spec §8 used when the error body has none. */
  fallback: string;
  /** Who may call it. `PUBLIC` needs no session; the others need a session with that role. */
  roles: readonly EndpointRole[];
  /**
   * The call reads or changes one or more clients' data when staff make it (Patientdatalagen):
   * the server refuses to register it without an audit declaration other than `'none'`.
   */
  clientData?: true;
}

const STAFF = ['STAFF', 'ADMIN'] as const;
const ADMIN = ['ADMIN'] as const;

const fileFile = [{ name: 'file', required: true }] as const;

/** Fallback messages of spec §8 that several calls share. */
export const fallbacks = {
  ...authFallbacks,
  conversationExists: 'Du har redan en konversation med användaren',
  fetchForms: 'Misslyckades att hämta formulär',
  createForm: 'Misslyckades att skapa nytt formulär',
  sendForm: 'Misslyckades att skicka formuläret',
  download: 'Kunde inte ladda ner filen',
} as const;

export const routeDefs = {
  // ---- authentication and account (the signed-out pages' part: auth-routes.ts) ------------------
  ...authRouteDefs,
  changePassword: {
    method: 'POST',
    path: '/api/v1/user/change-password',
    response: 'empty',
    fallback: 'Kunde inte byta lösenord',
    roles: SIGNED_IN,
  },
  uploadProfileImage: {
    method: 'POST',
    path: '/api/v1/user/upload',
    body: 'multipart',
    files: fileFile,
    response: 'json',
    fallback: 'Kunde inte ladda upp profilbilden',
    roles: SIGNED_IN,
  },
  removeProfileImage: {
    method: 'DELETE',
    path: '/api/v1/user/removeImage',
    response: 'json',
    fallback: 'Kunde inte ta bort profilbilden',
    roles: SIGNED_IN,
  },
  selfTest: {
    method: 'POST',
    path: '/api/v1/user/self-test',
    response: 'json',
    fallback: 'Kunde inte skicka testnotisen',
    roles: SIGNED_IN,
  },
  appointments: {
    method: 'GET',
    path: '/api/v1/user/appointments',
    response: 'json',
    fallback: 'Kunde inte hämta bokningar',
    roles: SIGNED_IN,
    clientData: true,
  },
  appointmentIcs: {
    method: 'GET',
    path: '/api/v1/user/appointments/:id/ics',
    response: 'blob',
    fallback: 'Kunde inte hämta kalenderfilen',
    roles: SIGNED_IN,
    clientData: true,
  },
  createAppointment: {
    method: 'POST',
    path: '/api/v1/admin/appointments',
    response: 'json',
    fallback: 'Kunde inte boka mötet',
    roles: STAFF,
    clientData: true,
  },
  updateAppointment: {
    method: 'PUT',
    path: '/api/v1/admin/appointments/:id',
    response: 'json',
    fallback: 'Kunde inte flytta mötet',
    roles: STAFF,
    clientData: true,
  },
  cancelAppointment: {
    method: 'POST',
    path: '/api/v1/admin/appointments/:id/cancel',
    response: 'json',
    fallback: 'Kunde inte avboka mötet',
    roles: STAFF,
    clientData: true,
  },
  myAccount: {
    method: 'GET',
    path: '/api/v1/user/account',
    response: 'json',
    fallback: 'Kunde inte hämta dina kontouppgifter',
    roles: SIGNED_IN,
  },
  accessLog: {
    method: 'GET',
    path: '/api/v1/user/access-log',
    response: 'json',
    fallback: 'Kunde inte hämta vem som har läst dina uppgifter',
    roles: ['USER'],
  },
  createInvitation: {
    method: 'POST',
    path: '/api/v1/admin/invitations',
    response: 'json',
    fallback: 'Kunde inte skicka inbjudan',
    roles: ADMIN,
  },

  // ---- notifications ----------------------------------------------------------------------------
  notifications: {
    method: 'GET',
    path: '/api/v1/user/notifications',
    response: 'json',
    fallback: 'Kunde inte hämta notiser',
    roles: SIGNED_IN,
  },
  markNotificationRead: {
    method: 'PATCH',
    path: '/api/v1/user/notifications/:id/read',
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
    response: 'json',
    fallback: 'Kunde inte hämta konversationer',
    roles: SIGNED_IN,
  },
  filteredUsers: {
    method: 'GET',
    path: '/api/v1/user/messaging/filteredUsers',
    response: 'json',
    fallback: 'Kunde inte hämta användare',
    roles: SIGNED_IN,
  },
  createConversation: {
    method: 'POST',
    path: '/api/v1/user/messaging/conversations',
    body: 'multipart',
    files: [{ name: 'file', required: false }],
    response: 'json',
    fallback: fallbacks.conversationExists,
    roles: SIGNED_IN,
  },
  conversation: {
    method: 'GET',
    path: '/api/v1/user/messaging/conversations/:id',
    response: 'json',
    fallback: 'Kunde inte hämta konversationen',
    roles: SIGNED_IN,
    clientData: true,
  },
  sendMessage: {
    method: 'POST',
    path: '/api/v1/user/messaging/conversations/:id/messages',
    response: 'json',
    fallback: 'Kunde inte skicka meddelandet',
    roles: SIGNED_IN,
  },
  markMessageRead: {
    method: 'PUT',
    path: '/api/v1/user/messaging/conversations/messages/:messageId',
    response: 'empty',
    fallback: 'Kunde inte markera meddelandet som läst',
    roles: SIGNED_IN,
    clientData: true,
  },
  uploadWithText: {
    method: 'POST',
    path: '/api/v1/user/messaging/conversations/:id/messages/uploadWithText',
    body: 'multipart',
    files: fileFile,
    response: 'json',
    fallback: 'Kunde inte skicka filen eller meddelandet',
    roles: SIGNED_IN,
  },
  downloadConversation: {
    method: 'GET',
    path: '/api/v1/user/messaging/conversations/:id/download',
    response: 'blob',
    fallback: 'Kunde inte ladda ner konversationen',
    roles: SIGNED_IN,
    clientData: true,
  },
  /** The attachment of a file message: the URL after the newline in its `content` (spec §3). */
  messageAttachment: {
    method: 'GET',
    path: '/api/v1/user/messaging/files/:fileId',
    response: 'blob',
    fallback: fallbacks.download,
    roles: SIGNED_IN,
    clientData: true,
  },
  editMessage: {
    method: 'PUT',
    path: '/api/v1/user/messaging/conversations/:id/messages/:messageId/edit',
    body: 'multipart',
    response: 'json',
    fallback: 'Kunde inte redigera meddelandet',
    roles: SIGNED_IN,
  },

  // ---- journal, labs, action plans --------------------------------------------------------------
  dailyNotes: {
    method: 'GET',
    path: '/api/v1/user/journal/daily-notes',
    response: 'json',
    fallback: 'Kunde inte hämta dagliga anteckningar',
    roles: SIGNED_IN,
  },
  clientJournal: {
    method: 'GET',
    path: '/api/v1/admin/users/:id/journal',
    response: 'json',
    fallback: 'Kunde inte hämta journal',
    roles: STAFF,
    clientData: true,
  },
  latestSignedNote: {
    method: 'GET',
    path: '/api/v1/admin/users/:id/journal/daily-notes/latest-signed',
    response: 'json',
    fallback: 'Kunde inte hämta senaste signerade anteckning',
    roles: STAFF,
    clientData: true,
  },
  journalSettings: {
    method: 'GET',
    path: '/api/v1/admin/journal/settings',
    response: 'json',
    fallback: 'Kunde inte hämta journalinställningar',
    roles: STAFF,
  },
  updateJournalSettings: {
    method: 'PUT',
    path: '/api/v1/admin/journal/settings',
    response: 'json',
    fallback: 'Kunde inte spara journalinställningar',
    roles: ADMIN,
  },
  labData: {
    method: 'GET',
    path: '/api/v1/user/lab-data',
    response: 'json',
    fallback: 'Kunde inte hämta labbresultat',
    roles: SIGNED_IN,
    clientData: true,
  },
  labHistory: {
    method: 'GET',
    path: '/api/v1/admin/lab-data/:userId',
    response: 'json',
    fallback: 'Kunde inte hämta labbhistorik',
    roles: STAFF,
    clientData: true,
  },
  uploadLab: {
    method: 'POST',
    path: '/api/v1/admin/upload-lab/:userId',
    body: 'multipart',
    files: fileFile,
    response: 'json',
    fallback: 'Kunde inte ladda upp labbresultat',
    roles: ADMIN,
    clientData: true,
  },
  downloadLab: {
    method: 'GET',
    path: '/api/v1/user/download/lab-data/:fileName',
    response: 'blob',
    fallback: fallbacks.download,
    roles: SIGNED_IN,
    clientData: true,
  },
  labResults: {
    method: 'GET',
    path: '/api/v1/user/lab-results',
    response: 'json',
    fallback: 'Kunde inte hämta provsvar',
    roles: ['USER'],
  },
  openLabFile: {
    method: 'POST',
    path: '/api/v1/user/lab-results/opened/:fileName',
    response: 'empty',
    fallback: 'Kunde inte markera filen som öppnad',
    roles: ['USER'],
  },
  actionPlan: {
    method: 'GET',
    path: '/api/v1/user/action-plan',
    response: 'json',
    fallback: 'Kunde inte hämta handlingsplan',
    roles: SIGNED_IN,
    clientData: true,
  },
  actionPlanHistory: {
    method: 'GET',
    path: '/api/v1/admin/action-plan-data/:userId',
    response: 'json',
    fallback: 'Kunde inte hämta historik för handlingsplaner',
    roles: STAFF,
    clientData: true,
  },
  uploadActionPlan: {
    method: 'POST',
    path: '/api/v1/admin/upload-action-plan/:userId',
    body: 'multipart',
    files: fileFile,
    response: 'json',
    fallback: 'Kunde inte ladda upp handlingsplan',
    roles: ADMIN,
    clientData: true,
  },
  downloadActionPlan: {
    method: 'GET',
    path: '/api/v1/user/download/action-plan/:fileName',
    response: 'blob',
    fallback: fallbacks.download,
    roles: SIGNED_IN,
    clientData: true,
  },

  // ---- forms ------------------------------------------------------------------------------------
  formSummaries: {
    method: 'GET',
    path: '/api/v1/admin/forms/getSummaries',
    response: 'json',
    fallback: fallbacks.fetchForms,
    roles: STAFF,
  },
  createForm: {
    method: 'POST',
    path: '/api/v1/admin/forms',
    response: 'json',
    fallback: fallbacks.createForm,
    roles: STAFF,
  },
  form: {
    method: 'GET',
    path: '/api/v1/admin/forms/:id',
    response: 'json',
    fallback: fallbacks.fetchForms,
    roles: STAFF,
  },
  updateForm: {
    method: 'PUT',
    path: '/api/v1/admin/forms/:id',
    response: 'json',
    fallback: 'Misslyckades att spara formulär',
    roles: STAFF,
  },
  deleteForm: {
    method: 'DELETE',
    path: '/api/v1/admin/forms/:id',
    response: 'empty',
    fallback: 'Misslyckades att ta bort formulär',
    roles: STAFF,
  },
  publishForm: {
    method: 'PUT',
    path: '/api/v1/admin/forms/:id/publish',
    response: 'json',
    fallback: 'Misslyckades att publicera formulär',
    roles: STAFF,
  },
  deleteFormSection: {
    method: 'DELETE',
    path: '/api/v1/admin/forms/:id/sections/:sectionId',
    response: 'json',
    fallback: 'Misslyckades att ta bort sektionen',
    roles: STAFF,
  },
  deleteFormQuestion: {
    method: 'DELETE',
    path: '/api/v1/admin/forms/:id/sections/:sectionId/questions/:questionId',
    response: 'json',
    fallback: 'Misslyckades att ta bort frågan',
    roles: STAFF,
  },
  duplicateForm: {
    method: 'POST',
    path: '/api/v1/admin/forms/:id/duplicate',
    response: 'json',
    fallback: 'Misslyckades att duplicera formulär',
    roles: STAFF,
  },
  journalNote: {
    method: 'GET',
    path: '/api/v1/admin/users/:userId/journal/forms/:formId/note',
    response: 'json',
    fallback: 'Misslyckades att ladda formulär.',
    roles: ADMIN,
    clientData: true,
  },
  saveJournalNote: {
    method: 'PUT',
    path: '/api/v1/admin/users/:userId/journal/forms/:formId/note',
    response: 'json',
    fallback: 'Misslyckades att spara anteckningen',
    roles: ADMIN,
    clientData: true,
  },
  signAndSendForm: {
    method: 'POST',
    path: '/api/v1/admin/users/:userId/journal/forms/:formId/sign-and-send',
    response: 'json',
    fallback: fallbacks.sendForm,
    roles: ADMIN,
    clientData: true,
  },

  // ---- administration ---------------------------------------------------------------------------
  userStats: {
    method: 'GET',
    path: '/api/v1/admin/user-stats',
    response: 'json',
    fallback: 'Kunde inte hämta användarstatistik',
    roles: ADMIN,
  },
  clients: {
    method: 'GET',
    path: '/api/v1/admin/clients',
    response: 'json',
    fallback: 'Kunde inte hämta klienter',
    roles: STAFF,
    clientData: true,
  },
  client: {
    method: 'GET',
    path: '/api/v1/admin/clients/:id',
    response: 'json',
    fallback: 'Kunde inte hämta klientdata',
    roles: STAFF,
    clientData: true,
  },
  subjectLogs: {
    method: 'GET',
    path: '/api/v1/admin/subject/:userId',
    response: 'json',
    fallback: 'Kunde inte hämta aktivitetsloggar',
    roles: STAFF,
    clientData: true,
  },
  logs: {
    method: 'GET',
    path: '/api/v1/admin/get-logs',
    response: 'json',
    fallback: 'Kunde inte hämta loggar',
    roles: STAFF,
    clientData: true,
  },
  exportLogs: {
    method: 'GET',
    path: '/api/v1/admin/export-logs',
    response: 'blob',
    fallback: 'Kunde inte exportera loggar',
    roles: ADMIN,
    clientData: true,
  },
  exportSubjectLogs: {
    method: 'GET',
    path: '/api/v1/admin/subject/:userId/export-logs',
    response: 'blob',
    fallback: 'Kunde inte exportera loggar',
    roles: ADMIN,
    clientData: true,
  },
  // The 'Utförd av' choices of the activity log: STAFF and ADMIN by name, never a client. Names
  // of staff are no client's data, so not clientData and no access row.
  staff: {
    method: 'GET',
    path: '/api/v1/admin/staff',
    response: 'json',
    fallback: 'Kunde inte hämta personal',
    roles: STAFF,
  },
  sendResetLink: {
    method: 'POST',
    path: '/api/v1/admin/send-reset-link/:userId',
    response: 'empty',
    fallback: 'Ett fel uppstod vid försök att skicka återställningslänken',
    roles: ADMIN,
    clientData: true,
  },
  // Clinic figures over a period (design §4.11): counts only, no client's data, so STAFF too.
  reports: {
    method: 'GET',
    path: '/api/v1/admin/reports',
    response: 'json',
    fallback: 'Kunde inte hämta rapporten',
    roles: STAFF,
  },
  exportReports: {
    method: 'GET',
    path: '/api/v1/admin/reports/export',
    response: 'blob',
    fallback: 'Kunde inte exportera rapporten',
    roles: STAFF,
  },
} as const satisfies Record<string, RouteDef>;

export type RouteDefs = typeof routeDefs;
export type EndpointName = keyof RouteDefs;

/** Parameter names of a path pattern: `/a/:id/b/:messageId` → `['id', 'messageId']`. */
export const pathParams = (path: string): string[] =>
  [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? '');

export { buildPath } from './route-base.ts';
