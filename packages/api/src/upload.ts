// Uploads with progress (XMLHttpRequest), apart from client.ts so the browser entry, which
// makes no upload, does not carry them (issue 14, /login budget). Same rules as `request()`.
import type { z } from 'zod';
import type { EndpointName, HttpMethod, RouteDef } from './contract/routes.ts';
import {
  ApiError,
  buildUrl,
  DEFAULT_FALLBACK,
  failed,
  loadRoutes,
  parseJson,
  type CallOptions,
  type EndpointResponse,
  type Query,
} from './client.ts';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0..1, or `null` when the total is unknown. */
  fraction: number | null;
}

export interface UploadOptions<T = unknown> {
  method?: Extract<HttpMethod, 'POST' | 'PUT' | 'PATCH'>;
  body: FormData;
  query?: Query | undefined;
  fallback?: string;
  schema?: z.ZodType<T> | undefined;
  onProgress?: ((progress: UploadProgress) => void) | undefined;
  signal?: AbortSignal | undefined;
}

/**
 * A multipart upload through `XMLHttpRequest` so `onProgress` sees the bytes sent. Same rules as
 * `request()`: cookies, 204 → undefined, `ApiError` with the §8 message, 401 event.
 */
export function upload<T = unknown>(path: string, options: UploadOptions<T>): Promise<T> {
  const {
    method = 'POST',
    body,
    query,
    fallback = DEFAULT_FALLBACK,
    schema,
    onProgress,
    signal,
  } = options;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was aborted.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, buildUrl(path, query));
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.setRequestHeader('Accept', 'application/json');
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        const total = event.lengthComputable ? event.total : 0;
        onProgress({
          loaded: event.loaded,
          total,
          fraction: total > 0 ? Math.min(1, event.loaded / total) : null,
        });
      };
    }
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);

    xhr.onload = () => {
      done();
      const text = typeof xhr.responseText === 'string' ? xhr.responseText : '';
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(failed(xhr.status, text, xhr.getResponseHeader('Content-Type'), fallback));
        return;
      }
      if (xhr.status === 204) {
        resolve(undefined as T);
        return;
      }
      try {
        resolve(parseJson(text, xhr.status, fallback, schema));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(0, fallback));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was aborted.', 'AbortError'));
    };
    xhr.send(body);
  });
}

/** Uploads to a multipart endpoint of the table with progress (answer typed, not validated). */
export async function callUpload<N extends EndpointName>(
  name: N,
  options: Omit<CallOptions<N>, 'body'> & {
    body: FormData;
    onProgress?: UploadOptions['onProgress'];
  },
): Promise<EndpointResponse<N>> {
  const { buildPath, routeDefs } = await loadRoutes();
  const route: RouteDef = routeDefs[name];
  const method = route.method === 'GET' || route.method === 'DELETE' ? 'POST' : route.method;
  return upload<EndpointResponse<N>>(buildPath(route.path, options.params), {
    method,
    body: options.body,
    query: options.query,
    fallback: options.fallback ?? route.fallback,
    onProgress: options.onProgress,
    signal: options.signal,
  });
}
