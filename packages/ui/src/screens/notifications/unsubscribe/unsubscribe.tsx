import { Link, useSearchParams } from 'react-router';
import { NOTICE_MAIL_MESSAGES, useUnsubscribe } from '@halsa/api';
import { AuthLayout, type AuthLayoutProps } from '../../../components/auth-layout/auth-layout';
import { Alert } from '../../../primitives/alert/alert';
import { Button } from '../../../primitives/button/button';
import { Spinner } from '../../../primitives/spinner/spinner';
import { errorText } from '../../../lib/server-message';
import { paths } from '../../../config/paths';

export interface UnsubscribeScreenProps {
  /** Signed in: the link opens the settings; otherwise the login page. */
  signedIn?: boolean;
  footerConfig?: AuthLayoutProps['footerConfig'];
}

const linkClass = 'text-accent underline underline-offset-4 hover:text-accent-hover';

/**
 * /unsubscribe?token=… (design §4.16): the page a notice mail's 'Avsluta' link opens, signed in
 * or not. Opening it changes nothing (mail scanners open links, issue 34): it asks, and the
 * button turns off the one kind of mail the token names; then 'Ångra' turns it on again. A link
 * that is broken or not ours says so.
 */
export function UnsubscribeScreen({ signedIn = false, footerConfig }: UnsubscribeScreenProps) {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  const { question, error, turned, done, pending, actionError, unsubscribe, undo } =
    useUnsubscribe(token);

  const settingsLink = signedIn ? (
    <Link to={paths.notifications} className={linkClass}>
      Ändra dina inställningar för e-postavisering
    </Link>
  ) : (
    <Link to={paths.login} className={linkClass}>
      Logga in för att ändra dina inställningar
    </Link>
  );
  const failed = actionError ? (
    <Alert variant="error" className="mb-4">
      {errorText(actionError, NOTICE_MAIL_MESSAGES.actionFailed)}
    </Alert>
  ) : null;

  if (turned === 'off' && done) {
    return (
      <AuthLayout title="E-postaviseringen är avslutad" footerConfig={footerConfig}>
        {failed}
        <Alert variant="success">{done.message}</Alert>
        <p className="mt-4">
          Du får fortfarande notiser i Hälsoportalen när något nytt har hänt. {settingsLink}
        </p>
        <Button
          variant="secondary"
          className="mt-4"
          onClick={undo}
          loading={pending}
          loadingLabel="Slår på igen…"
        >
          Ångra
        </Button>
      </AuthLayout>
    );
  }

  if (turned === 'on' && done) {
    return (
      <AuthLayout title="E-postaviseringen är på igen" footerConfig={footerConfig}>
        <Alert variant="success">{done.message}</Alert>
        <p className="mt-4">{settingsLink}</p>
      </AuthLayout>
    );
  }

  if (!token || error) {
    return (
      <AuthLayout title="Länken fungerar inte" footerConfig={footerConfig}>
        <Alert variant="error">
          {token ? errorText(error, NOTICE_MAIL_MESSAGES.badToken) : NOTICE_MAIL_MESSAGES.badToken}
        </Alert>
        <p className="mt-4">
          Du kan i stället stänga av e-posten själv under Notiser. {settingsLink}
        </p>
      </AuthLayout>
    );
  }

  if (question) {
    return (
      <AuthLayout title="Avsluta e-postavisering" footerConfig={footerConfig}>
        {failed}
        <p>{question.message}</p>
        <p className="mt-2">Du får fortfarande notiser i Hälsoportalen när något nytt har hänt.</p>
        <Button className="mt-4" onClick={unsubscribe} loading={pending} loadingLabel="Avslutar…">
          Avsluta e-postaviseringen
        </Button>
        <p className="mt-4">{settingsLink}</p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Avsluta e-postavisering" footerConfig={footerConfig}>
      <div className="flex justify-center py-4">
        <Spinner label="Läser länken…" showLabel />
      </div>
    </AuthLayout>
  );
}
