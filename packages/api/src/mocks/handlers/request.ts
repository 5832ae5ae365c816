import type { z } from 'zod';
import { endpointDefs, type EndpointName } from '../../contract/endpoints.ts';
import type { SessionUser } from '../../contract/index.ts';
import { mockState } from '../state.ts';
import type { MockParams } from './endpoint.ts';
import { errorResponse, NOT_SIGNED_IN } from './respond.ts';

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
