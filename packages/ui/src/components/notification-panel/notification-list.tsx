import type { Notification } from '@halsa/api/contract';
import { cn } from '../../lib/cn';
import { sortNewestFirst } from './notification-format';
import { NotificationItem } from './notification-item';

export interface NotificationListProps {
  notifications: readonly Notification[];
  onSelect: (notification: Notification) => void;
  /** Shown instead of the list when it is empty, e.g. 'Inga nya notiser'. */
  emptyText: string;
  /** Accessible name of the list. */
  label?: string;
  className?: string;
}

/** Notifications, newest first, or the Swedish empty text. */
export function NotificationList({
  notifications,
  onSelect,
  emptyText,
  label,
  className,
}: NotificationListProps) {
  if (notifications.length === 0) {
    return <p className={cn('px-4 py-6 text-center text-fg-muted', className)}>{emptyText}</p>;
  }
  return (
    <ul aria-label={label} className={cn('divide-y divide-border', className)}>
      {sortNewestFirst(notifications).map((notification) => (
        <li key={notification.id}>
          <NotificationItem notification={notification} onSelect={onSelect} />
        </li>
      ))}
    </ul>
  );
}
