// Care teams from the person's side (/staff, issue 35, design §4.14): a staff member's clients
// in a dialog, opened from the count in her row. ADMIN adds a client found by name or personal
// number, or takes one away after a confirmation; both are the care-team editor's change
// (logged on the server), so a clinic need not open every client.
import {
  displayName,
  isApiError,
  maskPersonalNumber,
  type StaffAccount,
  type StaffClient,
  useAddStaffClient,
  useClientPage,
  useRemoveStaffClient,
  useStaffClients,
} from '@halsa/api';
import { useEffect, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { useDebounced } from '../../../lib/use-debounced';
import { Alert } from '../../../primitives/alert/alert';
import { Button } from '../../../primitives/button/button';
import { Modal } from '../../../primitives/modal/modal';
import { Spinner } from '../../../primitives/spinner/spinner';
import { TextField } from '../../../primitives/text-field/text-field';

/** At most this many search hits are listed; typing more narrows them. */
export const CLIENT_HITS = 8;
const SEARCH_DELAY_MS = 300;

export const clientCountLabel = (n: number): string => (n === 1 ? '1 klient' : `${n} klienter`);
export const noClientsText = (name: string): string => `${name} har inga klienter ännu.`;
export const addedClientMessage = (client: string, name: string): string =>
  `${client} är tillagd. ${name} kan nu läsa uppgifter om klienten.`;
export const removedClientMessage = (client: string, name: string): string =>
  `${client} är borttagen. ${name} kan inte längre läsa uppgifter om klienten.`;
export const removeClientDescription = (client: string, name: string): string =>
  `${name} tas bort ur vårdteamet för ${client} och kan då inte läsa uppgifter om klienten. Ändringen loggas.`;
export const ADD_CLIENT_FAILED = 'Kunde inte lägga till klienten';
export const REMOVE_CLIENT_FAILED = 'Kunde inte ta bort klienten';
export const INACTIVE_NO_CLIENTS =
  'Kontot är inaktiverat och kan inte få nya klienter. Du kan ta bort klienter.';

/** Her personal number as lists show it (masked, design §4.14), after the name. */
const clientLine = (c: Pick<StaffClient, 'socialSecurityNumber'>) =>
  c.socialSecurityNumber ? (
    <span className="text-fg-muted"> {maskPersonalNumber(c.socialSecurityNumber)}</span>
  ) : null;

/** Search every client by name or personal number (ADMIN reads them all) and add one. */
function AddClient({
  account,
  name,
  chosen,
  onAdded,
  onError,
}: {
  account: StaffAccount;
  name: string;
  chosen: readonly StaffClient[];
  onAdded: (message: string) => void;
  onError: (message: string | null) => void;
}) {
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const { page, error, isLoading } = useClientPage(
    q === '' ? null : { q, page: 1, size: CLIENT_HITS },
  );
  const add = useAddStaffClient();
  const [adding, setAdding] = useState<number | null>(null);
  const hitsId = useId();
  // Emptied after an add: nothing of the search before it while the pause runs out.
  const searching = q !== '' && search.trim() !== '';
  const hits = searching ? (page?.items ?? []) : [];

  const addClient = async (client: { id: number; firstName: string; lastName: string }) => {
    onError(null);
    setAdding(client.id);
    try {
      await add.trigger({ staffId: account.id, clientId: client.id });
      setSearch('');
      onAdded(addedClientMessage(displayName(client), name));
    } catch (e) {
      onError(isApiError(e) ? e.message : ADD_CLIENT_FAILED);
    } finally {
      setAdding(null);
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <TextField
        label="Lägg till klient"
        hint="Sök på namn eller personnummer"
        type="search"
        autoComplete="off"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        aria-controls={hitsId}
      />
      <div id={hitsId} aria-live="polite" className="flex flex-col gap-1">
        {error ? <Alert variant="error">{error.message}</Alert> : null}
        {searching && isLoading && !page ? <Spinner label="Söker…" /> : null}
        {searching && page && hits.length === 0 ? (
          <p className="text-sm text-fg-muted">Ingen klient matchar ”{q}”.</p>
        ) : null}
        {hits.length > 0 ? (
          <ul aria-label="Sökträffar" className="flex flex-col gap-1">
            {hits.map((c) => {
              const client = displayName(c);
              const already = chosen.some((x) => x.id === c.id);
              return (
                <li key={c.id} className="flex items-center justify-between gap-2 text-sm">
                  <span className="min-w-0 break-words">
                    {client}
                    {clientLine(c)}
                  </span>
                  {already ? (
                    <span className="shrink-0 text-fg-muted">Redan tillagd</span>
                  ) : (
                    <Button
                      variant="secondary"
                      size="sm"
                      className="shrink-0"
                      aria-label={`Lägg till ${client}`}
                      loading={adding === c.id}
                      loadingLabel="Lägger till…"
                      onClick={() => void addClient(c)}
                    >
                      Lägg till
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        ) : null}
      </div>
    </div>
  );
}

export interface StaffClientsDialogProps {
  account: StaffAccount;
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Klienter för Erik Johansson': her clients, add with search, remove with a confirmation. */
export function StaffClientsDialog({ account, name, open, onOpenChange }: StaffClientsDialogProps) {
  const { clients, error, isLoading, mutate } = useStaffClients(open ? account.id : null);
  const remove = useRemoveStaffClient();
  const [removing, setRemoving] = useState<StaffClient | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [refocus, setRefocus] = useState(0);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const inactive = account.status === 'INACTIVE';

  // The removed client's button is gone: focus goes to the list's heading, not the page body.
  useEffect(() => {
    if (refocus === 0) return;
    const t = setTimeout(() => listHeading.current?.focus(), 0);
    return () => clearTimeout(t);
  }, [refocus]);

  const close = (next: boolean) => {
    if (!next) {
      setDone(null);
      setRefusal(null);
    }
    onOpenChange(next);
  };

  return (
    <Modal
      title={`Klienter för ${name}`}
      description={`${name} kan läsa uppgifter om klienterna i listan. Ändringar loggas.`}
      open={open}
      onOpenChange={close}
    >
      <div className="flex flex-col gap-4">
        {done ? <Alert variant="success">{done}</Alert> : null}
        {refusal ? <Alert variant="error">{refusal}</Alert> : null}
        <section aria-labelledby={headingId} className="flex flex-col gap-2">
          <h3 id={headingId} ref={listHeading} tabIndex={-1} className="font-semibold">
            Klienter
          </h3>
          {error ? (
            <Alert
              variant="error"
              action={
                <Button variant="link" size="sm" onClick={() => void mutate()}>
                  Försök igen
                </Button>
              }
            >
              {error.message}
            </Alert>
          ) : isLoading && !clients ? (
            <Spinner label="Hämtar klienter…" />
          ) : clients && clients.length === 0 ? (
            <p className="text-sm text-fg-muted">{noClientsText(name)}</p>
          ) : clients ? (
            <ul aria-label={`Klienter för ${name}`} className="flex flex-col gap-1">
              {clients.map((c) => {
                const client = displayName(c);
                return (
                  <li key={c.id} className="flex items-center justify-between gap-2 text-sm">
                    <span className="min-w-0 break-words">
                      {client}
                      {clientLine(c)}
                    </span>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="shrink-0"
                      aria-label={`Ta bort ${client}`}
                      onClick={() => {
                        setRefusal(null);
                        setRemoving(c);
                      }}
                    >
                      Ta bort
                    </Button>
                  </li>
                );
              })}
            </ul>
          ) : null}
        </section>
        {inactive ? (
          <p className="text-sm text-fg-muted">{INACTIVE_NO_CLIENTS}</p>
        ) : clients ? (
          <AddClient
            account={account}
            name={name}
            chosen={clients}
            onAdded={setDone}
            onError={(message) => {
              setRefusal(message);
              if (message) setDone(null);
            }}
          />
        ) : null}
      </div>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(next) => {
          if (!next) setRemoving(null);
        }}
        title={removing ? `Ta bort ${displayName(removing)}?` : ''}
        description={removing ? removeClientDescription(displayName(removing), name) : ''}
        confirmLabel="Ta bort"
        busyLabel="Tar bort…"
        variant="danger"
        fallback={REMOVE_CLIENT_FAILED}
        onConfirm={async () => {
          if (!removing) return;
          await remove.trigger({ staffId: account.id, clientId: removing.id });
          setDone(removedClientMessage(displayName(removing), name));
          setRefocus((n) => n + 1);
        }}
      />
    </Modal>
  );
}

/**
 * The 'Klienter' cell of a row: a STAFF member's count opens her clients; an administrator
 * reads every client and needs no care team.
 */
export function StaffClientsCell({ account, name }: { account: StaffAccount; name: string }) {
  const [open, setOpen] = useState(false);
  if (account.role === 'ADMIN') return <span className="text-fg-muted">Alla klienter</span>;
  return (
    <>
      <Button variant="link" size="sm" className="px-0" onClick={() => setOpen(true)}>
        {clientCountLabel(account.clientCount)}
        <span className="sr-only"> för {name}</span>
      </Button>
      <StaffClientsDialog account={account} name={name} open={open} onOpenChange={setOpen} />
    </>
  );
}
