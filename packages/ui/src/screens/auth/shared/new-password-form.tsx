import { useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { validateConfirmPassword, validatePassword } from '@halsa/api/contract';
import { Alert } from '../../../primitives/alert/alert';
import { Button } from '../../../primitives/button/button';
import { PasswordField } from '../../../primitives/password-field/password-field';
import type { FooterConfig } from '../../../components/footer/footer-config';
import { AuthLayout } from '../../../components/auth-layout/auth-layout';
import { errorText } from '../../../lib/server-message';
import { useRedirectAfter } from '../../../lib/use-redirect-after';
import { paths } from '../../../config/paths';

/** After a password is saved the page goes to /login after 2 seconds (spec §2.1, §9). */
export const PASSWORD_REDIRECT_MS = 2000;

/** The rule that is checked, stated as a hint (design §4.6). */
export const PASSWORD_HINT = 'Minst 8 tecken och minst en stor bokstav.';

export interface NewPasswordFormProps {
  title: string;
  description: ReactNode;
  /** Label of the first field, e.g. 'Nytt lösenord'. */
  passwordLabel: string;
  /** Shown when the server has accepted the password, e.g. 'Lösenord har uppdaterats!'. */
  successMessage: string;
  /** Shown when a failed call carries no message. */
  fallback: string;
  /** Sends `{ token, password }`; rejects with an `ApiError`. */
  send: (body: { token: string; password: string }) => Promise<unknown>;
  sending: boolean;
  footerConfig?: FooterConfig | undefined;
  /** Milliseconds before /login; PASSWORD_REDIRECT_MS. */
  redirectMs?: number;
}

interface Errors {
  password?: string | undefined;
  confirmPassword?: string | undefined;
}

/**
 * A new password and its confirmation for a `?token=` link (reset and set password). Without a
 * token the visitor goes to /login. The rules and messages are the contract's (spec §5).
 */
export function NewPasswordForm(props: NewPasswordFormProps) {
  const [params] = useSearchParams();
  const token = params.get('token');
  if (!token) return <Navigate to={paths.login} replace />;
  return <NewPasswordFormFor token={token} {...props} />;
}

function NewPasswordFormFor({
  token,
  title,
  description,
  passwordLabel,
  successMessage,
  fallback,
  send,
  sending,
  footerConfig,
  redirectMs = PASSWORD_REDIRECT_MS,
}: NewPasswordFormProps & { token: string }) {
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  // After the first submit the messages follow what is typed.
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useRedirectAfter(done, paths.login, redirectMs);
  useLayoutEffect(() => {
    if (done) headingRef.current?.focus();
  }, [done]);

  const check = (nextPassword: string, nextConfirm: string): Errors => ({
    password: validatePassword(nextPassword),
    confirmPassword: validateConfirmPassword(nextConfirm, nextPassword),
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending || done) return;
    setFailure(null);
    setSubmitted(true);
    const found = check(password, confirmPassword);
    setErrors(found);
    if (found.password) {
      passwordRef.current?.focus();
      return;
    }
    if (found.confirmPassword) {
      confirmRef.current?.focus();
      return;
    }
    try {
      await send({ token, password });
      setDone(true);
    } catch (error) {
      setFailure(errorText(error, fallback));
    }
  };

  const recheck = (nextPassword: string, nextConfirm: string) => {
    if (submitted) setErrors(check(nextPassword, nextConfirm));
  };

  if (done) {
    return (
      <AuthLayout title={title} footerConfig={footerConfig} headingRef={headingRef}>
        <Alert variant="success" title={successMessage}>
          Du skickas vidare till inloggningen.
        </Alert>
        <p className="mt-4">
          <Link to={paths.login} replace className="underline underline-offset-4">
            Gå till inloggningen nu
          </Link>
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={title}
      description={description}
      footerConfig={footerConfig}
      aside={
        <Link to={paths.login} className="underline underline-offset-4">
          Tillbaka till inloggningen
        </Link>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <PasswordField
          ref={passwordRef}
          label={passwordLabel}
          hint={PASSWORD_HINT}
          name="password"
          autoComplete="new-password"
          value={password}
          error={errors.password}
          onChange={(event) => {
            setPassword(event.target.value);
            recheck(event.target.value, confirmPassword);
          }}
        />
        <PasswordField
          ref={confirmRef}
          label="Bekräfta lösenord"
          name="confirmPassword"
          autoComplete="new-password"
          value={confirmPassword}
          error={errors.confirmPassword}
          onChange={(event) => {
            setConfirmPassword(event.target.value);
            recheck(password, event.target.value);
          }}
        />
        {failure ? <Alert variant="error">{failure}</Alert> : null}
        <Button type="submit" loading={sending} loadingLabel="Sparar..." className="w-full">
          Spara lösenord
        </Button>
      </form>
    </AuthLayout>
  );
}
