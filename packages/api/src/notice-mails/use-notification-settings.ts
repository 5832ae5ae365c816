import useSWR, { type SWRConfiguration } from 'swr';
import { call, type ApiError } from '../client.ts';
import type { NotificationSettings } from '../contract/notice-mails.ts';
import { keyFor } from '../keys.ts';

/** `GET /api/v1/user/notification-settings`: her 'E-postavisering' switches (design §4.16). */
export const fetchNotificationSettings = (): Promise<NotificationSettings> =>
  call('notificationSettings');

export const NOTIFICATION_SETTINGS_KEY = keyFor('notificationSettings');

export function useNotificationSettings(config?: SWRConfiguration<NotificationSettings, ApiError>) {
  const swr = useSWR<NotificationSettings, ApiError>(
    NOTIFICATION_SETTINGS_KEY,
    fetchNotificationSettings,
    config,
  );
  return { ...swr, settings: swr.data };
}
