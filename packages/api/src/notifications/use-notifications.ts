import useSWR, { type SWRConfiguration } from 'swr';
import { call, type ApiError } from '../client.ts';
import type { Notification } from '../contract/notifications.ts';
import { keyFor } from '../keys.ts';

/** `GET /api/v1/user/notifications`. */
export const fetchNotifications = (): Promise<Notification[]> => call('notifications');

export const NOTIFICATIONS_KEY = keyFor('notifications');

/** Number of notifications with status UNREAD (the bell's badge, spec §9). */
export const countUnread = (notifications: readonly Notification[] | undefined): number =>
  notifications?.filter((n) => n.status === 'UNREAD').length ?? 0;

/** The caller's notifications. Fetch failures are silent in the UI (spec §8). */
export function useNotifications(
  options: { enabled?: boolean } = {},
  config?: SWRConfiguration<Notification[], ApiError>,
) {
  const swr = useSWR<Notification[], ApiError>(
    options.enabled === false ? null : NOTIFICATIONS_KEY,
    fetchNotifications,
    config,
  );
  return { ...swr, notifications: swr.data, unreadCount: countUnread(swr.data) };
}
