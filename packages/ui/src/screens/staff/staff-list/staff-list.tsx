// /staff ('Personal', design §4.14): ADMIN's list of the clinic's people with their role, status,
// clients and last activity; per person: her clients (issue 35), change role, deactivate or
// reactivate, lift a login lock. Adds STAFF and ADMIN accounts, and holds the clinic setting
// 'Åtkomst endast via vårdteam'.
import {
  accountStatusLabels,
  personName,
  type StaffAccount,
  staffRoleLabels,
  useSession,
  useStaffAccounts,
} from '@halsa/api';
import { useState } from 'react';
import { LoadError } from '../../../components/load-error/load-error';
import { formatRelative } from '../../../lib/format';
import { Alert } from '../../../primitives/alert/alert';
import { Badge } from '../../../primitives/badge/badge';
import { EmptyState } from '../../../primitives/empty-state/empty-state';
import { Spinner } from '../../../primitives/spinner/spinner';
import { Table, type TableColumn } from '../../../primitives/table/table';
import { LOCKED_LABEL, statusBadge } from '../../../components/account-status/account-status';
import { CareTeamSetting } from './care-team-setting';
import { AddStaff } from './add-staff';
import { SignInSettings } from './sign-in-settings';
import { StaffActions } from './staff-actions';
import { StaffClientsCell } from './staff-clients';
import { Page } from '../../../components/page/page';

export const addedMessage = (account: StaffAccount): string =>
  `${personName(account)} har lagts till. Ett mejl för att välja lösenord har skickats till ${account.email}.`;

export interface StaffScreenProps {
  /** "Now" for 'sedan' texts (stories pin it). */
  now?: Date;
}

export function StaffScreen({ now }: StaffScreenProps) {
  const { user } = useSession();
  const { accounts, error, isLoading, mutate } = useStaffAccounts();
  const [added, setAdded] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const columns: TableColumn<StaffAccount>[] = [
    {
      header: 'Namn',
      primary: true,
      cell: (a) => (
        <>
          {personName(a)}
          {a.id === user?.id ? <span className="font-normal text-fg-muted"> (du)</span> : null}
        </>
      ),
    },
    { header: 'E-post', cell: (a) => a.email },
    // Her role and whom it lets her read (issue 35): a STAFF member's care-team clients, whose
    // count opens them to add or remove one; an administrator reads every client.
    {
      header: 'Roll och klienter',
      cell: (a) => (
        <span className="flex flex-col items-start">
          {staffRoleLabels[a.role]}
          <StaffClientsCell account={a} name={personName(a)} />
        </span>
      ),
    },
    // For e-legitimation (§4.18), masked as lists show a client's.
    {
      header: 'Personnummer',
      className: 'whitespace-nowrap',
      cell: (a) => a.personalNumber ?? 'Saknas',
    },
    {
      header: 'Status',
      cell: (a) => (
        <span className="flex flex-wrap gap-1">
          <Badge variant={statusBadge[a.status]}>{accountStatusLabels[a.status]}</Badge>
          {a.locked ? <Badge variant="danger">{LOCKED_LABEL}</Badge> : null}
        </span>
      ),
    },
    {
      header: 'Senast aktiv',
      className: 'whitespace-nowrap',
      cell: (a) => (a.lastActive ? formatRelative(a.lastActive, now) : 'Aldrig'),
    },
    {
      header: 'Åtgärder',
      cell: (a) => (
        <StaffActions
          account={a}
          name={personName(a)}
          self={a.id === user?.id}
          onError={setRefusal}
        />
      ),
    },
  ];

  return (
    <Page
      page="staff"
      gap="gap-4"
      actions={
        <AddStaff
          onAdded={(account) => {
            setRefusal(null);
            setAdded(addedMessage(account));
          }}
        />
      }
    >
      <p className="text-fg-muted">
        Mottagningens personal och administratörer. Ett inaktiverat konto behåller sina uppgifter
        och loggar men kan inte logga in.
      </p>

      {added ? (
        <Alert variant="success" onDismiss={() => setAdded(null)} dismissLabel="Stäng meddelandet">
          {added}
        </Alert>
      ) : null}
      {refusal ? (
        <Alert variant="error" onDismiss={() => setRefusal(null)} dismissLabel="Stäng felet">
          {refusal}
        </Alert>
      ) : null}

      {error ? (
        <LoadError title="Kunde inte hämta personal" onRetry={() => void mutate()}>
          {error.message}
        </LoadError>
      ) : isLoading && !accounts ? (
        <Spinner label="Hämtar personal…" />
      ) : accounts ? (
        <Table
          caption="Personal"
          columns={columns}
          rows={accounts}
          rowKey={(a) => a.id}
          empty={<EmptyState title="Ingen personal ännu." />}
        />
      ) : null}

      <CareTeamSetting />
      <SignInSettings />
    </Page>
  );
}
