// A code typed at the second step (design §4.17): the authenticator app's six digits or a
// reserve code. The caller checks it; a refusal is shown under the field and nothing else moves.
import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '../../../primitives/alert/alert';
import { Button } from '../../../primitives/button/button';
import { TextField } from '../../../primitives/text-field/text-field';

export interface CodeFormProps {
  label: string;
  hint: string;
  /** Cleans what she types or pastes (digits only, upper case…). */
  format: (raw: string) => string;
  /** The message when the code cannot be right, else `undefined`. */
  check: (code: string) => string | undefined;
  /** Sends the code; a thrown error's text is shown. */
  onSubmit: (code: string) => Promise<void>;
  failureText: (error: unknown) => string;
  /** `numeric` for the app's code, `text` for a reserve code. */
  inputMode: 'numeric' | 'text';
  /** Under the form, e.g. 'Välj ett annat sätt'. */
  children?: ReactNode;
}

export function CodeForm({
  label,
  hint,
  format,
  check,
  onSubmit,
  failureText,
  inputMode,
  children,
}: CodeFormProps) {
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const problem = check(code);
    if (problem) {
      setCodeError(problem);
      return;
    }
    setBusy(true);
    try {
      await onSubmit(code);
    } catch (error) {
      setFailure(failureText(error));
      setBusy(false);
    }
  };

  return (
    <>
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-5">
        <TextField
          label={label}
          hint={hint}
          name="code"
          inputMode={inputMode}
          autoComplete="one-time-code"
          enterKeyHint="done"
          spellCheck={false}
          autoCapitalize="characters"
          value={code}
          error={codeError}
          onChange={(event) => {
            const next = format(event.target.value);
            setCode(next);
            if (codeError && !check(next)) setCodeError(undefined);
          }}
          inputClassName="font-mono text-xl tracking-[0.3em] tabular-nums"
        />
        {failure ? <Alert variant="error">{failure}</Alert> : null}
        <Button type="submit" loading={busy} loadingLabel="Verifierar..." className="w-full">
          Verifiera
        </Button>
      </form>
      {children}
    </>
  );
}
