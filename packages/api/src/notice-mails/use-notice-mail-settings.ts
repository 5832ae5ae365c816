import useSWR, { type SWRConfiguration } from 'swr';
import { call, type ApiError } from '../client.ts';
import type { NoticeMailSettings } from '../contract/notice-mails.ts';
import { keyFor } from '../keys.ts';

/** `GET /api/v1/user/notification-settings`: her 'E-postavisering' switches (design §4.16). */
export const fetchNoticeMailSettings = (): Promise<NoticeMailSettings> =>
  call('noticeMailSettings');

export const NOTICE_MAIL_SETTINGS_KEY = keyFor('noticeMailSettings');

export function useNoticeMailSettings(config?: SWRConfiguration<NoticeMailSettings, ApiError>) {
  const swr = useSWR<NoticeMailSettings, ApiError>(
    NOTICE_MAIL_SETTINGS_KEY,
    fetchNoticeMailSettings,
    config,
  );
  return { ...swr, settings: swr.data };
}
