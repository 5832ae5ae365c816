// Destinations of spec §7 and the built-in subscription rules.
//
//   /user/queue/notifications                 the caller's own queue (always allowed)
//   /topic/users/{userId}/conversations       allowed only when {userId} is the caller
//   /topic/conversations/{id}/messages        the app's authorize callback decides
//                                             (participants only)
//   anything else                             the authorize callback decides for /topic/…;
//                                             everything outside /topic/ and /user/queue/
//                                             is refused (default deny)
//   /app/ping                                 SEND only, answered with its RECEIPT (the
//                                             round trip /test shows); no other SEND

export const LiveDestinations = {
  notifications: '/user/queue/notifications',
  /** Queue name for publishToUser(userId, …). */
  notificationsQueue: '/queue/notifications',
  userConversations: (userId: string | number) => `/topic/users/${userId}/conversations`,
  conversationMessages: (conversationId: string | number) =>
    `/topic/conversations/${conversationId}/messages`,
  /** SEND here with a `receipt` header: the RECEIPT comes back at once (round-trip time). */
  ping: '/app/ping',
} as const;

const MAX_DESTINATION_LENGTH = 200;
const SEGMENT = /^[A-Za-z0-9_.-]+$/;

/** `/a/b/c` with safe segments only: no empty, `.` or `..` segments, no wildcards. */
export function isValidDestination(destination: string): boolean {
  if (destination.length < 2 || destination.length > MAX_DESTINATION_LENGTH) return false;
  if (destination[0] !== '/') return false;
  const segments = destination.slice(1).split('/');
  return segments.every((s) => SEGMENT.test(s) && s !== '.' && s !== '..');
}

/** Routing key of a user's private queue. Never starts with '/', so it cannot collide with a topic. */
export function userQueueKey(userKey: string, queue: string): string {
  return `user:${userKey}:${queue}`;
}

/** Normalises '/queue/x' or '/user/queue/x' to '/queue/x'; null when not a queue name. */
export function normaliseUserQueue(queue: string): string | null {
  const q = queue.startsWith('/user/') ? queue.slice(5) : queue;
  const m = /^\/queue\/([A-Za-z0-9_.-]+)$/.exec(q);
  return m && isValidDestination(q) ? q : null;
}

export type SubscribeVerdict =
  | { verdict: 'allow'; key: string }
  | { verdict: 'ask'; key: string }
  | { verdict: 'deny'; reason: string };

/** Applies the built-in rules to a SUBSCRIBE destination for the user with key `userKey`. */
export function classifySubscription(destination: string, userKey: string): SubscribeVerdict {
  if (!isValidDestination(destination)) {
    return { verdict: 'deny', reason: 'Ogiltig destination' };
  }
  if (destination.startsWith('/user/')) {
    const queue = /^\/user(\/queue\/[A-Za-z0-9_.-]+)$/.exec(destination)?.[1];
    if (!queue) return { verdict: 'deny', reason: 'Ingen behörighet till destinationen' };
    return { verdict: 'allow', key: userQueueKey(userKey, queue) };
  }
  if (destination.startsWith('/topic/users/')) {
    const m = /^\/topic\/users\/([^/]+)\/.+$/.exec(destination);
    if (m && m[1] === userKey) return { verdict: 'allow', key: destination };
    return { verdict: 'deny', reason: 'Ingen behörighet till destinationen' };
  }
  if (destination.startsWith('/topic/')) return { verdict: 'ask', key: destination };
  return { verdict: 'deny', reason: 'Ingen behörighet till destinationen' };
}

/** The conversation id of `/topic/conversations/{id}/…`, or null. For the app's authorize callback. */
export function conversationIdOf(destination: string): string | null {
  const m = /^\/topic\/conversations\/([A-Za-z0-9_-]+)\/[A-Za-z0-9_./-]+$/.exec(destination);
  return m?.[1] ?? null;
}
