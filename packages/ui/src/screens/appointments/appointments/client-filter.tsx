// Staff's client filter on /appointments (issue 13): a coach with many clients searches the
// register as she types (the same paged search /clients uses, a few rows at a time, never the
// whole register) and picks one client; the page then lists only that client's meetings. The
// choice lives in the address (?klient=ID), so a client's page can link straight to it.
import { displayName, useClient, useClientPage } from '@halsa/api';
import { useId, useState } from 'react';
import { useDebounced } from '../../../lib/use-debounced';
import { Button } from '../../../primitives/button/button';
import { TextField } from '../../../primitives/text-field/text-field';

/** Rows shown per search: enough to pick from, few enough to read. */
export const CLIENT_FILTER_ROWS = 8;
/** Typing waits this long before it searches (as on /clients). */
export const CLIENT_FILTER_DELAY_MS = 250;

/** The filter's query parameter: `/appointments?klient=12`. */
export const CLIENT_FILTER_PARAM = 'klient';

/** The chosen client's id from the address, or null (none, or not a positive integer). */
export function clientIdOf(params: URLSearchParams): number | null {
  const raw = params.get(CLIENT_FILTER_PARAM);
  if (raw === null || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

function Results({ q, onPick }: { q: string; onPick: (id: number) => void }) {
  const { page, error, isLoading } = useClientPage({ page: 1, size: CLIENT_FILTER_ROWS, q });
  if (error) {
    return (
      <p role="alert" className="text-sm text-danger">
        Kunde inte söka bland klienterna.
      </p>
    );
  }
  if (isLoading || !page) {
    return (
      <p role="status" className="text-sm text-fg-muted">
        Söker…
      </p>
    );
  }
  if (page.items.length === 0) {
    return (
      <p role="status" className="text-sm text-fg-muted">
        Ingen klient matchar sökningen.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <ul aria-label="Sökträffar" className="flex flex-col gap-1">
        {page.items.map((c) => (
          <li key={c.id}>
            <Button
              variant="ghost"
              size="sm"
              className="w-full justify-start"
              onClick={() => onPick(c.id)}
            >
              {displayName(c)}
              {c.socialSecurityNumber ? (
                <span className="text-fg-muted"> {c.socialSecurityNumber}</span>
              ) : null}
            </Button>
          </li>
        ))}
      </ul>
      {page.total > page.items.length ? (
        <p className="text-sm text-fg-muted">
          {`Visar ${page.items.length} av ${page.total} klienter. Skriv mer för att hitta rätt.`}
        </p>
      ) : null}
    </div>
  );
}

export interface ClientFilterProps {
  /** The chosen client, or null for every client's meetings. */
  clientId: number | null;
  onChange: (clientId: number | null) => void;
}

export function ClientFilter({ clientId, onChange }: ClientFilterProps) {
  const headingId = useId();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), CLIENT_FILTER_DELAY_MS);
  const { client, error } = useClient(clientId);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-xl font-semibold">
        Visa en klients möten
      </h2>
      {clientId !== null ? (
        <div className="flex flex-wrap items-center gap-3">
          <p role="status">
            {error
              ? 'Klienten hittades inte.'
              : client
                ? `Visar möten med ${displayName(client)}.`
                : 'Hämtar klienten…'}
          </p>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setSearch('');
              onChange(null);
            }}
          >
            Visa alla klienters möten
          </Button>
        </div>
      ) : (
        <div className="flex flex-col gap-2 sm:max-w-md">
          <TextField
            label="Sök klient"
            hint="Namn, personnummer eller e-post"
            type="search"
            autoComplete="off"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          {q ? <Results q={q} onPick={onChange} /> : null}
        </div>
      )}
    </section>
  );
}
