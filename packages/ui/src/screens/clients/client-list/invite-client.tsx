// 'Bjud in klient' (design.md §4.8): an ADMIN invites a client by e-mail; the invited person
// shows in the list as 'Inbjuden' at once.
import { isApiError, useCreateInvitation } from '@halsa/api';
import { useState, type FormEvent } from 'react';
import { FormDialog } from '../../../components/form-dialog/form-dialog';
import { TextField } from '../../../primitives/text-field/text-field';
import { useToast } from '../../../primitives/toast/toast';

export const INVITE_FAILED = 'Kunde inte skicka inbjudan.';

export function InviteClient() {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { trigger, isMutating } = useCreateInvitation();
  const toast = useToast();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!email.trim()) return setError('E-post är obligatoriskt.');
    try {
      const sent = await trigger({ email: email.trim() });
      toast.success(`Inbjudan skickades till ${sent.email}`);
      setOpen(false);
      setEmail('');
    } catch (e) {
      setError(isApiError(e) ? e.message : INVITE_FAILED);
    }
  };

  return (
    <FormDialog
      title="Bjud in klient"
      description="Klienten får en länk med e-post för att skapa sitt konto. Länken gäller i 7 dagar."
      triggerLabel="Bjud in klient"
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setError(null);
      }}
      onSubmit={submit}
      submitLabel="Skicka inbjudan"
      busy={isMutating}
      busyLabel="Skickar…"
    >
      <TextField
        label="E-post"
        type="email"
        autoComplete="off"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={error ?? undefined}
      />
    </FormDialog>
  );
}
