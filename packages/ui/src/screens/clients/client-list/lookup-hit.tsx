// A STAFF member's search for a whole personal number that her list does not hold (design
// §4.14): the server looks the number up and answers the client's name only, so she can ask for
// 'Nödåtkomst'; once it is open she goes to the client's page.
import { displayName, useClientLookup } from '@halsa/api';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { EmergencyAccessDialog } from '../emergency-access/emergency-access-dialog';
import { to } from '../../../config/links';
import { Button } from '../../../primitives/button/button';
import { EmptyState } from '../../../primitives/empty-state/empty-state';
import { Spinner } from '../../../primitives/spinner/spinner';

export const OUTSIDE_CARE_TEAM_HIT =
  'Klienten finns men ingår inte i ditt vårdteam. Du ser bara namnet.';

export function LookupHit({ personalNumber }: { personalNumber: string }) {
  const { lookup, isLoading, error } = useClientLookup(personalNumber);
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();

  if (isLoading) return <Spinner label="Söker på personnumret…" />;
  if (error || !lookup) {
    return (
      <EmptyState
        title="Ingen klient har personnumret."
        description="Kontrollera numret. Klienter i ditt vårdteam hittar du också på namn eller e-post."
      />
    );
  }
  if (lookup.inCareTeam) return null;
  const name = displayName(lookup);
  return (
    <section
      aria-label="Träff på personnummer"
      className="flex flex-wrap items-center justify-between gap-3 rounded-card border border-border bg-surface p-4 shadow-card"
    >
      <div>
        <p className="font-semibold">{name}</p>
        <p className="text-sm text-fg-muted">{OUTSIDE_CARE_TEAM_HIT}</p>
      </div>
      <Button onClick={() => setOpen(true)}>Nödåtkomst</Button>
      <EmergencyAccessDialog
        clientId={lookup.id}
        clientName={name}
        open={open}
        onOpenChange={setOpen}
        onOpened={() => void navigate(to.client(lookup.id), { state: { clientName: name } })}
      />
    </section>
  );
}
