import { useDeferredValue, useId } from 'react';
import { Link } from 'react-router';
import { useNotifications } from '@halsa/api';
import type { Notification, SessionUser } from '@halsa/api/contract';
import { NotificationList } from '../../../components/notification-panel/notification-list';
import { sortNewestFirst } from '../../../components/notification-panel/notification-format';
import { Spinner } from '../../../primitives/spinner/spinner';
import { useNotificationActions } from '../../notifications/notification-center/use-notification-actions';
import { useShellUser } from '../app-shell/shell-user';
import { paths } from '../../../config/paths';
import { Page } from '../../../components/page/page';

interface Shortcut {
  label: string;
  to: string;
  description: string;
}

const clientShortcuts: Shortcut[] = [
  { label: 'Provsvar', to: paths.labResults, description: 'Se dina senaste provsvar.' },
  {
    label: 'Handlingsplan',
    to: paths.actionPlan,
    description: 'Följ din handlingsplan och dina mål.',
  },
  { label: 'Journal', to: paths.journal, description: 'Läs dina journalanteckningar.' },
];

const staffShortcuts: Shortcut[] = [
  {
    label: 'Klienter',
    to: paths.clients,
    description: 'Se dina klienter, deras journaler och provsvar.',
  },
];

/** How many notices staff see on the overview. */
export const LATEST_NOTICES = 5;

export interface OverviewScreenProps {
  /** The signed-in user; inside an AppShell it defaults to the shell's user. */
  user?: SessionUser;
}

/**
 * /overview, 'Att göra' (spec §2.4): a greeting and what the role has to do. A client gets
 * shortcuts to Provsvar, Handlingsplan and Journal and their unread notifications; staff and
 * admins a shortcut to Klienter and the latest notices.
 */
export function OverviewScreen({ user: givenUser }: OverviewScreenProps) {
  const shellUser = useShellUser();
  const user = givenUser ?? shellUser;
  const answer = useNotifications();
  // The notices' answer arrives as an urgent update (SWR's external store), whose render React
  // does in one piece: on a slowed phone the list and its items were one task of 20-27 ms CPU at
  // 4x (issue 39). Deferred, the urgent render keeps the spinner and the list is drawn in a
  // transition React can split; the list and its states are the same.
  const notifications = useDeferredValue(answer.notifications);
  // Only the first answer waits behind the spinner; a later one (a notice marked read) keeps the
  // list on screen until the deferred render has it, never a flash of the spinner.
  const isLoading =
    answer.isLoading || (notifications === undefined && answer.notifications !== undefined);
  const { select } = useNotificationActions();
  const shortcutsId = useId();
  const noticesId = useId();
  if (!user) return null;

  const isClient = user.role === 'USER';
  const shortcuts = isClient ? clientShortcuts : staffShortcuts;
  const all = sortNewestFirst(notifications ?? []);
  const shown: Notification[] = isClient
    ? all.filter((n) => n.status === 'UNREAD')
    : all.slice(0, LATEST_NOTICES);

  return (
    <Page page="overview" gap="gap-8" intro={<p className="mt-2 text-lg">Hej {user.firstName}!</p>}>
      <section aria-labelledby={shortcutsId}>
        <h2 id={shortcutsId} className="text-lg font-semibold">
          Genvägar
        </h2>
        <ul className="mt-3 grid gap-3 sm:grid-cols-3">
          {shortcuts.map((shortcut) => (
            <li
              key={shortcut.to}
              className="relative rounded-card border border-border bg-surface p-4 shadow-card hover:border-primary"
            >
              <Link
                to={shortcut.to}
                className="font-semibold text-primary no-underline after:absolute after:inset-0 after:rounded-card hover:text-primary-hover"
              >
                {shortcut.label}
              </Link>
              <p className="mt-1 text-fg-muted">{shortcut.description}</p>
            </li>
          ))}
        </ul>
      </section>

      <section
        aria-labelledby={noticesId}
        className="rounded-card border border-border bg-surface shadow-card"
      >
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-border px-4 py-3">
          <h2 id={noticesId} className="text-lg font-semibold">
            {isClient ? 'Olästa notiser' : 'Senaste notiser'}
          </h2>
          <Link to={paths.notifications} className="inline-flex min-h-target items-center">
            Alla notiser
          </Link>
        </div>
        {notifications === undefined && isLoading ? (
          <div className="flex justify-center px-4 py-6">
            <Spinner label="Hämtar notiser…" showLabel />
          </div>
        ) : (
          <NotificationList
            notifications={shown}
            onSelect={select}
            emptyText={isClient ? 'Inga olästa notiser' : 'Inga notiser'}
          />
        )}
      </section>
    </Page>
  );
}
