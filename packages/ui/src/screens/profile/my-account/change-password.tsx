// Change password (spec §5 rules and texts): current, new, confirm. The server ends every other
// session of the user (and closes their live connections); she is told so here.
import {
  isApiError,
  useChangePassword,
  validateConfirmPassword,
  validatePassword,
} from '@halsa/api';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../../primitives/alert/alert';
import { Button } from '../../../primitives/button/button';
import { PasswordField } from '../../../primitives/password-field/password-field';

export const PASSWORD_CHANGED =
  'Lösenordet är bytt. Du har loggats ut på alla andra enheter och webbläsare.';
export const CURRENT_REQUIRED = 'Nuvarande lösenord är obligatoriskt.';

interface Errors {
  current?: string;
  next?: string;
  confirm?: string;
}

export function ChangePassword() {
  const headingId = useId();
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    const found: Errors = {
      current: current ? undefined : CURRENT_REQUIRED,
      next: validatePassword(next),
      confirm: validateConfirmPassword(confirm, next),
    };
    setErrors(found);
    if (found.current || found.next || found.confirm) return;
    try {
      await change.trigger({ currentPassword: current, newPassword: next });
      setCurrent('');
      setNext('');
      setConfirm('');
      setResult({ ok: true, text: PASSWORD_CHANGED });
    } catch (e) {
      setResult({
        ok: false,
        text: isApiError(e) && e.message ? e.message : 'Kunde inte byta lösenord',
      });
    }
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-xl font-semibold">
        Byt lösenord
      </h2>
      <form noValidate onSubmit={(e) => void submit(e)} className="flex max-w-md flex-col gap-3">
        <PasswordField
          label="Nuvarande lösenord"
          autoComplete="current-password"
          value={current}
          error={errors.current}
          onChange={(e) => setCurrent(e.target.value)}
        />
        <PasswordField
          label="Nytt lösenord"
          hint="Minst 8 tecken och minst en stor bokstav."
          autoComplete="new-password"
          value={next}
          error={errors.next}
          onChange={(e) => setNext(e.target.value)}
        />
        <PasswordField
          label="Bekräfta nytt lösenord"
          autoComplete="new-password"
          value={confirm}
          error={errors.confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        {result ? <Alert variant={result.ok ? 'success' : 'error'}>{result.text}</Alert> : null}
        <div>
          <Button type="submit" disabled={change.isMutating}>
            {change.isMutating ? 'Byter lösenord…' : 'Byt lösenord'}
          </Button>
        </div>
      </form>
    </section>
  );
}
