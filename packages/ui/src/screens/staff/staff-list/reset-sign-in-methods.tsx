// 'Återställ inloggningsmetoder' on a person (design §4.17): for someone who lost her phone or
// key. Her passkeys, authenticator app and reserve codes are removed behind a confirmation naming
// her; she signs in with the e-mailed code and sets up again. The server logs it.
import { useResetSignInMethods, type StaffAccount } from '@halsa/api';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { Button } from '../../../primitives/button/button';
import { useToast } from '../../../primitives/toast/toast';

export const RESET_METHODS_FAILED = 'Kunde inte återställa inloggningsmetoderna';

export const resetMethodsDescription = (name: string): string =>
  `Alla nycklar, autentiseringsappar och reservkoder för ${name} tas bort. ${name} loggar sedan in med en kod via e-post och lägger till nya. Åtgärden loggas.`;

export const resetMethodsDone = (name: string): string =>
  `Inloggningsmetoderna för ${name} är återställda.`;

export interface ResetSignInMethodsProps {
  account: Pick<StaffAccount, 'id'>;
  name: string;
}

export function ResetSignInMethods({ account, name }: ResetSignInMethodsProps) {
  const [open, setOpen] = useState(false);
  const reset = useResetSignInMethods();
  const toast = useToast();
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        className="max-sm:h-auto max-sm:min-h-control-sm max-sm:py-1 max-sm:whitespace-normal"
        onClick={() => setOpen(true)}
      >
        Återställ inloggningsmetoder
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Återställ inloggningsmetoder för ${name}?`}
        description={resetMethodsDescription(name)}
        confirmLabel="Återställ"
        busyLabel="Återställer…"
        variant="danger"
        fallback={RESET_METHODS_FAILED}
        onConfirm={async () => {
          await reset.trigger(account.id);
          toast.success(resetMethodsDone(name));
        }}
      />
    </>
  );
}
