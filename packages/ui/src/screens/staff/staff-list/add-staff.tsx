// 'Lägg till personal' (design §4.14): first name, last name, e-mail and role, checked with the
// contract's schema (its Swedish messages); the person gets a mail to set her password. A refusal
// of the server (the e-mail has an account) shows in the dialog.
import {
  type CreateStaffRequest,
  createStaffRequestSchema,
  isApiError,
  type StaffAccount,
  staffRoleLabels,
  type StaffRole,
  useCreateStaff,
} from '@halsa/api';
import { useState, type FormEvent } from 'react';
import { FormDialog } from '../../../components/form-dialog/form-dialog';
import { Select } from '../../../primitives/select/select';
import { TextField } from '../../../primitives/text-field/text-field';

export const ADD_STAFF_FAILED = 'Kunde inte lägga till personal';

type Field = keyof CreateStaffRequest;
type FieldErrors = Partial<Record<Field, string>>;

const ROLES = (['STAFF', 'ADMIN'] as const).map((value) => ({
  value,
  label: staffRoleLabels[value],
}));

const empty = {
  firstName: '',
  lastName: '',
  email: '',
  role: 'STAFF' as StaffRole,
  personalNumber: '',
};

export interface AddStaffProps {
  /** Told of the new account once the server has made it. */
  onAdded: (account: StaffAccount) => void;
}

export function AddStaff({ onAdded }: AddStaffProps) {
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const { trigger, isMutating } = useCreateStaff();

  const set = (field: Field) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = createStaffRequestSchema.safeParse(form);
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??= issue.message;
      }
      return setErrors(next);
    }
    setErrors({});
    try {
      const account = await trigger(parsed.data);
      onAdded(account);
      setOpen(false);
      setForm(empty);
    } catch (e) {
      setFailure(isApiError(e) ? e.message : ADD_STAFF_FAILED);
    }
  };

  return (
    <FormDialog
      title="Lägg till personal"
      description="Personen får ett mejl med en länk för att välja sitt lösenord."
      triggerLabel="Lägg till personal"
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setErrors({});
          setFailure(null);
        }
      }}
      onSubmit={submit}
      submitLabel="Lägg till"
      busy={isMutating}
      busyLabel="Lägger till…"
      failure={failure}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Förnamn"
          autoComplete="off"
          value={form.firstName}
          onChange={set('firstName')}
          error={errors.firstName}
        />
        <TextField
          label="Efternamn"
          autoComplete="off"
          value={form.lastName}
          onChange={set('lastName')}
          error={errors.lastName}
        />
      </div>
      <TextField
        label="E-postadress"
        type="email"
        autoComplete="off"
        value={form.email}
        onChange={set('email')}
        error={errors.email}
      />
      <Select label="Roll" options={ROLES} value={form.role} onChange={set('role')} />
      <TextField
        label="Personnummer (valfritt)"
        hint="För inloggning med e-legitimation, t.ex. BankID. Formatet YYYYMMDD-XXXX."
        autoComplete="off"
        inputMode="numeric"
        value={form.personalNumber}
        onChange={set('personalNumber')}
        error={errors.personalNumber}
      />
    </FormDialog>
  );
}
