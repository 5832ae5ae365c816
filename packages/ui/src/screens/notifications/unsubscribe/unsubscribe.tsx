import { Link, useSearchParams } from 'react-router';
import { NOTIFICATION_SETTINGS_MESSAGES, useUnsubscribe } from '@halsa/api';
import { AuthLayout, type AuthLayoutProps } from '../../../components/auth-layout/auth-layout';
import { Alert } from '../../../primitives/alert/alert';
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
 * or not. The token turns off one kind of mail for one person; the page says which, and how to
 * turn it on again. A link that is broken or not ours says so.
 */
export function UnsubscribeScreen({ signedIn = false, footerConfig }: UnsubscribeScreenProps) {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  const { result, error } = useUnsubscribe(token);

  const settingsLink = signedIn ? (
    <Link to={paths.notifications} className={linkClass}>
      Ändra dina inställningar för e-postavisering
    </Link>
  ) : (
    <Link to={paths.login} className={linkClass}>
      Logga in för att ändra dina inställningar
    </Link>
  );

  if (result) {
    return (
      <AuthLayout title="E-postaviseringen är avslutad" footerConfig={footerConfig}>
        <Alert variant="success">{result.message}</Alert>
        <p className="mt-4">
          Du får fortfarande notiser i Hälsoportalen när något nytt har hänt. {settingsLink}
        </p>
      </AuthLayout>
    );
  }

  if (!token || error) {
    return (
      <AuthLayout title="Länken fungerar inte" footerConfig={footerConfig}>
        <Alert variant="error">
          {token
            ? errorText(error, NOTIFICATION_SETTINGS_MESSAGES.badToken)
            : NOTIFICATION_SETTINGS_MESSAGES.badToken}
        </Alert>
        <p className="mt-4">
          Du kan i stället stänga av e-posten själv under Notiser. {settingsLink}
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Avslutar e-postavisering" footerConfig={footerConfig}>
      <div className="flex justify-center py-4">
        <Spinner label="Avslutar e-postaviseringen…" showLabel />
      </div>
    </AuthLayout>
  );
}
