import { useSWRConfig } from 'swr';
import { NOTIFICATIONS_KEY } from '@halsa/api';
import type { Notification } from '@halsa/api/contract';
import { LiveDestinations, useRevalidateOnReconnect, useTopic } from '@halsa/api/live';
import { upsertNotification } from './upsert-notification';

// The contract's zod schemas load with the first live message, not with the shell's first paint
// (issue 14); one promise, so messages are still handled in the order they came.
const importContract = () => import('@halsa/api/contract');
let contract: ReturnType<typeof importContract> | undefined;
const loadContract = () => (contract ??= importContract());

/**
 * Keeps the notifications SWR cache live (spec §7): subscribes to
 * `/user/queue/notifications` on the shared connection. A message that is a notification is
 * put into the cached list (new ones first, known ids replaced); anything else, or a list not
 * loaded yet, revalidates the list. After a reconnect the list is revalidated, so nothing sent
 * while offline is missed. Socket failures are silent (spec §8).
 */
export function useNotificationsLive(): void {
  const { cache, mutate } = useSWRConfig();

  useTopic<unknown>(LiveDestinations.notifications, (body) => {
    void loadContract().then(({ notificationSchema }) => {
      const parsed = notificationSchema.safeParse(body);
      const cached: unknown = cache.get(NOTIFICATIONS_KEY)?.data;
      if (parsed.success && Array.isArray(cached)) {
        void mutate<Notification[]>(
          NOTIFICATIONS_KEY,
          (list) => upsertNotification(list ?? [], parsed.data),
          { revalidate: false },
        );
      } else {
        void mutate(NOTIFICATIONS_KEY);
      }
    });
  });

  useRevalidateOnReconnect([NOTIFICATIONS_KEY]);
}
