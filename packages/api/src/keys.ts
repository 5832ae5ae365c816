// SWR keys. A resource's key is its URL (path with parameters filled, plus the query), so a
// global `mutate(key)` anywhere revalidates it. Mutation hooks use `METHOD path` keys so they
// never collide with a resource. The session is the exception: spec §3 names it `sessionUser`.
import { toQueryString, type PathParams, type Query } from './client.ts';
import { buildPath } from './contract/route-base.ts';
import { routeDefs, type EndpointName } from './contract/routes.ts';
import { mutationKeyOf } from './mutation-key.ts';

export { mutationKeyOf } from './mutation-key.ts';
export { SESSION_KEY } from './session-key.ts';

/** Key of a GET resource: `keyFor('conversation', { id: 3 })` → `/api/v1/user/messaging/conversations/3`. */
export function keyFor(name: EndpointName, params?: PathParams, query?: Query): string {
  return `${buildPath(routeDefs[name].path, params)}${toQueryString(query)}`;
}

/**
 * Key of a mutation hook: `POST /api/v1/auth/authenticate`. Without params the pattern stays
 * (`PATCH /api/v1/user/notifications/:id/read`), for hooks that take the id in `trigger()`.
 */
export function mutationKey(name: EndpointName, params?: PathParams): string {
  return mutationKeyOf(routeDefs[name], params);
}
