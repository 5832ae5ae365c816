// /clients (spec §2.4, §2.6; design.md §4.13): the client register for staff, searched as you
// type (name, personal number, e-mail), sorted and paged on the server, so the browser never
// holds the whole register. Each row opens the client's overview. An ADMIN invites from here.
import {
  useClientPage,
  useSession,
  type ClientListQuery,
  type ClientSort,
  type RegistrationStatus,
} from '@halsa/api';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { formatRelativeTime } from '../../../components/message/format-time';
import { to } from '../../../config/paths';
import { useDebounced } from '../../../lib/use-debounced';
import { Badge } from '../../../primitives/badge/badge';
import { Button } from '../../../primitives/button/button';
import { EmptyState } from '../../../primitives/empty-state/empty-state';
import { Select } from '../../../primitives/select/select';
import { Spinner } from '../../../primitives/spinner/spinner';
import { TextField } from '../../../primitives/text-field/text-field';
import { displayNameOf, NOT_AVAILABLE, registrationStatusLabels } from '../labels';
import { InviteClient } from './invite-client';
import { LoadError } from '../../../components/load-error/load-error';

export const CLIENT_PAGE_SIZE = 25;
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

export interface ClientListScreenProps {
  /** "Now" for 'sedan' texts (stories pin it). */
  now?: Date;
}

export function ClientListScreen({ now }: ClientListScreenProps) {
  const { user } = useSession();
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
  const headingId = useId();
  const pages = result ? Math.max(1, Math.ceil(result.total / result.size)) : 1;
  const first = result && result.total > 0 ? (result.page - 1) * result.size + 1 : 0;
  const last = result ? Math.min(result.total, result.page * result.size) : 0;

  return (
    <section
      aria-labelledby={headingId}
      className="mx-auto flex max-w-6xl flex-col gap-4 px-gutter py-section"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id={headingId} className="text-2xl font-semibold">
          Klienter
        </h1>
        {user?.role === 'ADMIN' ? <InviteClient /> : null}
      </div>

      <div className="grid gap-3 sm:grid-cols-[1fr_auto_auto]">
        <TextField
          label="Sök klient"
          hint="Namn, personnummer eller e-post"
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

      {error ? (
        <LoadError title="Kunde inte hämta klienter" onRetry={() => void mutate()}>
          {error.message}
        </LoadError>
      ) : isLoading && !result ? (
        <Spinner label="Hämtar klienter…" />
      ) : result && result.items.length === 0 ? (
        <EmptyState
          title={q || status ? 'Inga klienter hittades.' : 'Inga klienter ännu.'}
          description={q ? `Ingen klient matchar ”${q}”.` : undefined}
        />
      ) : result ? (
        <>
          <p className="text-sm text-fg-muted" role="status" aria-live="polite">
            {isValidating ? 'Söker…' : `Visar ${first}–${last} av ${result.total} klienter`}
          </p>
          <div className="overflow-x-auto rounded-card border border-border bg-surface">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">
                Klienter, sida {result.page} av {pages}
              </caption>
              <thead className="bg-surface-muted text-fg-muted">
                <tr>
                  <th scope="col" className="px-4 py-2 font-medium">
                    Namn
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    Personnummer
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    E-post
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    Status
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    Senast aktiv
                  </th>
                </tr>
              </thead>
              <tbody>
                {result.items.map((c) => (
                  <tr key={c.id} className="border-t border-border">
                    <th scope="row" className="px-4 py-2 font-medium whitespace-nowrap">
                      <Link
                        to={to.client(c.id)}
                        className="text-primary underline-offset-4 hover:underline"
                      >
                        {displayNameOf(c)}
                      </Link>
                    </th>
                    <td className="px-4 py-2 tabular-nums">
                      {c.socialSecurityNumber ?? NOT_AVAILABLE}
                    </td>
                    <td className="px-4 py-2">{c.email}</td>
                    <td className="px-4 py-2">
                      <Badge variant={c.registrationStatus === 'INVITED' ? 'warning' : 'success'}>
                        {registrationStatusLabels[c.registrationStatus]}
                      </Badge>
                    </td>
                    <td className="px-4 py-2">
                      {c.lastActive ? formatRelativeTime(c.lastActive, now) : 'Aldrig'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav aria-label="Sidor" className="flex items-center justify-between gap-3">
            <Button
              variant="secondary"
              onClick={() => setPage((p) => p - 1)}
              disabled={result.page <= 1}
            >
              Föregående
            </Button>
            <span className="text-sm">
              Sida {result.page} av {pages}
            </span>
            <Button
              variant="secondary"
              onClick={() => setPage((p) => p + 1)}
              disabled={result.page >= pages}
            >
              Nästa
            </Button>
          </nav>
        </>
      ) : null}
    </section>
  );
}
