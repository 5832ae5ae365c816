// A client's account on her page, for ADMIN only (design §4.14): its status, 'Inaktivera konto'
// or 'Återaktivera konto' behind a confirmation naming her, and 'Lås upp inloggning' while her
// login is locked.
import {
  accountStatusLabels,
  isApiError,
  useAccountState,
  useDeactivateUser,
  useReactivateUser,
  useSession,
  useUnlockUser,
  type Client,
  type Id,
  personName,
} from '@halsa/api';
import { useState } from 'react';
import { Alert } from '../../../primitives/alert/alert';
import { Badge } from '../../../primitives/badge/badge';
import { Button } from '../../../primitives/button/button';
import { Spinner } from '../../../primitives/spinner/spinner';
import { useToast } from '../../../primitives/toast/toast';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import {
  DEACTIVATE_FAILED,
  deactivateDescription,
  deactivatedMessage,
  genitive,
  LOCKED_LABEL,
  REACTIVATE_FAILED,
  reactivateDescription,
  reactivatedMessage,
  statusBadge,
  UNLOCK_FAILED,
  unlockedMessage,
} from '../../../components/account-status/account-status';

export interface AccountActionsProps {
  clientId: Id;
  /** The client's name, as the confirmation says it. */
  name: string;
}

export function AccountActions({ clientId, name }: AccountActionsProps) {
  const { accountState, error } = useAccountState(clientId);
  const deactivate = useDeactivateUser();
  const reactivate = useReactivateUser();
  const unlock = useUnlockUser();
  const toast = useToast();
  const [confirm, setConfirm] = useState<'deactivate' | 'reactivate' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  if (error) return <Alert variant="error">{error.message}</Alert>;
  if (!accountState) return <Spinner label="Hämtar kontots status…" />;
  const inactive = accountState.status === 'INACTIVE';

  const doUnlock = async () => {
    setFailure(null);
    try {
      await unlock.trigger(clientId);
      toast.success(unlockedMessage(name));
    } catch (e) {
      setFailure(isApiError(e) ? e.message : UNLOCK_FAILED);
    }
  };

  return (
    <div className="flex flex-col gap-3 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <span className="text-fg-muted">Kontots status</span>
        <Badge variant={statusBadge[accountState.status]}>
          {accountStatusLabels[accountState.status]}
        </Badge>
        {accountState.locked ? <Badge variant="danger">{LOCKED_LABEL}</Badge> : null}
      </p>
      <div className="flex flex-wrap gap-2">
        {accountState.locked ? (
          <Button
            size="sm"
            variant="secondary"
            loading={unlock.isMutating}
            loadingLabel="Låser upp…"
            onClick={() => void doUnlock()}
          >
            Lås upp inloggning
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="secondary"
          onClick={() => setConfirm(inactive ? 'reactivate' : 'deactivate')}
        >
          {inactive ? 'Återaktivera konto' : 'Inaktivera konto'}
        </Button>
      </div>
      {failure ? <Alert variant="error">{failure}</Alert> : null}
      <ConfirmDialog
        open={confirm === 'deactivate'}
        onOpenChange={(open) => setConfirm(open ? 'deactivate' : null)}
        title={`Inaktivera ${genitive(name)} konto?`}
        description={deactivateDescription(name)}
        confirmLabel="Inaktivera konto"
        busyLabel="Inaktiverar…"
        variant="danger"
        fallback={DEACTIVATE_FAILED}
        onConfirm={async () => {
          await deactivate.trigger(clientId);
          toast.success(deactivatedMessage(name));
        }}
      />
      <ConfirmDialog
        open={confirm === 'reactivate'}
        onOpenChange={(open) => setConfirm(open ? 'reactivate' : null)}
        title={`Återaktivera ${genitive(name)} konto?`}
        description={reactivateDescription(name)}
        confirmLabel="Återaktivera konto"
        busyLabel="Återaktiverar…"
        fallback={REACTIVATE_FAILED}
        onConfirm={async () => {
          await reactivate.trigger(clientId);
          toast.success(reactivatedMessage(name));
        }}
      />
    </div>
  );
}

/** The account's status and actions under the client's 'Konto', shown to an ADMIN only. */
export function ClientAccountActions({ client }: { client: Client }) {
  const { user } = useSession();
  if (user?.role !== 'ADMIN') return null;
  return (
    <div className="mt-4 border-t border-border pt-3">
      <AccountActions clientId={client.id} name={personName(client) || client.email} />
    </div>
  );
}
