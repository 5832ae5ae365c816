// One person's actions on `/staff` (design §4.14): change role, deactivate or reactivate behind
// a confirmation naming her, and 'Lås upp inloggning' while her login is locked. A refusal of
// the server (the last active ADMIN) is shown where she acted. A role change says what it means
// before it is made (issue 35: administrator = every client) and afterwards the button does not
// turn into its opposite under the pointer: a short status with 'Ångra' takes its place. Her own
// row offers no role change or deactivation (the server refuses both) and says why.
import {
  isApiError,
  type StaffAccount,
  type StaffRole,
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

/** Her own row (issue 35): why it offers no role change or deactivation. */
export const OWN_ACCOUNT_NOTE =
  'Din roll och ditt konto kan bara ändras av en annan administratör.';

const roleButtonLabel = (to: StaffRole) =>
  to === 'ADMIN' ? 'Gör till administratör' : 'Gör till personal';
export const roleQuestion = (name: string, to: StaffRole): string =>
  to === 'ADMIN' ? `Göra ${name} till administratör?` : `Göra ${name} till personal?`;
export const roleDescription = (name: string, to: StaffRole): string =>
  to === 'ADMIN'
    ? `Som administratör kan ${name} läsa alla klienters uppgifter, inte bara vårdteamets, och hantera personal och inställningar. Ändringen loggas.`
    : `${name} kan då bara läsa uppgifter om klienterna i sitt vårdteam och kan inte längre hantera personal eller inställningar. Ändringen loggas.`;
export const roleChangedMessage = (name: string, to: StaffRole): string =>
  to === 'ADMIN' ? `${name} är nu administratör.` : `${name} är nu personal.`;
export const roleUndoneMessage = (name: string, back: StaffRole): string =>
  back === 'ADMIN'
    ? `Ändringen är ångrad: ${name} är administratör igen.`
    : `Ändringen är ångrad: ${name} är personal igen.`;

export interface StaffActionsProps {
  account: StaffAccount;
  name: string;
  /** Her own row: no role change or deactivation (the server refuses both). */
  self?: boolean;
  /** Shows a refusal of a role change or an unlock above the table. */
  onError: (message: string | null) => void;
}

export function StaffActions({ account, name, self = false, onError }: StaffActionsProps) {
  const [confirm, setConfirm] = useState<'deactivate' | 'reactivate' | 'role' | null>(null);
  /** The role change just made, which 'Ångra' takes back. */
  const [changed, setChanged] = useState<{ from: StaffRole; to: StaffRole } | null>(null);
  const changeRole = useChangeRole();
  const deactivate = useDeactivateUser();
  const reactivate = useReactivateUser();
  const unlock = useUnlockUser();
  const toast = useToast();
  const target: StaffRole = account.role === 'STAFF' ? 'ADMIN' : 'STAFF';

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
      {self ? (
        <p className="text-sm text-fg-muted">{OWN_ACCOUNT_NOTE}</p>
      ) : changed ? (
        <span className="flex flex-wrap items-center gap-2">
          <span role="status" className="text-sm">
            {roleChangedMessage(name, changed.to)}
          </span>
          <Button
            size="sm"
            variant="secondary"
            loading={changeRole.isMutating}
            loadingLabel="Ångrar…"
            aria-label={`Ångra rollbytet för ${name}`}
            onClick={() =>
              void run(
                async () => {
                  await changeRole.trigger({ id: account.id, role: changed.from });
                  setChanged(null);
                },
                roleUndoneMessage(name, changed.from),
                ROLE_FAILED,
              )
            }
          >
            Ångra
          </Button>
        </span>
      ) : (
        <Button
          size="sm"
          variant="secondary"
          // On a phone the card's value column is narrow: the label wraps inside the button.
          className="max-sm:h-auto max-sm:min-h-control-sm max-sm:py-1 max-sm:whitespace-normal"
          onClick={() => {
            onError(null);
            setConfirm('role');
          }}
        >
          {roleButtonLabel(target)}
        </Button>
      )}
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
      {self ? null : account.status === 'INACTIVE' ? (
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
        open={confirm === 'role'}
        onOpenChange={(open) => setConfirm(open ? 'role' : null)}
        title={roleQuestion(name, target)}
        description={roleDescription(name, target)}
        confirmLabel={roleButtonLabel(target)}
        busyLabel="Byter roll…"
        fallback={ROLE_FAILED}
        onConfirm={async () => {
          onError(null);
          await changeRole.trigger({ id: account.id, role: target });
          setChanged({ from: account.role, to: target });
        }}
      />
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
