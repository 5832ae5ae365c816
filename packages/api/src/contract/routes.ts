// One plain-data table of every call in spec §7 (plus set-password and invitations, design §4.3
// and §4.8): method, path with :params, how the body is sent and the answer read, the Swedish
// fallback message of spec §8 and the roles that may call it. No zod here: the browser client
// reads this table, so the entry chunk does not carry the schemas. `endpoints.ts` adds the zod
// schemas per name for the server, the mocks and callers that validate.
import type { Role } from './common.ts';
import { actionPlanRouteDefs } from './routes/action-plan.ts';
import { activityRouteDefs } from './routes/activity.ts';
import { appointmentsRouteDefs } from './routes/appointments.ts';
import { authRouteDefs } from './routes/auth.ts';
import { careTeamRouteDefs } from './routes/care-team.ts';
import { clientsRouteDefs } from './routes/clients.ts';
import { eidRouteDefs } from './routes/eid.ts';
import { formsRouteDefs } from './routes/forms.ts';
import { invitationsRouteDefs } from './routes/invitations.ts';
import { journalRouteDefs } from './routes/journal.ts';
import { questionnairesRouteDefs } from './routes/questionnaires.ts';
import { labResultsRouteDefs } from './routes/lab-results.ts';
import { messagingRouteDefs } from './routes/messaging.ts';
import { noticeMailsRouteDefs } from './routes/notice-mails.ts';
import { notificationsRouteDefs } from './routes/notifications.ts';
import { profileRouteDefs } from './routes/profile.ts';
import { reportsRouteDefs } from './routes/reports.ts';
import { securityRouteDefs } from './routes/security.ts';
import { selfTestRouteDefs } from './routes/self-test.ts';
import { staffRouteDefs } from './routes/staff.ts';
import { statsRouteDefs } from './routes/stats.ts';

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
  /**
   * The call carries clients' messages or names to staff (messaging) but keeps its own audit and
   * care-team rule: the clinic's staff rule (design §4.17) holds it back as it does clientData.
   */
  clientMessages?: true;
}

export { fallbacks } from './route-shared.ts';

/**
 * Every call, in this order: the parts (one file per feature in routes/, named as the feature
 * everywhere, README 'One name per feature') merged into one table.
 */
export const routeDefs = {
  ...authRouteDefs,
  ...notificationsRouteDefs,
  ...noticeMailsRouteDefs,
  ...messagingRouteDefs,
  ...careTeamRouteDefs,
  ...clientsRouteDefs,
  ...activityRouteDefs,
  ...journalRouteDefs,
  ...questionnairesRouteDefs,
  ...formsRouteDefs,
  ...labResultsRouteDefs,
  ...actionPlanRouteDefs,
  ...profileRouteDefs,
  ...appointmentsRouteDefs,
  ...reportsRouteDefs,
  ...selfTestRouteDefs,
  ...invitationsRouteDefs,
  ...statsRouteDefs,
  ...staffRouteDefs,
  ...eidRouteDefs,
  ...securityRouteDefs,
} as const satisfies Record<string, RouteDef>;

export type RouteDefs = typeof routeDefs;
export type EndpointName = keyof RouteDefs;

/** Parameter names of a path pattern: `/a/:id/b/:messageId` → `['id', 'messageId']`. */
export const pathParams = (path: string): string[] =>
  [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? '');

export { buildPath } from './route-base.ts';
