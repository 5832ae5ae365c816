// The led-to-setup state (design §4.17) on every signed-in page but /profile/security itself: a
// STAFF or ADMIN whom the clinic requires a passkey or an authenticator app of, and who has none,
// reads why client data is closed to her and how to open it. Gone once she has set one up (the
// session says so).
import { Link, useLocation } from 'react-router';
import type { SessionUser } from '@halsa/api/contract';
import { paths } from '../../config/paths';
import { Alert } from '../../primitives/alert/alert';

export const STRONG_SIGN_IN_NOTICE_TITLE = 'Lägg till en nyckel eller en autentiseringsapp';
export const STRONG_SIGN_IN_NOTICE_TEXT =
  'Mottagningen kräver att personal loggar in med nyckel eller autentiseringsapp. Tills du har lagt till en av dem kan du inte öppna klienters uppgifter.';

export function StrongSignInNotice({ user }: { user: Pick<SessionUser, 'mustSetUpStrongSignIn'> }) {
  const { pathname } = useLocation();
  if (!user.mustSetUpStrongSignIn || pathname === paths.profileSecurity) return null;
  return (
    <div className="mx-auto max-w-6xl px-gutter pt-4">
      <Alert
        variant="warning"
        title={STRONG_SIGN_IN_NOTICE_TITLE}
        action={
          <Link to={paths.profileSecurity} className="font-medium underline underline-offset-4">
            Till Inloggning och säkerhet
          </Link>
        }
      >
        {STRONG_SIGN_IN_NOTICE_TEXT}
      </Alert>
    </div>
  );
}
