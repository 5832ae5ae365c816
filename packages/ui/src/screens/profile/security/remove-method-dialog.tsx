// Removing a sign-in method asks for her password again (design §4.17): whoever finds her
// computer signed in cannot strip her account of its strong methods. A wrong password keeps
// the dialog open with the server's message; nothing is removed.
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../primitives/alert/alert';
import { Button } from '../../../primitives/button/button';
import { Modal, ModalClose } from '../../../primitives/modal/modal';
import { PasswordField } from '../../../primitives/password-field/password-field';

export const PASSWORD_REQUIRED = 'Ange ditt lösenord.';

export interface RemoveMethodDialogProps {
  /** What is removed, as she reads it ('Nyckel ”Min telefon”', 'Reservkoderna'); closed when null. */
  title: string | null;
  /** What follows the removal, one sentence. */
  consequence: string;
  onClose: () => void;
  /** Removes it with her password; a thrown error's text is shown. */
  onConfirm: (password: string) => Promise<void>;
  failureText: (error: unknown) => string;
}

export function RemoveMethodDialog({
  title,
  consequence,
  onClose,
  onConfirm,
  failureText,
}: RemoveMethodDialogProps) {
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setPassword('');
    setPasswordError(undefined);
    setFailure(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    if (!password) {
      setPasswordError(PASSWORD_REQUIRED);
      return;
    }
    setBusy(true);
    try {
      await onConfirm(password);
      reset();
      onClose();
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      size="sm"
      title={title ? `Ta bort ${title}?` : ''}
      description={consequence}
      open={title !== null}
      onOpenChange={(next) => {
        if (busy || next) return;
        reset();
        onClose();
      }}
    >
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
        <PasswordField
          label="Ditt lösenord"
          hint="Bekräfta att det är du."
          autoComplete="current-password"
          value={password}
          error={passwordError}
          onChange={(e) => {
            setPassword(e.target.value);
            if (passwordError && e.target.value) setPasswordError(undefined);
          }}
        />
        {failure ? <Alert variant="error">{failure}</Alert> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <ModalClose asChild>
            <Button type="button" variant="secondary" disabled={busy}>
              Avbryt
            </Button>
          </ModalClose>
          <Button type="submit" variant="danger" loading={busy} loadingLabel="Tar bort…">
            Ta bort
          </Button>
        </div>
      </form>
    </Modal>
  );
}
