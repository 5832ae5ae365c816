// 'Vårdteam' on a client's overview (design §4.14): the STAFF who work with the client, by name,
// for STAFF and ADMIN. ADMIN changes it: search the staff as you type, add and remove, save.
import {
  CARE_TEAM_SAVE_FAILED,
  CARE_TEAM_SAVED,
  displayName,
  useCareTeam,
  useSession,
  useStaff,
  useUpdateCareTeam,
  type StaffMember,
} from '@halsa/api';
import { useEffect, useId, useRef, useState } from 'react';
import { messageOr } from '../../../lib/server-message';
import { Alert } from '../../../primitives/alert/alert';
import { Button } from '../../../primitives/button/button';
import { Spinner } from '../../../primitives/spinner/spinner';
import { TextField } from '../../../primitives/text-field/text-field';

export const NO_CARE_TEAM = 'Ingen i vårdteamet ännu.';
/** At most this many search hits are listed; typing more narrows them. */
export const CARE_TEAM_HITS = 8;

export interface CareTeamEditorProps {
  clientId: number;
  className?: string;
}

const byName = (a: StaffMember, b: StaffMember) =>
  displayName(a).localeCompare(displayName(b), 'sv');

function TeamEdit({
  clientId,
  team,
  onDone,
}: {
  clientId: number;
  team: StaffMember[];
  onDone: (saved: boolean) => void;
}) {
  const [chosen, setChosen] = useState<StaffMember[]>(team);
  const [search, setSearch] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { staff, error: staffError } = useStaff();
  const { trigger, isMutating } = useUpdateCareTeam();
  const hitsId = useId();

  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const hits =
    words.length === 0
      ? []
      : (staff ?? [])
          .filter((s) => s.role === 'STAFF' && !chosen.some((c) => c.id === s.id))
          .filter((s) => words.every((w) => displayName(s).toLowerCase().includes(w)))
          .sort(byName)
          .slice(0, CARE_TEAM_HITS);

  const save = async () => {
    setError(null);
    try {
      await trigger({ clientId, staffIds: chosen.map((s) => s.id) });
      onDone(true);
    } catch (e) {
      setError(messageOr(e, CARE_TEAM_SAVE_FAILED));
    }
  };

  return (
    <div className="flex flex-col gap-3">
      {chosen.length === 0 ? (
        <p className="text-sm text-fg-muted">{NO_CARE_TEAM}</p>
      ) : (
        <ul aria-label="Valda i vårdteamet" className="flex flex-col gap-1">
          {chosen.map((s) => (
            <li key={s.id} className="flex items-center justify-between gap-2 text-sm">
              <span>{displayName(s)}</span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Ta bort ${displayName(s)}`}
                onClick={() => setChosen((list) => list.filter((c) => c.id !== s.id))}
              >
                Ta bort
              </Button>
            </li>
          ))}
        </ul>
      )}
      <TextField
        label="Sök personal"
        hint="Skriv en del av namnet"
        type="search"
        autoComplete="off"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        aria-controls={hitsId}
      />
      {staffError ? <Alert variant="error">{staffError.message}</Alert> : null}
      <div id={hitsId} aria-live="polite">
        {words.length > 0 && hits.length === 0 && staff ? (
          <p className="text-sm text-fg-muted">Ingen personal matchar ”{search.trim()}”.</p>
        ) : null}
        {hits.length > 0 ? (
          <ul aria-label="Sökträffar" className="flex flex-col gap-1">
            {hits.map((s) => (
              <li key={s.id} className="flex items-center justify-between gap-2 text-sm">
                <span>{displayName(s)}</span>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Lägg till ${displayName(s)}`}
                  onClick={() => {
                    setChosen((list) => [...list, s].sort(byName));
                    setSearch('');
                  }}
                >
                  Lägg till
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {error ? <Alert variant="error">{error}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => onDone(false)}>
          Avbryt
        </Button>
        <Button onClick={() => void save()} loading={isMutating} loadingLabel="Sparar…">
          Spara vårdteam
        </Button>
      </div>
    </div>
  );
}

export function CareTeamEditor({ clientId, className }: CareTeamEditorProps) {
  const headingId = useId();
  const { user } = useSession();
  const { careTeam, error, isLoading } = useCareTeam(clientId);
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const isAdmin = user?.role === 'ADMIN';
  const team = careTeam?.staff ?? [];
  // When the edit closes (saved or cancelled) focus goes back to 'Ändra vårdteam', not to the
  // page's body with the removed form (issue 35).
  const editButton = useRef<HTMLButtonElement>(null);
  const [closedEdit, setClosedEdit] = useState(0);
  useEffect(() => {
    if (closedEdit > 0) editButton.current?.focus();
  }, [closedEdit]);

  return (
    <section
      aria-labelledby={headingId}
      className={className ?? 'rounded-card border border-border bg-surface p-4 shadow-card'}
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          Vårdteam
        </h2>
        {isAdmin && careTeam && !editing ? (
          <Button
            ref={editButton}
            variant="secondary"
            size="sm"
            onClick={() => {
              setSaved(false);
              setEditing(true);
            }}
          >
            Ändra vårdteam
          </Button>
        ) : null}
      </div>
      {error ? (
        <Alert variant="error">{error.message}</Alert>
      ) : isLoading && !careTeam ? (
        <Spinner label="Hämtar vårdteamet…" />
      ) : editing ? (
        <TeamEdit
          clientId={clientId}
          team={team}
          onDone={(didSave) => {
            setEditing(false);
            setSaved(didSave);
            setClosedEdit((n) => n + 1);
          }}
        />
      ) : (
        <>
          {team.length === 0 ? (
            <p className="text-sm text-fg-muted">{NO_CARE_TEAM}</p>
          ) : (
            <ul aria-label="Vårdteamet" className="flex flex-col gap-1 text-sm">
              {team.map((s) => (
                <li key={s.id}>{displayName(s)}</li>
              ))}
            </ul>
          )}
          {saved ? (
            <Alert variant="success" className="mt-3">
              {CARE_TEAM_SAVED}
            </Alert>
          ) : null}
        </>
      )}
    </section>
  );
}
