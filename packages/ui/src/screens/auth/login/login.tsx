import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { clearSessionEnd, isApiError, SESSION_KEY, sessionEndNotice, useLogin } from '@halsa/api';
import { Alert } from '../../../primitives/alert/alert';
import { Button } from '../../../primitives/button/button';
import { PasswordField } from '../../../primitives/password-field/password-field';
import { TextField } from '../../../primitives/text-field/text-field';
import { useToast } from '../../../primitives/toast/toast';
import { AuthLayout, type AuthLayoutProps } from '../../../components/auth-layout/auth-layout';
import { errorText } from '../../../lib/server-message';
import { paths } from '../../../config/paths';
import { EidLoginSlot } from './eid-login-slot';

export const LOGIN_FAILED_MESSAGE = 'Ogiltig e-postadress eller lösenord.';
export const LOGIN_SUCCESS_MESSAGE = 'Kontrollera din e-post för 2FA-koden.';

/** Where the code is entered: `/2fa?twoFactorId=…` (spec §2.1). */
export const twoFactorPath = (twoFactorId: string): string =>
  `${paths.twoFactor}?${new URLSearchParams({ twoFactorId })}`;

/** Refused credentials (wrong e-mail or password, or an empty field the server turns away). */
const isRefused = (error: unknown): boolean =>
  isApiError(error) && [400, 401, 404].includes(error.status);

export interface LoginScreenProps {
  footerConfig?: AuthLayoutProps['footerConfig'];
}

/**
 * /login (spec §2.1): e-mail and password, no client-side validation (spec §5). The server's
 * answer carries the twoFactorId (design §4.1); on success a toast asks the user to check their
 * e-mail and the page moves on to /2fa.
 */
export function LoginScreen({ footerConfig }: LoginScreenProps) {
  const navigate = useNavigate();
  const toast = useToast();
  const { trigger, isMutating } = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const { mutate } = useSWRConfig();
  // Why she was signed out, if the server said (issue 13): read when the page opens, then
  // forgotten, so it is shown once.
  const [ended] = useState(sessionEndNotice);
  useEffect(clearSessionEnd, []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isMutating) return;
    setFailure(null);
    try {
      const { message: twoFactorId } = await trigger({ email: email.trim(), password });
      toast.success(LOGIN_SUCCESS_MESSAGE);
      navigate(twoFactorPath(twoFactorId));
    } catch (error) {
      // Wrong credentials get the spec's message; anything else (a deactivated account's 403
      // after a right password, a server fault, no network, too many tries) the call's own
      // Swedish text, so the user is not told their password is wrong.
      setFailure(isRefused(error) ? LOGIN_FAILED_MESSAGE : errorText(error, LOGIN_FAILED_MESSAGE));
    }
  };

  // 'Logga in med nyckel' (design §4.17): its code loads on the click, so /login's first
  // JavaScript stays as it was; the signed-in app takes over once the session is set.
  const onPasskey = async () => {
    if (passkeyBusy) return;
    setFailure(null);
    setPasskeyBusy(true);
    try {
      const { signInWithPasskey } = await import('./passkey-login');
      const { user, to } = await signInWithPasskey();
      await mutate(SESSION_KEY, user, { revalidate: false });
      navigate(to, { replace: true });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : LOGIN_FAILED_MESSAGE);
      setPasskeyBusy(false);
    }
  };

  return (
    <AuthLayout
      title="Logga in"
      description="Logga in med din e-postadress och ditt lösenord."
      footerConfig={footerConfig}
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        {ended ? <Alert>{ended}</Alert> : null}
        <TextField
          label="E-post"
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          spellCheck={false}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <div className="flex flex-col gap-1">
          <PasswordField
            label="Lösenord"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Link
            to={paths.forgotPassword}
            className="inline-flex min-h-target items-center self-start underline underline-offset-4"
          >
            Glömt lösenord?
          </Link>
        </div>
        {failure ? <Alert variant="error">{failure}</Alert> : null}
        <Button type="submit" loading={isMutating} loadingLabel="Loggar in..." className="w-full">
          Logga in
        </Button>
      </form>
      <div className="mt-5 flex flex-col gap-3 border-t border-border pt-5">
        <Button
          type="button"
          variant="secondary"
          loading={passkeyBusy}
          loadingLabel="Väntar på nyckeln..."
          className="w-full"
          onClick={() => void onPasskey()}
        >
          Logga in med nyckel
        </Button>
      </div>
      <EidLoginSlot />
    </AuthLayout>
  );
}
