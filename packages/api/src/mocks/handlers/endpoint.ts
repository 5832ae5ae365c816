import { http, type HttpHandler } from 'msw';
import { endpointDefs, type EndpointName } from '../../contract/endpoints.ts';
import { mockState } from '../state.ts';
import { errorResponse, FORBIDDEN, NOT_SIGNED_IN } from './respond.ts';

export type MockParams = Record<string, string | readonly string[] | undefined>;

export interface MockInfo {
  request: Request;
  params: MockParams;
}

export type MockResolver = (
  info: MockInfo,
) => Response | undefined | void | Promise<Response | undefined | void>;

/** `*` + the path, so a handler answers whatever API base the client uses. */
export const mockPath = (name: EndpointName): string => `*${endpointDefs[name].path}`;

const methodOf = (name: EndpointName) =>
  endpointDefs[name].method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Who may call it, as the real server checks it (401 without session, 403 for a wrong role). */
function checkAccess(name: EndpointName): Response | undefined {
  const roles: readonly string[] = endpointDefs[name].roles;
  if (roles.includes('PUBLIC')) return undefined;
  const user = mockState.sessionUser;
  if (!user) return errorResponse(401, NOT_SIGNED_IN);
  if (!roles.includes(user.role)) return errorResponse(403, FORBIDDEN);
  return undefined;
}

/** A default handler for an endpoint of the contract table, with its access rule. */
export function on(name: EndpointName, resolver: MockResolver): HttpHandler {
  return http[methodOf(name)](mockPath(name), async ({ request, params }) => {
    const denied = checkAccess(name);
    if (denied) return denied;
    try {
      return (await resolver({ request, params: params as MockParams })) ?? undefined;
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  });
}

/** A handler that answers an endpoint without any checks (for scenarios). */
export function answer(name: EndpointName, resolver: MockResolver): HttpHandler {
  return http[methodOf(name)](
    mockPath(name),
    async ({ request, params }) =>
      (await resolver({ request, params: params as MockParams })) ?? undefined,
  );
}
