import useSWR, { type SWRConfiguration } from 'swr';
import { call, type ApiError } from '../client.ts';
import type { UnreadCount } from '../contract/messaging.ts';
import { keyFor } from '../keys.ts';

/**
 * `GET /api/v1/user/messaging/unread-count`: the sum of the list's unread counts, for the
 * widget button's badge on every page, without fetching (and logging) the whole list (issue 38).
 */
export const fetchUnreadCount = (): Promise<UnreadCount> => call('unreadCount');

/** Revalidated on every live conversation event and after a read (use-conversations-live.ts). */
export const UNREAD_COUNT_KEY = keyFor('unreadCount');

export function useUnreadCount(
  options: { enabled?: boolean } = {},
  config?: SWRConfiguration<UnreadCount, ApiError>,
) {
  const swr = useSWR<UnreadCount, ApiError>(
    options.enabled === false ? null : UNREAD_COUNT_KEY,
    fetchUnreadCount,
    config,
  );
  return { ...swr, unreadMessages: swr.data?.unreadMessages };
}
