import type { Ref } from 'react';
import { useNotifications } from '@halsa/api';
import type { Notification } from '@halsa/api/contract';
import { NotificationPanel } from '../../../components/notification-panel/notification-panel';
import { useNotificationActions } from './use-notification-actions';

export interface NotificationCenterProps {
  /** Closes the panel; clicking an item closes it first (spec §2.5). */
  onClose?: () => void;
  id?: string;
  ref?: Ref<HTMLElement>;
  className?: string;
}

/**
 * The notification panel with its data: the caller's notifications (fetch failures are
 * silent), mark one or all read, and navigation by type (spec §2.5, §4).
 */
export function NotificationCenter({ onClose, id, ref, className }: NotificationCenterProps) {
  const { notifications, isLoading } = useNotifications();
  const { select, markAllRead, markingAll } = useNotificationActions();
  const onSelect = (notification: Notification) => {
    onClose?.();
    select(notification);
  };
  return (
    <NotificationPanel
      id={id}
      ref={ref}
      className={className}
      notifications={notifications}
      isLoading={isLoading}
      onSelect={onSelect}
      onMarkAllRead={markAllRead}
      markingAll={markingAll}
      onClose={onClose}
    />
  );
}
