import type { Notification } from '@halsa/api/contract';

/**
 * The list with `incoming` in it: a notification with the same id is replaced in place (a
 * status change), a new one goes first (the newest).
 */
export function upsertNotification(
  list: readonly Notification[],
  incoming: Notification,
): Notification[] {
  const index = list.findIndex((n) => n.id === incoming.id);
  if (index === -1) return [incoming, ...list];
  return list.map((n, i) => (i === index ? incoming : n));
}
