// One plain-data table of every call in spec §7 (plus set-password and invitations, design §4.3
// and §4.8): method, path with :params, how the body is sent and the answer read, the Swedish
// fallback message of spec §8 and the roles that may call it. No zod here: the browser client
// reads this table, so the entry chunk does not carry the schemas. `endpoints.ts` adds the zod
// schemas per name for the server, the mocks and callers that validate.
import type { Role } from './common.ts';
import { accountRouteDefs } from './account-routes.ts';
import { adminRouteDefs } from './admin-routes.ts';
import { authRouteDefs } from './auth-routes.ts';
import { formsRouteDefs } from './forms-routes.ts';
import { messagingRouteDefs } from './messaging-routes.ts';
import { recordsRouteDefs } from './records-routes.ts';

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

export { fallbacks } from './route-shared.ts';

/** Every call, in this order: the parts (one file per area) merged into one table. */
export const routeDefs = {
  ...authRouteDefs,
  ...accountRouteDefs,
  ...messagingRouteDefs,
  ...recordsRouteDefs,
  ...formsRouteDefs,
  ...adminRouteDefs,
} as const satisfies Record<string, RouteDef>;

export type RouteDefs = typeof routeDefs;
export type EndpointName = keyof RouteDefs;

/** Parameter names of a path pattern: `/a/:id/b/:messageId` → `['id', 'messageId']`. */
export const pathParams = (path: string): string[] =>
  [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? '');

export { buildPath } from './route-base.ts';
