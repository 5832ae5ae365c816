// The one way the browser talks to the API (design §1): cookies always, 204 → undefined, JSON,
// blob or text as asked, and errors as `ApiError` whose message follows spec §8. A 401 fires the
// window event `unAuthorized`. No toasts or redirects here.
// Runtime reads only the zod-free route table; the schemas come in as types, so the browser
// entry carries no zod. Answers are typed from the contract but not validated at runtime unless a
// caller passes `schema` to `request()`/`upload()`. Uploads with progress are in upload.ts.
import type { z } from 'zod';
import type { EndpointDefs } from './contract/endpoints.ts';
import { authRouteDefs } from './contract/routes/auth.ts';
import type { EndpointName, HttpMethod, RouteDef } from './contract/routes.ts';
import { noteSessionEnd } from './auth/session-end.ts';
import { buildPath } from './contract/route-base.ts';

// The route table (~3 kB gzipped) loads with the first call that is not in the small table of the
// session and signed-out calls (contract/routes/auth.ts), not in the browser entry: /login never
// loads it (issue 14, /login budget).
const importRoutes = () => import('./contract/routes.ts');
let routeTable: ReturnType<typeof importRoutes> | undefined;
export const loadRoutes = () => (routeTable ??= importRoutes());

/** Window event fired on every 401 answer (spec §4); the session listens and clears the user. */
export const UNAUTHORIZED_EVENT = 'unAuthorized';

/** Fallback when a call names none (spec §8 'default'). */
export const DEFAULT_FALLBACK = 'Något gick fel';

let apiBase = '';

/** Sets the API origin, e.g. `http://localhost:8080`. Defaults to '' (same origin). */
export function setApiBase(base: string): void {
  apiBase = base.replace(/\/+$/, '');
}

export function getApiBase(): string {
  return apiBase;
}

/** A failed call. `message` is the Swedish text to show (spec §8); `body` is what came back. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, message: string, body: unknown = null, options?: ErrorOptions) {
    super(message, options);
    this.status = status;
    this.body = body;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

export type ResponseType = 'json' | 'blob' | 'text';
export type QueryValue = string | number | boolean | null | undefined;
export type Query = Readonly<Record<string, QueryValue | readonly QueryValue[]>>;

export interface RequestOptions<T = unknown> {
  method?: HttpMethod;
  /** A plain object is sent as JSON; `FormData` as multipart. */
  body?: unknown;
  query?: Query | undefined;
  responseType?: ResponseType;
  /** Swedish message used when the error body carries none (spec §8). */
  fallback?: string;
  /** Validates a JSON answer; a mismatch is an `ApiError` with the fallback message. */
  schema?: z.ZodType<T> | undefined;
  signal?: AbortSignal | undefined;
  headers?: Readonly<Record<string, string>>;
}

/** `?a=1&b=x%20y` from a query object; `null`/`undefined` values are left out, arrays repeat. */
export function toQueryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values: readonly QueryValue[] = Array.isArray(value)
      ? (value as readonly QueryValue[])
      : [value as QueryValue];
    for (const item of values) {
      if (item !== undefined && item !== null) params.append(key, String(item));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function buildUrl(path: string, query?: Query): string {
  return `${apiBase}${path}${toQueryString(query)}`;
}

export function notifyUnauthorized(): void {
  if (typeof window !== 'undefined' && typeof window.dispatchEvent === 'function') {
    window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
  }
}

/** Reads an error body as spec §8 says: `{ message, body }`. */
export function readErrorBody(
  text: string,
  contentType: string | null,
  fallback: string,
): { message: string; body: unknown } {
  const type = (contentType ?? '').toLowerCase();
  if (text.trim() === '') return { message: fallback, body: null };
  if (type.startsWith('text/plain')) return { message: text.trim(), body: text };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { message: fallback, body: text };
  }
  if (typeof body === 'string') return { message: body.trim() || fallback, body };
  if (body && typeof body === 'object' && 'message' in body) {
    const { message } = body as { message: unknown };
    if (typeof message === 'string' && message.trim() !== '') return { message, body };
  }
  return { message: fallback, body };
}

/** The error of a failed answer; a 401 first notes why the session ended and fires the event. */
export function failed(status: number, text: string, contentType: string | null, fallback: string) {
  const { message, body } = readErrorBody(text, contentType, fallback);
  if (status === 401) {
    noteSessionEnd(body, message);
    notifyUnauthorized();
  }
  return new ApiError(status, message, body);
}

export function parseJson<T>(
  text: string,
  status: number,
  fallback: string,
  schema: z.ZodType<T> | undefined,
): T {
  if (text.trim() === '') return undefined as T;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (cause) {
    throw new ApiError(status, fallback, text, { cause });
  }
  if (!schema) return data as T;
  const result = schema.safeParse(data);
  if (!result.success) throw new ApiError(status, fallback, data, { cause: result.error });
  return result.data;
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (typeof FormData !== 'undefined' && body instanceof FormData) return body;
  if (typeof Blob !== 'undefined' && body instanceof Blob) return body;
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
}

/** Makes one call. See `RequestOptions`; throws `ApiError` on failure. */
export async function request<T = unknown>(
  path: string,
  options: RequestOptions<T> = {},
): Promise<T> {
  const {
    method = 'GET',
    body,
    query,
    responseType = 'json',
    fallback = DEFAULT_FALLBACK,
    schema,
    signal,
  } = options;
  const headers = new Headers(options.headers);
  if (responseType === 'json' && !headers.has('Accept')) headers.set('Accept', 'application/json');
  const init: RequestInit = { method, headers, credentials: 'include' };
  const encoded = encodeBody(body, headers);
  if (encoded !== undefined) init.body = encoded;
  if (signal) init.signal = signal;

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), init);
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, fallback, null, { cause });
  }

  if (!response.ok) {
    let text = '';
    try {
      text = await response.text();
    } catch {
      text = '';
    }
    throw failed(response.status, text, response.headers.get('Content-Type'), fallback);
  }

  if (response.status === 204) return undefined as T;
  if (responseType === 'blob') return (await response.blob()) as T;
  const text = await response.text();
  if (responseType === 'text') return text as T;
  return parseJson(text, response.status, fallback, schema);
}

// ---- calls by endpoint name ---------------------------------------------------------------------

type Defs = EndpointDefs;

/** What a call of endpoint `N` resolves to, read from the contract table. */
export type EndpointResponse<N extends EndpointName> = Defs[N]['response'] extends z.ZodType
  ? z.output<Defs[N]['response']>
  : Defs[N]['response'] extends 'blob'
    ? Blob
    : Defs[N]['response'] extends 'text'
      ? string
      : undefined;

/** The body a call of endpoint `N` sends: JSON input of its schema, or `FormData`. */
export type EndpointBody<N extends EndpointName> = Defs[N] extends { body: 'multipart' }
  ? FormData
  : Defs[N] extends { request: infer S extends z.ZodType }
    ? z.input<S>
    : undefined;

export type PathParams = Readonly<Record<string, string | number>>;

export interface CallOptions<N extends EndpointName> {
  params?: PathParams;
  query?: Query;
  body?: EndpointBody<N>;
  signal?: AbortSignal;
  /** Overrides the table's fallback message. */
  fallback?: string;
}

/** `blob` and `text` are read as such; `json` and `empty` (204, or an empty body) as JSON. */
const responseTypeOf = (route: RouteDef): ResponseType =>
  route.response === 'blob' || route.response === 'text' ? route.response : 'json';

/**
 * Calls an endpoint of the route table by name: path, method and fallback from it. The answer is
 * typed by the contract but not validated (no zod in the browser entry); use `request()` with a
 * `schema` where runtime validation is wanted.
 */
export async function call<N extends EndpointName>(
  name: N,
  options: CallOptions<N> = {},
): Promise<EndpointResponse<N>> {
  const route: RouteDef = Object.hasOwn(authRouteDefs, name)
    ? authRouteDefs[name as keyof typeof authRouteDefs]
    : (await loadRoutes()).routeDefs[name];
  return request<EndpointResponse<N>>(buildPath(route.path, options.params), {
    method: route.method,
    body: options.body,
    query: options.query,
    fallback: options.fallback ?? route.fallback,
    signal: options.signal,
    responseType: responseTypeOf(route),
  });
}
