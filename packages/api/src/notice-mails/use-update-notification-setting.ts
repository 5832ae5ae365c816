import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type {
  NoticeKind,
  NotificationSettings,
  UpdateNotificationSettings,
} from '../contract/notice-mails.ts';
import { mutationKey } from '../keys.ts';
import { NOTIFICATION_SETTINGS_KEY } from './use-notification-settings.ts';

/** `PUT /api/v1/user/notification-settings`: any subset of the switches; answers the whole set. */
export const updateNotificationSettings = (
  body: UpdateNotificationSettings,
): Promise<NotificationSettings> => call('updateNotificationSettings', { body });

export const UPDATE_NOTIFICATION_SETTINGS_KEY = mutationKey('updateNotificationSettings');

export interface NotificationSettingChange {
  kind: NoticeKind;
  enabled: boolean;
}

/**
 * `trigger({ kind, enabled })`: saves one switch at once. The cached settings show the change
 * while it is saved (optimistic) and go back to what they were if the call fails; on success
 * the server's whole answer replaces them.
 */
export function useUpdateNotificationSetting() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<NotificationSettings, ApiError, string, NotificationSettingChange>(
    UPDATE_NOTIFICATION_SETTINGS_KEY,
    async (_key, { arg: { kind, enabled } }) => {
      const saved = await mutate<NotificationSettings>(
        NOTIFICATION_SETTINGS_KEY,
        updateNotificationSettings({ [kind]: enabled }),
        {
          optimisticData: (current) =>
            (current ? { ...current, [kind]: enabled } : current) as NotificationSettings,
          rollbackOnError: true,
          populateCache: true,
          revalidate: false,
        },
      );
      return saved as NotificationSettings;
    },
    { throwOnError: true },
  );
}
