import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useForgotPassword } from '@halsa/api';
import { validateEmail } from '@halsa/api/contract';
import { Alert } from '../../../primitives/alert/alert';
import { Button } from '../../../primitives/button/button';
import { TextField } from '../../../primitives/text-field/text-field';
import { AuthLayout, type AuthLayoutProps } from '../../../components/auth-layout/auth-layout';
import { errorText } from '../../../lib/server-message';
import { paths } from '../../../config/paths';

/** The same confirmation for every address, known or not (design §5: no account enumeration). */
export const FORGOT_PASSWORD_SENT_MESSAGE =
  'Om e-postadressen finns hos oss har vi skickat en länk för att återställa lösenordet. Kontrollera även skräpposten.';
const FORGOT_PASSWORD_FALLBACK = 'Kunde inte begära återställning av lösenord';

export interface ForgotPasswordScreenProps {
  footerConfig?: AuthLayoutProps['footerConfig'];
}

/** /forgot-password (spec §2.1): asks for the e-mail, then confirms that a link was sent. */
export function ForgotPasswordScreen({ footerConfig }: ForgotPasswordScreenProps) {
  const { trigger, isMutating } = useForgotPassword();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The form is replaced by the confirmation: move focus to its heading so it is not lost.
  useLayoutEffect(() => {
    if (sent) headingRef.current?.focus();
  }, [sent]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isMutating) return;
    setFailure(null);
    const invalid = validateEmail(email);
    setEmailError(invalid);
    if (invalid) return;
    try {
      await trigger({ email: email.trim() });
      setSent(true);
    } catch (error) {
      setFailure(errorText(error, FORGOT_PASSWORD_FALLBACK));
    }
  };

  const backToLogin = (
    <Link to={paths.login} className="underline underline-offset-4">
      Tillbaka till inloggningen
    </Link>
  );

  if (sent) {
    return (
      <AuthLayout
        title="Kontrollera din e-post"
        footerConfig={footerConfig}
        aside={backToLogin}
        headingRef={headingRef}
      >
        <Alert variant="success">{FORGOT_PASSWORD_SENT_MESSAGE}</Alert>
        <p className="mt-4 text-fg-muted">
          Länken gäller en begränsad tid. Har du inte fått något meddelande efter några minuter kan
          du{' '}
          <button
            type="button"
            onClick={() => setSent(false)}
            className="cursor-pointer text-accent underline underline-offset-4 hover:text-accent-hover"
          >
            försöka igen
          </button>
          .
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Glömt lösenord"
      description="Ange e-postadressen som du loggar in med, så skickar vi en länk där du kan välja ett nytt lösenord."
      footerConfig={footerConfig}
      aside={backToLogin}
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <TextField
          label="E-post"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          value={email}
          error={emailError}
          onChange={(event) => {
            setEmail(event.target.value);
            if (emailError) setEmailError(validateEmail(event.target.value));
          }}
        />
        {failure ? <Alert variant="error">{failure}</Alert> : null}
        <Button type="submit" loading={isMutating} loadingLabel="Skickar..." className="w-full">
          Skicka länk
        </Button>
      </form>
    </AuthLayout>
  );
}
