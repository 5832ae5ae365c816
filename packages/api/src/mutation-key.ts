// The key of a mutation hook (keys.ts) from the route itself, without the route table: the
// signed-out hooks pass an entry of contract/routes/auth.ts, so /login does not load the whole
// table of contract/routes.ts (issue 14, /login budget).
import type { PathParams } from './client.ts';
import { buildPath } from './contract/route-base.ts';
import type { RouteDef } from './contract/routes.ts';

/** `POST /api/v1/auth/authenticate`; without params the path pattern stays. */
export function mutationKeyOf(def: Pick<RouteDef, 'method' | 'path'>, params?: PathParams): string {
  return `${def.method} ${params ? buildPath(def.path, params) : def.path}`;
}
