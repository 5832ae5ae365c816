import type { Notification } from '@halsa/api/contract';
import { cn } from '../../lib/cn';
import { formatDayMonth } from '../../lib/format';

export const UNREAD_LABEL = 'Oläst';

export interface NotificationItemProps {
  notification: Notification;
  /** The item was clicked: mark it read and navigate by type (the caller decides how). */
  onSelect: (notification: Notification) => void;
  className?: string;
}

/**
 * One notification: its message and date ('12 mars'); an unread one has a blue dot that
 * screen readers hear as 'Oläst'. The whole row is one button.
 */
export function NotificationItem({ notification, onSelect, className }: NotificationItemProps) {
  const unread = notification.status === 'UNREAD';
  return (
    <button
      type="button"
      data-status={notification.status}
      onClick={() => onSelect(notification)}
      className={cn(
        'flex w-full cursor-pointer items-start gap-3 px-4 py-3 text-left text-fg hover:bg-surface-sunken',
        className,
      )}
    >
      <span
        aria-hidden="true"
        data-testid={unread ? 'unread-dot' : undefined}
        className={cn(
          'mt-2 size-2.5 shrink-0 rounded-full',
          unread ? 'bg-accent' : 'bg-transparent',
        )}
      />
      <span className="min-w-0 flex-1">
        {unread ? (
          <>
            <span className="sr-only">{UNREAD_LABEL}</span>{' '}
          </>
        ) : null}
        <span className={cn('block break-words', unread && 'font-semibold')}>
          {notification.message}
        </span>{' '}
        <time dateTime={notification.timestamp} className="mt-0.5 block text-sm text-fg-muted">
          {formatDayMonth(notification.timestamp)}
        </time>
      </span>
    </button>
  );
}
