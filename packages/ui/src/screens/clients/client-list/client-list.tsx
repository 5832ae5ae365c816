// /clients (spec §2.4, §2.6; design.md §4.13): the client register for staff, searched as you
// type (name, personal number, e-mail), sorted and paged on the server, so the browser never
// holds the whole register. Each row opens the client's overview. An ADMIN invites from here.
import {
  type Client,
  type ClientListQuery,
  type ClientSort,
  displayName,
  isWholePersonalNumber,
  type RegistrationStatus,
  useClientPage,
  useMyEmergencyAccesses,
  useSession,
} from '@halsa/api';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatRelative } from '../../../lib/format';
import { to } from '../../../config/links';
import { useDebounced } from '../../../lib/use-debounced';
import { Badge } from '../../../primitives/badge/badge';
import { Button } from '../../../primitives/button/button';
import { Checkbox } from '../../../primitives/checkbox/checkbox';
import { EmptyState } from '../../../primitives/empty-state/empty-state';
import { Select } from '../../../primitives/select/select';
import { Spinner } from '../../../primitives/spinner/spinner';
import { Pager, Table, type TableColumn } from '../../../primitives/table/table';
import { TextField } from '../../../primitives/text-field/text-field';
import { NOT_AVAILABLE, registrationStatusLabels } from '../labels';
import { InviteClient } from './invite-client';
import { LookupHit } from './lookup-hit';
import { LoadError } from '../../../components/load-error/load-error';
import { EmailText } from '../../../lib/email-text';
import { Page } from '../../../components/page/page';

export const CLIENT_PAGE_SIZE = 25;
/** What a STAFF member's search does (design §4.14, issue 35 item 4). */
export const STAFF_SEARCH_HINT =
  'Namn, personnummer eller e-post bland dina klienter. Andra klienter hittar du med hela personnumret.';
export const OUTSIDE_TEAM_SEARCH =
  'Utanför ditt vårdteam hittar du en klient bara med hela personnumret (ÅÅÅÅMMDD-NNNN).';
/** Typing waits this long before it searches, so a name is one request, not one per letter. */
export const SEARCH_DELAY_MS = 250;

const SORTS: { value: ClientSort; label: string }[] = [
  { value: 'name', label: 'Namn' },
  { value: 'lastActive', label: 'Senast aktiv' },
  { value: 'createdAt', label: 'Skapad' },
];

const STATUSES = [
  { value: '', label: 'Alla' },
  { value: 'REGISTERED', label: registrationStatusLabels.REGISTERED },
  { value: 'INVITED', label: registrationStatusLabels.INVITED },
];

const clientColumns = (
  now: Date | undefined,
  /** Clients she reads under an open emergency access, marked in the list (design §4.20). */
  emergency: ReadonlySet<number>,
): TableColumn<Client>[] => [
  {
    header: 'Namn',
    primary: true,
    className: 'whitespace-nowrap',
    cell: (c) => (
      <span className="inline-flex flex-wrap items-center gap-2">
        <Link to={to.client(c.id)} className="text-primary underline-offset-4 hover:underline">
          {displayName(c)}
        </Link>
        {emergency.has(c.id) ? <Badge variant="warning">Nödåtkomst</Badge> : null}
      </span>
    ),
  },
  {
    header: 'Personnummer',
    className: 'tabular-nums',
    cell: (c) => c.socialSecurityNumber ?? NOT_AVAILABLE,
  },
  { header: 'E-post', cell: (c) => <EmailText email={c.email} /> },
  {
    header: 'Status',
    cell: (c) => (
      <Badge variant={c.registrationStatus === 'INVITED' ? 'warning' : 'success'}>
        {registrationStatusLabels[c.registrationStatus]}
      </Badge>
    ),
  },
  {
    header: 'Senast aktiv',
    cell: (c) => (c.lastActive ? formatRelative(c.lastActive, now) : 'Aldrig'),
  },
];

export interface ClientListScreenProps {
  /** "Now" for 'sedan' texts (stories pin it). */
  now?: Date;
  /**
   * Actions on the selected clients from other features ('Skicka enkät' to several, design
   * §4.19, which the questionnaires feature builds; the portal passes it in). Given, each row
   * gets a checkbox; the selection is kept across pages and searches.
   */
  bulkActions?: (selected: Client[]) => ReactNode;
}

/** The selection column: one labelled checkbox per row. */
const selectColumn = (
  selected: ReadonlyMap<number, Client>,
  toggle: (c: Client) => void,
): TableColumn<Client> => ({
  header: 'Välj',
  cell: (c) => (
    <Checkbox
      label={<span className="sr-only">{`Välj ${displayName(c)}`}</span>}
      checked={selected.has(c.id)}
      onChange={() => toggle(c)}
    />
  ),
});

export function ClientListScreen({ now, bulkActions }: ClientListScreenProps) {
  const { user } = useSession();
  const { accesses } = useMyEmergencyAccesses(user?.role);
  const emergency = new Set((accesses ?? []).map((a) => a.clientId));
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<ClientSort>('name');
  const [status, setStatus] = useState<RegistrationStatus | ''>('');
  const q = useDebounced(search.trim(), SEARCH_DELAY_MS);
  // A new search, sort or filter starts again at page 1.
  const filterKey = `${q}|${sort}|${status}`;
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const setPage = (next: (p: number) => number) => setPaging({ filterKey, page: next(page) });

  const query: ClientListQuery = {
    page,
    size: CLIENT_PAGE_SIZE,
    sort,
    ...(q ? { q } : {}),
    ...(status ? { status } : {}),
  };
  const { page: result, error, isLoading, isValidating, mutate } = useClientPage(query);
  const [selected, setSelected] = useState<ReadonlyMap<number, Client>>(new Map());
  const toggle = (c: Client) =>
    setSelected((prev) => {
      const next = new Map(prev);
      if (!next.delete(c.id)) next.set(c.id, c);
      return next;
    });
  const pages = result ? Math.max(1, Math.ceil(result.total / result.size)) : 1;
  const first = result && result.total > 0 ? (result.page - 1) * result.size + 1 : 0;
  const last = result ? Math.min(result.total, result.page * result.size) : 0;

  return (
    <Page page="clients" gap="gap-4" actions={user?.role === 'ADMIN' ? <InviteClient /> : null}>
      <div className="grid gap-3 sm:grid-cols-[1fr_auto_auto]">
        <TextField
          label="Sök klient"
          hint={user?.role === 'STAFF' ? STAFF_SEARCH_HINT : 'Namn, personnummer eller e-post'}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          autoComplete="off"
        />
        <Select
          label="Sortera efter"
          options={SORTS}
          value={sort}
          onChange={(e) => setSort(e.target.value as ClientSort)}
        />
        <Select
          label="Status"
          options={STATUSES}
          value={status}
          onChange={(e) => setStatus(e.target.value as RegistrationStatus | '')}
        />
      </div>

      {bulkActions && selected.size > 0 ? (
        <div
          role="group"
          aria-label="Valda klienter"
          className="flex flex-wrap items-start gap-3 rounded-card border border-border bg-surface-sunken p-3"
        >
          <p className="flex min-h-target items-center text-sm">
            {`${selected.size} ${selected.size === 1 ? 'vald klient' : 'valda klienter'}`}
          </p>
          {bulkActions([...selected.values()])}
          <Button variant="ghost" size="sm" onClick={() => setSelected(new Map())}>
            Avmarkera alla
          </Button>
        </div>
      ) : null}

      {error ? (
        <LoadError title="Kunde inte hämta klienter" onRetry={() => void mutate()}>
          {error.message}
        </LoadError>
      ) : isLoading && !result ? (
        <Spinner label="Hämtar klienter…" />
      ) : result && result.items.length === 0 ? (
        user?.role === 'STAFF' && isWholePersonalNumber(q) ? (
          // Outside her care team a whole personal number finds the name only (design §4.14):
          // the hit, or that nobody has the number; never the hit under 'Inga klienter hittades'.
          <LookupHit personalNumber={q} />
        ) : user?.role === 'STAFF' ? (
          <EmptyState
            title={
              q || status ? `Ingen av dina klienter matchar ”${q}”.` : 'Du har inga klienter ännu.'
            }
            description={
              q || status
                ? OUTSIDE_TEAM_SEARCH
                : `En administratör lägger till dig i klienternas vårdteam. ${OUTSIDE_TEAM_SEARCH}`
            }
          />
        ) : (
          <EmptyState
            title={q || status ? 'Inga klienter hittades.' : 'Inga klienter ännu.'}
            description={q ? `Ingen klient matchar ”${q}”.` : undefined}
          />
        )
      ) : result ? (
        <>
          <p className="text-sm text-fg-muted" role="status" aria-live="polite">
            {isValidating ? 'Söker…' : `Visar ${first}–${last} av ${result.total} klienter`}
          </p>
          <Table
            caption={`Klienter, sida ${result.page} av ${pages}`}
            columns={
              bulkActions
                ? [selectColumn(selected, toggle), ...clientColumns(now, emergency)]
                : clientColumns(now, emergency)
            }
            rows={result.items}
            rowKey={(c) => c.id}
          />
          <Pager
            page={result.page}
            pages={pages}
            onPage={(p) => setPage(() => p)}
            label="Sidor"
            previousLabel="Föregående"
            nextLabel="Nästa"
          />
        </>
      ) : null}
    </Page>
  );
}
