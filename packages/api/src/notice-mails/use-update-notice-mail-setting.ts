import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type {
  NoticeKind,
  NoticeMailSettings,
  UpdateNoticeMailSettings,
} from '../contract/notice-mails.ts';
import { mutationKey } from '../keys.ts';
import { NOTICE_MAIL_SETTINGS_KEY } from './use-notice-mail-settings.ts';

/** `PUT /api/v1/user/notification-settings`: any subset of the switches; answers the whole set. */
export const updateNoticeMailSettings = (
  body: UpdateNoticeMailSettings,
): Promise<NoticeMailSettings> => call('updateNoticeMailSettings', { body });

export const UPDATE_NOTICE_MAIL_SETTINGS_KEY = mutationKey('updateNoticeMailSettings');

export interface NoticeMailSettingChange {
  kind: NoticeKind;
  enabled: boolean;
}

/**
 * `trigger({ kind, enabled })`: saves one switch at once. The cached settings show the change
 * while it is saved (optimistic) and go back to what they were if the call fails; on success
 * the server's whole answer replaces them.
 */
export function useUpdateNoticeMailSetting() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<NoticeMailSettings, ApiError, string, NoticeMailSettingChange>(
    UPDATE_NOTICE_MAIL_SETTINGS_KEY,
    async (_key, { arg: { kind, enabled } }) => {
      const saved = await mutate<NoticeMailSettings>(
        NOTICE_MAIL_SETTINGS_KEY,
        updateNoticeMailSettings({ [kind]: enabled }),
        {
          optimisticData: (current) =>
            (current ? { ...current, [kind]: enabled } : current) as NoticeMailSettings,
          rollbackOnError: true,
          populateCache: true,
          revalidate: false,
        },
      );
      return saved as NoticeMailSettings;
    },
    { throwOnError: true },
  );
}
