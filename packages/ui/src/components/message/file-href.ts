import { getApiBase } from '@halsa/api';
import { safeHttpUrl } from './linkify';

/**
 * Where a file message's download link may point: an API path ('/api/v1/…', '/files/…'; put
 * behind the API base) or an absolute http(s) URL. Anything else gives null (no link).
 */
export function safeFileHref(
  url: string | null | undefined,
  apiBase = getApiBase(),
): string | null {
  if (!url) return null;
  const trimmed = url.trim();
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\\s]/u.test(trimmed)) return null;
  if (/^\/(?!\/)/u.test(trimmed)) return `${apiBase}${trimmed}`;
  return safeHttpUrl(trimmed);
}
