import { z } from 'zod';
import {
  dateSchema,
  idParamSchema,
  idSchema,
  pageQuerySchema,
  pageSchema,
  roleSchema,
  timestampSchema,
  type Page,
} from './common.ts';

/**
 * Every action the activity log records (Patientdatalagen: who did what to whose data, from
 * which IP). The server writes the code; screens and exports show its Swedish label.
 */
export const ACTIVITY_ACTIONS = [
  // Signing in and the account
  'LOGIN_FAILED',
  'TWO_FACTOR_SENT',
  'TWO_FACTOR_RESENT',
  'TWO_FACTOR_FAILED',
  'LOGIN_SUCCEEDED',
  'LOGOUT',
  'PASSWORD_CHANGED',
  'PASSWORD_RESET_REQUESTED',
  'PASSWORD_RESET',
  'PASSWORD_SET',
  'INVITATION_SENT',
  'REGISTERED',
  'PROFILE_IMAGE_CHANGED',
  'PROFILE_IMAGE_REMOVED',
  // Messaging
  'CONVERSATION_READ',
  'CONVERSATION_DOWNLOADED',
  'MESSAGE_READ',
  'MESSAGE_ATTACHMENT_DOWNLOADED',
  /** Staff saw a client's latest message text in the conversation list. */
  'CONVERSATION_LIST_VIEWED',
  /** A client's new message reached staff's conversation list live (its text in the push). */
  'MESSAGE_PUSHED',
  // Lab results and action plans
  'LAB_RESULT_UPLOADED',
  'LAB_RESULTS_VIEWED',
  'LAB_RESULT_DOWNLOADED',
  'ACTION_PLAN_UPLOADED',
  'ACTION_PLANS_VIEWED',
  'ACTION_PLAN_DOWNLOADED',
  // Clients and the log itself
  'CLIENT_LIST_VIEWED',
  'CLIENT_VIEWED',
  'RESET_LINK_SENT',
  'ACTIVITY_LOG_VIEWED',
  'ACTIVITY_LOG_EXPORTED',
  // Journal and forms
  'JOURNAL_VIEWED',
  'JOURNAL_NOTE_SAVED',
  'JOURNAL_NOTE_SIGNED',
  'FORM_CREATED',
  'FORM_UPDATED',
  'FORM_PUBLISHED',
  'FORM_DELETED',
  // Questionnaires (design §4.19)
  'QUESTIONNAIRE_SENT',
  'QUESTIONNAIRES_VIEWED',
  'QUESTIONNAIRE_SUBMITTED',
  // Appointments
  'APPOINTMENTS_VIEWED',
  'APPOINTMENT_BOOKED',
  'APPOINTMENT_CHANGED',
  'APPOINTMENT_CANCELLED',
  // People and access (design §4.14)
  'STAFF_CREATED',
  'ADMIN_CREATED',
  'ROLE_CHANGED',
  /** A STAFF/ADMIN's own personal number set, changed or cleared (§4.18); logged as a keyed hash. */
  'PERSONAL_NUMBER_CHANGED',
  'ACCOUNT_DEACTIVATED',
  'ACCOUNT_REACTIVATED',
  'ACCOUNT_UNLOCKED',
  'ACCOUNT_STATE_VIEWED',
  'ACCESS_SETTING_CHANGED',
  'JOURNAL_SETTINGS_CHANGED',
  'CARE_TEAM_VIEWED',
  'CARE_TEAM_CHANGED',
  'CLIENT_LOOKED_UP',
  'EMERGENCY_ACCESS',
  /** She closed her emergency access before its 4 hours were up ('Avsluta nu', §4.20). */
  'EMERGENCY_ACCESS_CLOSED',
  'EMERGENCY_ACCESS_REVIEWED',
  'ACCESS_REVIEW_VIEWED',
  // Strong sign-in (design §4.17)
  'SIGN_IN_METHOD_ADDED',
  'SIGN_IN_METHOD_REMOVED',
  /** A try of a passkey, the app or a reserve code that failed (enrolment, removal or login). */
  'SIGN_IN_METHOD_FAILED',
  'RESERVE_CODES_CREATED',
  /** A key's sign counter went back: a copy of the key was used; refused. */
  'PASSKEY_COUNTER_REFUSED',
  'SIGN_IN_METHODS_VIEWED',
  'SIGN_IN_METHODS_RESET',
  'SIGN_IN_SETTING_CHANGED',
] as const;
export const activityActionSchema = z.enum(ACTIVITY_ACTIONS);
export type ActivityAction = z.infer<typeof activityActionSchema>;

/** The Swedish words for each action, as the activity screens and the CSV export show it. */
export const activityActionLabels: Record<ActivityAction, string> = {
  LOGIN_FAILED: 'Misslyckad inloggning',
  TWO_FACTOR_SENT: 'Skickade inloggningskod',
  TWO_FACTOR_RESENT: 'Skickade inloggningskod igen',
  TWO_FACTOR_FAILED: 'Felaktig inloggningskod',
  LOGIN_SUCCEEDED: 'Loggade in',
  LOGOUT: 'Loggade ut',
  PASSWORD_CHANGED: 'Bytte lösenord',
  PASSWORD_RESET_REQUESTED: 'Begärde återställning av lösenord',
  PASSWORD_RESET: 'Återställde lösenord',
  PASSWORD_SET: 'Satte lösenord',
  INVITATION_SENT: 'Skickade inbjudan',
  REGISTERED: 'Registrerade konto',
  PROFILE_IMAGE_CHANGED: 'Bytte profilbild',
  PROFILE_IMAGE_REMOVED: 'Tog bort profilbild',
  CONVERSATION_READ: 'Läste konversation',
  CONVERSATION_DOWNLOADED: 'Laddade ner konversation',
  MESSAGE_READ: 'Läste meddelande',
  MESSAGE_ATTACHMENT_DOWNLOADED: 'Laddade ner bilaga',
  CONVERSATION_LIST_VIEWED: 'Visade senaste meddelandet i konversationslistan',
  MESSAGE_PUSHED: 'Tog emot meddelande direkt',
  LAB_RESULT_UPLOADED: 'Laddade upp provsvar',
  LAB_RESULTS_VIEWED: 'Visade provsvar',
  LAB_RESULT_DOWNLOADED: 'Laddade ner provsvar',
  ACTION_PLAN_UPLOADED: 'Laddade upp handlingsplan',
  ACTION_PLANS_VIEWED: 'Visade handlingsplaner',
  ACTION_PLAN_DOWNLOADED: 'Laddade ner handlingsplan',
  CLIENT_LIST_VIEWED: 'Visade klientlistan',
  CLIENT_VIEWED: 'Visade klientöversikt',
  RESET_LINK_SENT: 'Skickade återställningslänk',
  ACTIVITY_LOG_VIEWED: 'Visade aktivitetslogg',
  ACTIVITY_LOG_EXPORTED: 'Exporterade aktivitetslogg',
  JOURNAL_VIEWED: 'Visade journal',
  JOURNAL_NOTE_SAVED: 'Sparade journalanteckning',
  JOURNAL_NOTE_SIGNED: 'Signerade journalanteckning',
  FORM_CREATED: 'Skapade formulär',
  FORM_UPDATED: 'Ändrade formulär',
  FORM_PUBLISHED: 'Publicerade formulär',
  FORM_DELETED: 'Tog bort formulär',
  QUESTIONNAIRE_SENT: 'Skickade enkät',
  QUESTIONNAIRES_VIEWED: 'Visade enkätsvar',
  QUESTIONNAIRE_SUBMITTED: 'Skickade in enkät',
  APPOINTMENTS_VIEWED: 'Visade bokningar',
  APPOINTMENT_BOOKED: 'Bokade möte',
  APPOINTMENT_CHANGED: 'Flyttade möte',
  APPOINTMENT_CANCELLED: 'Avbokade möte',
  STAFF_CREATED: 'Lade till personal',
  ADMIN_CREATED: 'Skapade administratör',
  ROLE_CHANGED: 'Bytte roll',
  PERSONAL_NUMBER_CHANGED: 'Ändrade personnummer',
  ACCOUNT_DEACTIVATED: 'Inaktiverade konto',
  ACCOUNT_REACTIVATED: 'Återaktiverade konto',
  ACCOUNT_UNLOCKED: 'Låste upp inloggning',
  ACCOUNT_STATE_VIEWED: 'Visade kontots status',
  ACCESS_SETTING_CHANGED: 'Ändrade åtkomstinställning',
  JOURNAL_SETTINGS_CHANGED: 'Ändrade journalinställningar',
  CARE_TEAM_VIEWED: 'Visade vårdteam',
  CARE_TEAM_CHANGED: 'Ändrade vårdteam',
  CLIENT_LOOKED_UP: 'Sökte klient med personnummer',
  EMERGENCY_ACCESS: 'Nödåtkomst',
  EMERGENCY_ACCESS_CLOSED: 'Avslutade nödåtkomst',
  EMERGENCY_ACCESS_REVIEWED: 'Granskade nödåtkomst',
  ACCESS_REVIEW_VIEWED: 'Visade logguppföljning',
  SIGN_IN_METHOD_ADDED: 'Lade till inloggningsmetod',
  SIGN_IN_METHOD_REMOVED: 'Tog bort inloggningsmetod',
  SIGN_IN_METHOD_FAILED: 'Misslyckad inloggningsmetod',
  RESERVE_CODES_CREATED: 'Skapade reservkoder',
  PASSKEY_COUNTER_REFUSED: 'Nekade nyckel som kan vara kopierad',
  SIGN_IN_METHODS_VIEWED: 'Visade inloggningsmetoder',
  SIGN_IN_METHODS_RESET: 'Återställde inloggningsmetoder',
  SIGN_IN_SETTING_CHANGED: 'Ändrade inloggningsinställning',
};

export const activityLogSchema = z.object({
  id: idSchema,
  action: activityActionSchema,
  performedByName: z.string(),
  timestamp: timestampSchema,
  subjectUserName: z.string().nullable(),
  ipAddress: z.string().nullable(),
});
export type ActivityLog = z.infer<typeof activityLogSchema>;
export const activityLogListSchema = z.array(activityLogSchema);

/** Export intervals (spec §9). `all` is sent by leaving the query out of `/export-logs`. */
export const EXPORT_INTERVALS = ['all', '2veckor', '30dagar', '3man', '6man', '1ar'] as const;
export const exportIntervalSchema = z.enum(EXPORT_INTERVALS, {
  error: 'Ogiltigt intervall. Välj alla, 2veckor, 30dagar, 3man, 6man eller 1ar.',
});
export type ExportInterval = z.infer<typeof exportIntervalSchema>;

/** Swedish labels for the interval selector. */
export const exportIntervalLabels: Record<ExportInterval, string> = {
  all: 'Alla',
  '2veckor': '2 veckor',
  '30dagar': '30 dagar',
  '3man': '3 månader',
  '6man': '6 månader',
  '1ar': '1 år',
};

/** `GET /api/v1/admin/export-logs?interval=` (optional). */
export const exportLogsQuerySchema = z.object({ interval: exportIntervalSchema.optional() });
export type ExportLogsQuery = z.infer<typeof exportLogsQuerySchema>;

/** `GET /api/v1/admin/subject/:userId/export-logs?interval=` (required). */
export const subjectExportLogsQuerySchema = z.object({ interval: exportIntervalSchema });
export type SubjectExportLogsQuery = z.infer<typeof subjectExportLogsQuerySchema>;

/**
 * `GET /api/v1/admin/get-logs` and `/subject/:userId`: paged like every growing list, newest
 * first; the whole log can be narrowed to one action or one person who performed it.
 */
export const activityLogQuerySchema = pageQuerySchema.extend({
  action: activityActionSchema.optional(),
  performedBy: idParamSchema.optional(),
  /** One day (Europe/Stockholm), e.g. from 'Logguppföljning'. */
  day: dateSchema.optional(),
  /** The rows written under one emergency access. */
  emergencyAccess: idParamSchema.optional(),
});
export type ActivityLogQuery = z.infer<typeof activityLogQuerySchema>;
export const activityLogPageSchema = pageSchema(activityLogSchema);
export type ActivityLogPage = Page<ActivityLog>;
export const activityLogListResponseSchema = z.union([
  activityLogListSchema,
  activityLogPageSchema,
]);

/**
 * `GET /api/v1/admin/staff`: the people the whole log can be narrowed to ('Utförd av'): every
 * STAFF and ADMIN account, sorted by name, never a client, so the browser never holds the
 * register of clients (design §4.13) to build the filter.
 */
export const staffMemberSchema = z.object({
  id: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  role: roleSchema.extract(['STAFF', 'ADMIN']),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const staffListSchema = z.array(staffMemberSchema);
