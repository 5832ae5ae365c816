// /clients/{id}/* (spec §2.6), the one frame of every client page: the breadcrumb 'Klienter /
// {name} {personnummer} / {tab}', the header actions, the tab list (every tab for ADMIN;
// Översikt, Journal, Lab Resultat and Handlingsplan for a STAFF member who may read the client,
// design §4.7), and the tab pages; a tab her role does not get goes to the overview. Unknown
// subpaths go to the overview; an id that is no client shows a Swedish not-found state. A
// journal note (journal/{formId}) is nested under the Journal tab, with the frame's 404, 403
// and spinner.
import {
  type Client,
  displayName,
  isNoCareRelation,
  useClient,
  useForm,
  useSession,
} from '@halsa/api';
import type { ReactNode } from 'react';
import { Link, Navigate, NavLink, Route, Routes, useLocation, useParams } from 'react-router';
import { clientTabs, clientTabsFor, type ClientTab } from '../../../config/pages';
import { paths } from '../../../config/paths';
import { to } from '../../../config/links';
import { Breadcrumb } from '../../../components/breadcrumb';
import { cn } from '../../../lib/cn';
import { EmptyState } from '../../../primitives/empty-state/empty-state';
import { Spinner } from '../../../primitives/spinner/spinner';
import { ClientActivityTab } from '../client-activity/client-activity';
import { ClientFilesTab } from '../client-files/client-files';
import { ClientOverviewTab } from '../client-overview/client-overview';
import { ClientHeaderActions, NoConversationWarning } from './client-header-actions';
import { LoadError } from '../../../components/load-error/load-error';
import { NoCareRelation } from '../emergency-access/no-care-relation';
import { EmergencyAccessBanner } from '../emergency-access/emergency-access-banner';

/** What a link to a client's page may carry: her name, so the 403 page can name her. */
export interface ClientPageState {
  clientName?: string;
}

export interface ClientPagesScreenProps {
  /** "Now" for 'sedan' texts (stories pin it). */
  now?: Date;
  /** The Journal tab, which the journal feature builds (the portal passes it in). */
  journalTab?: (client: Client) => ReactNode;
  /**
   * The values, flags and trends under the Lab Resultat tab's files (design §4.7), which the
   * lab-results feature builds (the portal passes it in, as the journal tab).
   */
  labValues?: (client: Client) => ReactNode;
  /**
   * A journal note (`journal/{formId}`), nested in this frame under the Journal tab, which the
   * journal feature builds (the portal passes it in).
   */
  noteTab?: (client: Client) => ReactNode;
  /**
   * More header actions from other features ('Skicka enkät', design §4.19, which the
   * questionnaires feature builds; the portal passes it in).
   */
  headerActions?: (client: Client) => ReactNode;
  /** More of the overview from other features (her open questionnaires, design §4.19). */
  overviewExtra?: (client: Client) => ReactNode;
}

const labelOf = (tab: ClientTab) => clientTabs.find((t) => t.id === tab)!.label;

function Tab({ tab, clientId }: { tab: ClientTab; clientId: number }) {
  return (
    <NavLink
      to={to.client(clientId, tab)}
      className={({ isActive }) =>
        cn(
          'inline-flex min-h-target items-center border-b-2 px-3 text-sm font-medium',
          isActive
            ? 'border-primary text-primary'
            : 'border-transparent text-fg-muted hover:text-fg',
        )
      }
    >
      {labelOf(tab)}
    </NavLink>
  );
}

export function ClientPagesScreen({
  now,
  journalTab,
  labValues,
  noteTab,
  headerActions,
  overviewExtra,
}: ClientPagesScreenProps) {
  const { clientId: raw, formId } = useParams();
  const clientId = Number(raw);
  const valid = Number.isSafeInteger(clientId) && clientId > 0;
  const { user } = useSession();
  const location = useLocation();
  const { data: client, error, isLoading, mutate } = useClient(valid ? clientId : null);
  const tabs = clientTabsFor(user?.role);
  const tabOf = (path: string) => path.split('/')[0] as ClientTab;
  const { '*': rest = '' } = useParams();
  const current = clientTabs.some((t) => t.id === tabOf(rest)) ? tabOf(rest) : 'overview';
  // The note page's route (/clients/:clientId/journal/:formId) has no splat: it names the form.
  const noteFormId = formId === undefined ? null : Number(formId);
  const { form } = useForm(noteFormId !== null && noteFormId > 0 ? noteFormId : null);

  if (!valid || error?.status === 404) {
    return (
      <div className="mx-auto max-w-6xl px-gutter py-section">
        <EmptyState
          headingLevel={2}
          title="Klienten hittades inte."
          description="Kontrollera länken eller sök efter klienten i klientlistan."
          action={
            <Link to={paths.clients} className="text-primary underline underline-offset-4">
              Till klientlistan
            </Link>
          }
        />
      </div>
    );
  }
  if (isNoCareRelation(error)) {
    // Outside her care team (design §4.14): the message and 'Nödåtkomst'; once it is open every
    // answer is fetched again and the page shows. The client is named (§4.20) when the page
    // knows her: from the link she came by (the lookup), or the page she read until her
    // emergency access closed.
    const state = location.state as ClientPageState | null;
    const knownName = client ? displayName(client) : state?.clientName;
    return (
      <div className="mx-auto max-w-6xl px-gutter py-section">
        <h1 className="sr-only">{knownName ?? 'Klient'}</h1>
        <NoCareRelation clientId={clientId} clientName={knownName} />
      </div>
    );
  }
  if (error) {
    return (
      <LoadError title="Kunde inte hämta klienten" onRetry={() => void mutate()}>
        {error.message}
      </LoadError>
    );
  }
  if (isLoading || !client) {
    return (
      <div className="mx-auto max-w-6xl px-gutter py-section">
        <Spinner label="Hämtar klienten…" />
      </div>
    );
  }

  const name = displayName(client);
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4 px-gutter py-section">
      <EmergencyAccessBanner clientId={clientId} clientName={name} />
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <Breadcrumb
            steps={[
              { label: 'Klienter', to: paths.clients },
              {
                label: `${name} ${client.socialSecurityNumber ?? ''}`.trim(),
                to: to.client(clientId),
              },
              ...(noteFormId === null
                ? [{ label: labelOf(current) }]
                : [
                    { label: labelOf('journal'), to: to.client(clientId, 'journal') },
                    ...(form ? [{ label: form.title }] : []),
                  ]),
            ]}
          />
          <h1 className="mt-1 text-2xl font-semibold">{name}</h1>
        </div>
        <div className="flex flex-wrap items-center gap-1">
          {headerActions?.(client)}
          <ClientHeaderActions client={client} />
        </div>
      </div>
      <NoConversationWarning client={client} />

      {tabs.length > 0 ? (
        <nav
          aria-label="Klientflikar"
          // Wraps onto a second row on a phone: every tab in view, nothing scrolled sideways.
          className="flex flex-wrap gap-1 border-b border-border"
        >
          {tabs.map((t) => (
            <Tab key={t.id} tab={t.id} clientId={clientId} />
          ))}
        </nav>
      ) : null}

      {noteFormId !== null ? (
        noteTab?.(client)
      ) : (
        <Routes>
          <Route
            path="overview"
            element={
              <div className="flex flex-col gap-6">
                {overviewExtra?.(client)}
                <ClientOverviewTab client={client} now={now} />
              </div>
            }
          />
          <Route
            path="journal"
            element={
              journalTab ? (
                journalTab(client)
              ) : (
                <EmptyState
                  title="Journalen för klienten"
                  description="Journalanteckningar och formulär för klienten visas här."
                />
              )
            }
          />
          <Route
            path="lab-data"
            element={
              <div className="flex flex-col gap-6">
                <ClientFilesTab kind="lab" client={client} />
                {labValues?.(client)}
              </div>
            }
          />
          <Route
            path="action-plan-data"
            element={<ClientFilesTab kind="actionPlan" client={client} />}
          />
          {user?.role !== 'STAFF' ? (
            <Route path="activity" element={<ClientActivityTab client={client} />} />
          ) : null}
          <Route path="*" element={<Navigate to={to.client(clientId)} replace />} />
        </Routes>
      )}
    </div>
  );
}
