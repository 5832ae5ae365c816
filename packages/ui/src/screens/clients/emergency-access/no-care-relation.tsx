// What a client's page shows a STAFF member outside the client's care team instead of the
// client's data (the 403 NO_CARE_RELATION of design §4.14): the server's Swedish message and
// 'Nödåtkomst', which opens the emergency-access dialog. Once open, the page fetches again. The
// client is named when the page knows her (design §4.20).
import { NO_CARE_RELATION_MESSAGE, type EmergencyAccess } from '@halsa/api';
import { useState } from 'react';
import { LockIcon } from '../../../lib/icons';
import { Button } from '../../../primitives/button/button';
import { EmptyState } from '../../../primitives/empty-state/empty-state';
import { EmergencyAccessDialog } from './emergency-access-dialog';

export const NO_CARE_RELATION_HINT =
  'Du är inte med i klientens vårdteam. Behöver du klientens uppgifter i ditt arbete, till exempel i en akut situation, kan du öppna nödåtkomst.';

export interface NoCareRelationProps {
  clientId: number;
  clientName?: string;
  /** Heading level of the message, so it fits the page outline (2 on a page, 3 in a tab). */
  headingLevel?: 2 | 3;
  onOpened?: (access: EmergencyAccess) => void;
  className?: string;
}

export function NoCareRelation({
  clientId,
  clientName,
  headingLevel = 2,
  onOpened,
  className,
}: NoCareRelationProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <EmptyState
        className={className}
        headingLevel={headingLevel}
        icon={<LockIcon className="size-6" />}
        title={
          clientName ? `Du har ingen vårdrelation med ${clientName}.` : NO_CARE_RELATION_MESSAGE
        }
        description={NO_CARE_RELATION_HINT}
        action={<Button onClick={() => setOpen(true)}>Nödåtkomst</Button>}
      />
      <EmergencyAccessDialog
        clientId={clientId}
        clientName={clientName}
        open={open}
        onOpenChange={setOpen}
        onOpened={onOpened}
      />
    </>
  );
}
