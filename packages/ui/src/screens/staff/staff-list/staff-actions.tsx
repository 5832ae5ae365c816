// One person's actions on `/staff` (design §4.14): change role, deactivate or reactivate behind
// a confirmation naming her, and 'Lås upp inloggning' while her login is locked. A refusal of
// the server (the last active ADMIN, herself) is shown where she acted.
import {
  isApiError,
  type StaffAccount,
  useChangeRole,
  useDeactivateUser,
  useReactivateUser,
  useUnlockUser,
} from '@halsa/api';
import { useState } from 'react';
import { Button } from '../../../primitives/button/button';
import { useToast } from '../../../primitives/toast/toast';
import { PersonalNumber } from './personal-number';
import { ResetSignInMethods } from './reset-sign-in-methods';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import {
  DEACTIVATE_FAILED,
  deactivateDescription,
  deactivatedMessage,
  REACTIVATE_FAILED,
  reactivateDescription,
  reactivatedMessage,
  ROLE_FAILED,
  UNLOCK_FAILED,
  unlockedMessage,
} from '../../../components/account-status/account-status';

export interface StaffActionsProps {
  account: StaffAccount;
  name: string;
  /** Shows a refusal of a role change or an unlock above the table. */
  onError: (message: string | null) => void;
}

export function StaffActions({ account, name, onError }: StaffActionsProps) {
  const [confirm, setConfirm] = useState<'deactivate' | 'reactivate' | null>(null);
  const changeRole = useChangeRole();
  const deactivate = useDeactivateUser();
  const reactivate = useReactivateUser();
  const unlock = useUnlockUser();
  const toast = useToast();
  const toAdmin = account.role === 'STAFF';

  const run = async (action: () => Promise<unknown>, done: string, fallback: string) => {
    onError(null);
    try {
      await action();
      toast.success(done);
    } catch (e) {
      onError(isApiError(e) ? e.message : fallback);
    }
  };

  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        variant="secondary"
        // On a phone the card's value column is narrow: the label wraps inside the button.
        className="max-sm:h-auto max-sm:min-h-control-sm max-sm:py-1 max-sm:whitespace-normal"
        loading={changeRole.isMutating}
        loadingLabel="Byter roll…"
        onClick={() =>
          void run(
            () => changeRole.trigger({ id: account.id, role: toAdmin ? 'ADMIN' : 'STAFF' }),
            toAdmin ? `${name} är nu administratör.` : `${name} är nu personal.`,
            ROLE_FAILED,
          )
        }
      >
        {toAdmin ? 'Gör till administratör' : 'Gör till personal'}
      </Button>
      {account.locked ? (
        <Button
          size="sm"
          variant="secondary"
          loading={unlock.isMutating}
          loadingLabel="Låser upp…"
          onClick={() =>
            void run(() => unlock.trigger(account.id), unlockedMessage(name), UNLOCK_FAILED)
          }
        >
          Lås upp inloggning
        </Button>
      ) : null}
      {account.status === 'INACTIVE' ? (
        <Button size="sm" variant="secondary" onClick={() => setConfirm('reactivate')}>
          Återaktivera
        </Button>
      ) : (
        <Button size="sm" variant="secondary" onClick={() => setConfirm('deactivate')}>
          Inaktivera
        </Button>
      )}
      <PersonalNumber account={account} name={name} />
      <ResetSignInMethods account={account} name={name} />
      <ConfirmDialog
        open={confirm === 'deactivate'}
        onOpenChange={(open) => setConfirm(open ? 'deactivate' : null)}
        title={`Inaktivera ${name}?`}
        description={deactivateDescription(name)}
        confirmLabel="Inaktivera"
        busyLabel="Inaktiverar…"
        variant="danger"
        fallback={DEACTIVATE_FAILED}
        onConfirm={async () => {
          onError(null);
          await deactivate.trigger(account.id);
          toast.success(deactivatedMessage(name));
        }}
      />
      <ConfirmDialog
        open={confirm === 'reactivate'}
        onOpenChange={(open) => setConfirm(open ? 'reactivate' : null)}
        title={`Återaktivera ${name}?`}
        description={reactivateDescription(name)}
        confirmLabel="Återaktivera"
        busyLabel="Återaktiverar…"
        fallback={REACTIVATE_FAILED}
        onConfirm={async () => {
          onError(null);
          await reactivate.trigger(account.id);
          toast.success(reactivatedMessage(name));
        }}
      />
    </div>
  );
}
