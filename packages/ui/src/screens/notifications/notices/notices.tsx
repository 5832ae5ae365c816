import { useId } from 'react';
import { useNotifications } from '@halsa/api';
import { unreadOf } from '../../../components/notification-panel/notification-format';
import { NotificationList } from '../../../components/notification-panel/notification-list';
import { Button } from '../../../primitives/button/button';
import { Spinner } from '../../../primitives/spinner/spinner';
import { useNotificationActions } from '../notification-center/use-notification-actions';
import { NoticeMailSettings } from '../notice-mails/notice-mail-settings';
import { Page } from '../../../components/page/page';

/** The events that create a notice, in the words the page uses. */
export const NOTICE_SOURCES = [
  { title: 'Provsvar', text: 'när nya provsvar har laddats upp till ditt konto.' },
  { title: 'Handlingsplan', text: 'när din handlingsplan har skapats eller uppdaterats.' },
  {
    title: 'Dagliga anteckningar',
    text: 'när en ny daglig anteckning har signerats i din journal.',
  },
] as const;

/**
 * /profile/notifications: which events create notices, and every notification (read and
 * unread) with the same items as the panel — clicking one marks it read and opens its page —
 * and 'E-postavisering', which kinds of notice also come by e-mail (design §4.16).
 */
export function NoticesScreen() {
  const { notifications, isLoading } = useNotifications();
  const { select, markAllRead, markingAll } = useNotificationActions();
  const aboutId = useId();
  const listId = useId();
  const unread = unreadOf(notifications);

  return (
    <Page
      page="notifications"
      gap="gap-8"
      intro={
        <p className="mt-2 max-w-prose text-fg-muted">
          Här ser du alla dina notiser, både lästa och olästa.
        </p>
      }
    >
      <section aria-labelledby={aboutId} className="max-w-prose">
        <h2 id={aboutId} className="text-lg font-semibold">
          När får du en notis?
        </h2>
        <p className="mt-2">Du får en notis i Hälsoportalen när något nytt har hänt:</p>
        <ul className="mt-2 list-disc space-y-1 pl-6">
          {NOTICE_SOURCES.map((source) => (
            <li key={source.title}>
              <strong>{source.title}</strong> – {source.text}
            </li>
          ))}
        </ul>
        <p className="mt-3 text-fg-muted">
          Nya notiser syns under klockan i toppfältet. När du klickar på en notis markeras den som
          läst och du kommer till sidan den gäller.
        </p>
      </section>

      <NoticeMailSettings />

      <section
        aria-labelledby={listId}
        className="rounded-card border border-border bg-surface shadow-card"
      >
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-border px-4 py-3">
          <h2 id={listId} className="text-lg font-semibold">
            Alla notiser
          </h2>
          <Button
            variant="secondary"
            size="sm"
            disabled={unread === 0}
            loading={markingAll}
            loadingLabel="Markerar…"
            onClick={markAllRead}
          >
            Markera alla som lästa
          </Button>
        </div>
        {notifications === undefined && isLoading ? (
          <div className="flex justify-center px-4 py-6">
            <Spinner label="Hämtar notiser…" showLabel />
          </div>
        ) : (
          <NotificationList
            notifications={notifications ?? []}
            onSelect={select}
            emptyText="Du har inga notiser än."
          />
        )}
      </section>
    </Page>
  );
}
