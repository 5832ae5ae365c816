import type { KeyboardEvent, Ref } from 'react';
import { Link } from 'react-router';
import type { SessionUser } from '@halsa/api/contract';
import { cn } from '../../lib/cn';
import { CountBadge, unreadCountText } from '../../primitives/badge/badge';
import { BellIcon, LogoMark } from './shell-icons';
import { UserMenu } from './user-menu';

export const PRODUCT_TITLE = 'Hälsoportalen';
/** The bar's box (also the shell skeleton's, so nothing moves when the real bar replaces it). */
export const TOP_BAR_CLASS =
  'sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-border bg-surface px-gutter';
/** The title's look (the link here, plain text in the shell skeleton). */
export const PRODUCT_TITLE_CLASS =
  'mr-auto flex min-h-target items-center gap-2 rounded-control text-lg font-semibold text-primary no-underline hover:text-primary-hover';

/**
 * Accessible name of the bell: 'Notiser' with nothing unread, 'Notiser, 1 oläst',
 * 'Notiser, 3 olästa'.
 */
export function bellLabel(unreadCount: number): string {
  if (unreadCount <= 0) return 'Notiser';
  return `Notiser, ${unreadCountText(unreadCount)}`;
}

export interface TopBarProps {
  user: SessionUser;
  /** Notifications with status UNREAD (spec §9). */
  unreadCount: number;
  /** Whether the notification panel is open (the bell's `aria-expanded`). */
  notificationsOpen?: boolean;
  /** The bell was pressed. */
  onNotificationsToggle?: () => void;
  /** Escape on the bell while the panel is open. */
  onNotificationsClose?: () => void;
  /** Id of the notification panel (the bell's `aria-controls` while open). */
  notificationsPanelId?: string;
  /** The bell, so focus can return to it when the panel closes. */
  bellRef?: Ref<HTMLButtonElement>;
  /** 'Logga ut' was chosen in the user menu. */
  onLogout: () => void;
  loggingOut?: boolean;
  className?: string;
}

/**
 * The signed-in top bar (spec §2.5): the product title linking to /, the notification bell
 * with the unread count and the user menu.
 */
export function TopBar({
  user,
  unreadCount,
  notificationsOpen = false,
  onNotificationsToggle,
  onNotificationsClose,
  notificationsPanelId,
  bellRef,
  onLogout,
  loggingOut,
  className,
}: TopBarProps) {
  const onBellKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'Escape' && notificationsOpen) {
      event.preventDefault();
      event.stopPropagation();
      onNotificationsClose?.();
    }
  };
  return (
    <header className={cn(TOP_BAR_CLASS, className)}>
      <Link to="/" className={PRODUCT_TITLE_CLASS}>
        <LogoMark className="size-6" />
        {PRODUCT_TITLE}
      </Link>
      <button
        ref={bellRef}
        type="button"
        aria-label={bellLabel(unreadCount)}
        aria-expanded={notificationsOpen}
        aria-controls={notificationsOpen ? notificationsPanelId : undefined}
        onClick={onNotificationsToggle}
        onKeyDown={onBellKeyDown}
        className="relative grid size-control cursor-pointer place-items-center rounded-control text-fg hover:bg-surface-sunken aria-expanded:bg-surface-sunken"
      >
        <BellIcon className="size-6" />
        <CountBadge
          count={unreadCount}
          data-testid="bell-badge"
          className="absolute top-1 right-0.5"
        />
      </button>
      <UserMenu user={user} onLogout={onLogout} loggingOut={loggingOut} />
    </header>
  );
}
