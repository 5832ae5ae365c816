import { useNavigate } from 'react-router';
import { useMarkAllNotificationsRead, useMarkNotificationRead } from '@halsa/api';
import type { Notification } from '@halsa/api/contract';
import { notificationPath } from '../../../components/notification-panel/notification-format';

/** Logged, never shown (spec §8). */
export const MARK_READ_FAILED = 'Failed to mark as read';
export const MARK_ALL_READ_FAILED = 'Failed to mark all as read';

export interface NotificationActions {
  /**
   * A notification was clicked: an unread one is marked read (PATCH) and a LAB_RESULT,
   * ACTION_PLAN or DAILY_NOTE one navigates to its page; other types only mark read.
   */
  select: (notification: Notification) => void;
  /** Marks all read (PATCH mark-all-read). */
  markAllRead: () => void;
  /** Marking all read is running. */
  markingAll: boolean;
}

/**
 * What clicking and marking do (spec §4): the SWR cache, and with it every dot and badge,
 * changes only after the server call succeeds (the api hooks update it then). A failure is
 * only logged with `console.error`; the user sees nothing and the state stays as it was.
 */
export function useNotificationActions(): NotificationActions {
  const navigate = useNavigate();
  const { trigger: markRead } = useMarkNotificationRead();
  const { trigger: markAll, isMutating: markingAll } = useMarkAllNotificationsRead();

  const select = (notification: Notification) => {
    if (notification.status === 'UNREAD') {
      markRead(notification.id).catch((error: unknown) => console.error(MARK_READ_FAILED, error));
    }
    const path = notificationPath(notification.type);
    if (path) void navigate(path);
  };

  const markAllRead = () => {
    markAll().catch((error: unknown) => console.error(MARK_ALL_READ_FAILED, error));
  };

  return { select, markAllRead, markingAll };
}
