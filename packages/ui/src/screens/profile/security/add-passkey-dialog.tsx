// 'Lägg till nyckel' (design §4.17): she names the key, then the browser's own prompt makes it
// (`onAdd` runs the WebAuthn ceremony). A refused or cancelled prompt leaves the dialog open
// with the reason; nothing is saved.
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../primitives/alert/alert';
import { Button } from '../../../primitives/button/button';
import { Modal, ModalClose } from '../../../primitives/modal/modal';
import { TextField } from '../../../primitives/text-field/text-field';

export const PASSKEY_NAME_REQUIRED = 'Ge nyckeln ett namn.';
export const PASSKEY_NAME_MAX = 60;

export interface AddPasskeyDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Runs the ceremony with her name for the key; a thrown error's text is shown. */
  onAdd: (name: string) => Promise<void>;
  /** The Swedish text for a failure (from the thrown error). */
  failureText: (error: unknown) => string;
}

export function AddPasskeyDialog({
  open,
  onOpenChange,
  onAdd,
  failureText,
}: AddPasskeyDialogProps) {
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError(PASSKEY_NAME_REQUIRED);
      return;
    }
    setBusy(true);
    try {
      await onAdd(trimmed);
      setName('');
      onOpenChange(false);
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title="Lägg till nyckel"
      description="En nyckel (passkey) sparas i din telefon, dator eller säkerhetsnyckel och låser upp med fingeravtryck, ansikte eller pinkod."
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        if (!next) {
          setFailure(null);
          setNameError(undefined);
        }
        onOpenChange(next);
      }}
    >
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
        <TextField
          label="Namn på nyckeln"
          hint="Så att du känner igen den, till exempel ”Min telefon” eller ”Jobbdatorn”."
          name="passkeyName"
          autoComplete="off"
          maxLength={PASSKEY_NAME_MAX}
          value={name}
          error={nameError}
          onChange={(e) => {
            setName(e.target.value);
            if (nameError && e.target.value.trim()) setNameError(undefined);
          }}
        />
        {failure ? <Alert variant="error">{failure}</Alert> : null}
        <p className="text-sm text-fg-muted">
          När du fortsätter frågar webbläsaren hur du vill spara nyckeln.
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <ModalClose asChild>
            <Button type="button" variant="secondary" disabled={busy}>
              Avbryt
            </Button>
          </ModalClose>
          <Button type="submit" loading={busy} loadingLabel="Väntar på webbläsaren…">
            Fortsätt
          </Button>
        </div>
      </form>
    </Modal>
  );
}
