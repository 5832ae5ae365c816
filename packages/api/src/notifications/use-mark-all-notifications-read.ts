import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { Notification } from '../contract/notifications.ts';
import { mutationKey } from '../keys.ts';
import { NOTIFICATIONS_KEY } from './use-notifications.ts';

/** `PATCH /api/v1/user/notifications/mark-all-read`. */
export const markAllNotificationsRead = (): Promise<undefined> => call('markAllNotificationsRead');

export const MARK_ALL_NOTIFICATIONS_READ_KEY = mutationKey('markAllNotificationsRead');

/** Marks all read; the cached list changes only after the server call succeeds (spec §4). */
export function useMarkAllNotificationsRead() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<undefined, ApiError, string>(
    MARK_ALL_NOTIFICATIONS_READ_KEY,
    async () => {
      await markAllNotificationsRead();
      await mutate<Notification[]>(
        NOTIFICATIONS_KEY,
        (list) => list?.map((n) => ({ ...n, status: 'READ' as const })),
        { revalidate: false },
      );
      return undefined;
    },
    { throwOnError: true },
  );
}
