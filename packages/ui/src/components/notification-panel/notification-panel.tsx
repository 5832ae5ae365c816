import { useId, type KeyboardEvent, type Ref } from 'react';
import { Link } from 'react-router';
import type { Notification } from '@halsa/api/contract';
import { cn } from '../../lib/cn';
import { CloseIcon } from '../../lib/icons';
import { Button } from '../../primitives/button/button';
import { Spinner } from '../../primitives/spinner/spinner';
import { unreadOf } from './notification-format';
import { NotificationList } from './notification-list';
import { paths } from '../../config/paths';

export interface NotificationPanelProps {
  /** The notifications, or undefined before the first answer. */
  notifications: readonly Notification[] | undefined;
  /** The first load is running. */
  isLoading?: boolean;
  /** An item was clicked. */
  onSelect: (notification: Notification) => void;
  /** 'Markera alla som lästa' was pressed. */
  onMarkAllRead: () => void;
  /** Marking all read is running. */
  markingAll?: boolean;
  /** Closes the panel: the close button, Escape and the settings link call it. */
  onClose?: () => void;
  id?: string;
  ref?: Ref<HTMLElement>;
  className?: string;
}

/**
 * The notification panel (spec §2.5), a non-modal dialog titled 'Notiser': 'Markera alla som
 * lästa' (disabled when nothing is unread), the list or 'Inga nya notiser', and a link to
 * 'Inställningar för notiser'. Props in; the screen decides what marking and clicking do.
 */
export function NotificationPanel({
  notifications,
  isLoading = false,
  onSelect,
  onMarkAllRead,
  markingAll = false,
  onClose,
  id,
  ref,
  className,
}: NotificationPanelProps) {
  const titleId = useId();
  const unread = unreadOf(notifications);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && onClose) {
      event.preventDefault();
      event.stopPropagation();
      onClose();
    }
  };
  return (
    // Escape closes the dialog from anywhere inside it.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section
      ref={ref}
      id={id}
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      className={cn(
        'flex max-h-[min(36rem,calc(100dvh-6rem))] flex-col rounded-card border border-border bg-surface text-fg shadow-overlay',
        className,
      )}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-border py-2 pr-2 pl-4">
        <h2 id={titleId} className="mr-auto text-lg font-semibold">
          Notiser
        </h2>
        <Button
          variant="link"
          size="sm"
          disabled={unread === 0}
          loading={markingAll}
          loadingLabel="Markerar…"
          onClick={onMarkAllRead}
        >
          Markera alla som lästa
        </Button>
        {onClose ? (
          <button
            type="button"
            aria-label="Stäng notiser"
            onClick={onClose}
            className="grid size-10 cursor-pointer place-items-center rounded-control text-fg-muted hover:bg-surface-sunken hover:text-fg"
          >
            <CloseIcon />
          </button>
        ) : null}
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {notifications === undefined ? (
          isLoading ? (
            <div className="flex justify-center px-4 py-6">
              <Spinner label="Hämtar notiser…" showLabel />
            </div>
          ) : (
            <p className="px-4 py-6 text-center text-fg-muted">Inga nya notiser</p>
          )
        ) : (
          <NotificationList
            notifications={notifications}
            onSelect={onSelect}
            emptyText="Inga nya notiser"
            label="Notiser"
          />
        )}
      </div>
      <div className="border-t border-border px-4 py-2">
        <Link
          to={paths.notifications}
          onClick={onClose}
          className="inline-flex min-h-target items-center underline"
        >
          Inställningar för notiser
        </Link>
      </div>
    </section>
  );
}
