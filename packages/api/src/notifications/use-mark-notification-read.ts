import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { Id } from '../contract/common.ts';
import type { Notification } from '../contract/notifications.ts';
import { mutationKey } from '../keys.ts';
import { NOTIFICATIONS_KEY } from './use-notifications.ts';

/** `PATCH /api/v1/user/notifications/:id/read`. */
export const markNotificationRead = (id: Id): Promise<undefined> =>
  call('markNotificationRead', { params: { id } });

export const MARK_NOTIFICATION_READ_KEY = mutationKey('markNotificationRead');

/** Marks one read; the cached list changes only after the server call succeeds (spec §4). */
export function useMarkNotificationRead() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<undefined, ApiError, string, Id>(
    MARK_NOTIFICATION_READ_KEY,
    async (_key, { arg: id }) => {
      await markNotificationRead(id);
      await mutate<Notification[]>(
        NOTIFICATIONS_KEY,
        (list) => list?.map((n) => (n.id === id ? { ...n, status: 'READ' as const } : n)),
        { revalidate: false },
      );
      return undefined;
    },
    { throwOnError: true },
  );
}
