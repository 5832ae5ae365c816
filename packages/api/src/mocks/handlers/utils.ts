import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import type { z } from 'zod';
import { endpointDefs, type EndpointName } from '../../contract/endpoints.ts';
import type { SessionUser } from '../../contract/index.ts';
import { mockState } from '../state.ts';

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

export const NOT_SIGNED_IN = 'Du är inte inloggad.';
export const FORBIDDEN = 'Du har inte behörighet att utföra denna åtgärd.';

/** An error answer: with a message as `{ message }`, without one an empty body (→ fallback). */
export const errorResponse = (status: number, message?: string): Response =>
  message === undefined
    ? new HttpResponse(null, { status })
    : HttpResponse.json({ message }, { status });

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

/** The signed-in user (access was checked by `on`). */
export const viewer = (): SessionUser => {
  const user = mockState.sessionUser;
  if (!user) throw errorResponse(401, NOT_SIGNED_IN);
  return user;
};

export const isStaff = (user: SessionUser): boolean =>
  user.role === 'ADMIN' || user.role === 'STAFF';

/** A numeric path parameter, or a 404. */
export const idParam = (params: MockParams, name = 'id'): number => {
  const value = Number(params[name]);
  if (!Number.isInteger(value) || value <= 0) throw errorResponse(404, 'Hittades inte.');
  return value;
};

export const stringParam = (params: MockParams, name: string): string => {
  const value = params[name];
  return typeof value === 'string' ? decodeURIComponent(value) : '';
};

const firstIssue = (error: z.ZodError): string => error.issues[0]?.message ?? 'Ogiltig förfrågan.';

/** Parses the JSON body with the endpoint's schema; a failure answers 400 with its message. */
export async function readJson<N extends EndpointName>(
  request: Request,
  name: N,
): Promise<
  (typeof endpointDefs)[N] extends { request: infer S extends z.ZodType } ? z.output<S> : unknown
> {
  const def = endpointDefs[name] as { request?: z.ZodType };
  let body: unknown;
  try {
    const text = await request.text();
    body = text ? JSON.parse(text) : undefined;
  } catch {
    throw errorResponse(400, 'Ogiltig förfrågan.');
  }
  if (!def.request) return body as never;
  const result = def.request.safeParse(body);
  if (!result.success) throw errorResponse(400, firstIssue(result.error));
  return result.data as never;
}

/** Parses a query with a schema; a failure answers 400. */
export function readQuery<S extends z.ZodType>(request: Request, schema: S): z.output<S> {
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const result = schema.safeParse(query);
  if (!result.success) throw errorResponse(400, firstIssue(result.error));
  return result.data;
}

/** Reads a multipart body. */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw errorResponse(400, 'Ogiltig förfrågan.');
  }
}

export const fileFrom = (form: FormData, name = 'file'): File | null => {
  const value = form.get(name);
  return value !== null && typeof value !== 'string' ? value : null;
};

export const textFrom = (form: FormData, name: string): string | undefined => {
  const value = form.get(name);
  return typeof value === 'string' ? value : undefined;
};

export const noContent = (): Response => new HttpResponse(null, { status: 204 });

export const nowIso = (): string => new Date().toISOString();

// ---- scenario builders --------------------------------------------------------------------------

/** Every listed endpoint answers `status` (empty body → the call's Swedish fallback). */
export const errorFor = (names: readonly EndpointName[], status = 500, message?: string) =>
  names.map((name) => answer(name, () => errorResponse(status, message)));

/** Every listed endpoint answers 403 with a Swedish message. */
export const forbiddenFor = (names: readonly EndpointName[]) =>
  names.map((name) => answer(name, () => errorResponse(403, FORBIDDEN)));

/** Every listed endpoint waits `ms` and then falls through to the next handler (the default). */
export const slowFor = (names: readonly EndpointName[], ms = 2000) =>
  names.map((name) =>
    answer(name, async () => {
      await delay(ms);
      return undefined;
    }),
  );

/** Every listed endpoint never answers (a loading state that stays). */
export const loadingFor = (names: readonly EndpointName[]) =>
  names.map((name) =>
    answer(name, async () => {
      await delay('infinite');
      return undefined;
    }),
  );

export interface Scenarios {
  /** 500 (or the given status) with an empty body, so the screen shows its Swedish fallback. */
  error: (status?: number, message?: string) => HttpHandler[];
  /** 403 with 'Du har inte behörighet att utföra denna åtgärd.' */
  forbidden: HttpHandler[];
  /** Two seconds late, then the default answer. */
  slow: HttpHandler[];
  /** Never answers. */
  loading: HttpHandler[];
}

/** The shared scenarios for a resource's endpoints. */
export const scenariosFor = (names: readonly EndpointName[]): Scenarios => ({
  error: (status = 500, message?: string) => errorFor(names, status, message),
  forbidden: forbiddenFor(names),
  slow: slowFor(names),
  loading: loadingFor(names),
});

export { HttpResponse };
