// A person's own personal number on `/staff` (design §4.18): with it she can sign in with
// e-legitimation (BankID, Freja eID). ADMIN sets, changes or clears it in a small dialog; it is
// checked as a client's (YYYYMMDD-XXXX) and the server refuses a number another of the staff has.
import {
  isApiError,
  type StaffAccount,
  setPersonalNumberRequestSchema,
  useSetPersonalNumber,
} from '@halsa/api';
import { useState, type FormEvent } from 'react';
import { FormDialog } from '../../../components/form-dialog/form-dialog';
import { TextField } from '../../../primitives/text-field/text-field';
import { useToast } from '../../../primitives/toast/toast';

export const PERSONAL_NUMBER_FAILED = 'Kunde inte spara personnumret';

export const personalNumberSaved = (name: string, cleared: boolean): string =>
  cleared ? `Personnumret för ${name} är borttaget.` : `Personnumret för ${name} är sparat.`;

export interface PersonalNumberProps {
  account: Pick<StaffAccount, 'id' | 'personalNumber'>;
  name: string;
}

export function PersonalNumber({ account, name }: PersonalNumberProps) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const { trigger, isMutating } = useSetPersonalNumber();
  const toast = useToast();
  const has = account.personalNumber !== null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = setPersonalNumberRequestSchema.safeParse({ personalNumber: value });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    const personalNumber = parsed.data.personalNumber || null;
    if (!personalNumber && !has) return setOpen(false);
    try {
      await trigger({ id: account.id, personalNumber });
      setOpen(false);
      toast.success(personalNumberSaved(name, personalNumber === null));
    } catch (e) {
      setFailure(isApiError(e) ? e.message : PERSONAL_NUMBER_FAILED);
    }
  };

  return (
    <FormDialog
      title={`Personnummer för ${name}`}
      description={
        has
          ? `Nu: ${account.personalNumber}. Skriv ett nytt, eller töm fältet för att ta bort det.`
          : 'För inloggning med e-legitimation, t.ex. BankID.'
      }
      triggerLabel={has ? 'Ändra personnummer' : 'Lägg till personnummer'}
      triggerProps={{
        size: 'sm',
        variant: 'secondary',
        className: 'max-sm:h-auto max-sm:min-h-control-sm max-sm:py-1 max-sm:whitespace-normal',
      }}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setValue('');
        setError(undefined);
        setFailure(null);
      }}
      onSubmit={submit}
      submitLabel={has ? 'Spara' : 'Lägg till'}
      busy={isMutating}
      busyLabel="Sparar…"
      failure={failure}
    >
      <TextField
        label="Personnummer"
        hint="Formatet YYYYMMDD-XXXX."
        autoComplete="off"
        inputMode="numeric"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={error}
      />
    </FormDialog>
  );
}
