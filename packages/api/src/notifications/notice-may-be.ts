import type { KnownNotificationType } from '../contract/notifications.ts';

/**
 * Whether a live message on `/user/queue/notifications` may be a notice of `type`, without the
 * contract's zod schemas (issue 26: a page that only refetches on its own kind of notice need
 * not load and run zod before it draws). False only for a message that names another type; a
 * message of an unknown shape may be anything, so the page refetches, as it did after a failed
 * parse.
 */
export function noticeMayBe(body: unknown, type: KnownNotificationType): boolean {
  if (typeof body !== 'object' || body === null) return true;
  const named = (body as { type?: unknown }).type;
  return typeof named !== 'string' || named === type;
}
