// 'Logga in med BankID' (design §4.18): shown on /login only when the server has an
// e-legitimation broker; the click leaves for the broker, which sends her back signed in to the
// page she asked for, or to /login?eid=<refusal> with one of the texts below. Loaded on its own
// (eid-login-slot.tsx), so /login's first JavaScript does not grow.
import { useState, type MouseEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useEidLogin } from '@halsa/api';
import { Alert } from '../../../primitives/alert/alert';
import { buttonVariants } from '../../../primitives/button/button';
import { Spinner } from '../../../primitives/spinner/spinner';
import { takeReturnTo } from '../../../config/return-to';
import { cn } from '../../../lib/cn';

/** The server's start of the flow (a browser navigation, not an API call). */
const EID_START_PATH = '/api/v1/auth/eid/start';

/** Why the server sent her back (`/login?eid=…`; @halsa/api contract/eid.ts EID_REFUSALS). */
type EidRefusal = 'no-account' | 'deactivated' | 'cancelled' | 'failed';

/** What /login says after a refused e-legitimation sign-in (`?eid=…`). */
export function eidRefusalText(reason: string | null, label: string): string | null {
  const texts: Record<EidRefusal, string> = {
    'no-account': 'Vi hittar inget konto med ditt personnummer. Kontakta mottagningen.',
    deactivated: 'Kontot är inaktiverat. Kontakta mottagningen.',
    cancelled: `Inloggningen med ${label} avbröts.`,
    failed: `Inloggningen med ${label} misslyckades. Försök igen.`,
  };
  return reason !== null && reason in texts ? texts[reason as EidRefusal] : null;
}

/** Where the button leads: the server's start, with the page to come back to. */
export function eidStartHref(returnTo: string | null): string {
  return returnTo ? `${EID_START_PATH}?returnTo=${encodeURIComponent(returnTo)}` : EID_START_PATH;
}

export interface EidLoginProps {
  /** Leaves for the broker (a full page load); stories pass a spy. */
  go?: (href: string) => void;
}

export function EidLogin({ go = (href) => window.location.assign(href) }: EidLoginProps) {
  const { label, isLoading } = useEidLogin();
  const [params] = useSearchParams();
  const [waiting, setWaiting] = useState(false);
  const refusal = eidRefusalText(params.get('eid'), label ?? 'e-legitimation');

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (waiting) return;
    setWaiting(true);
    go(eidStartHref(takeReturnTo()));
  };

  // Once the server has answered, so a refusal names the right e-legitimation.
  if (isLoading || (!label && !refusal)) return null;
  return (
    <div className="mt-5 flex flex-col gap-5">
      {refusal ? <Alert variant="error">{refusal}</Alert> : null}
      {label ? (
        <>
          <p className="flex items-center gap-3 text-sm text-fg-muted" aria-hidden="true">
            <span className="h-px flex-1 bg-border" />
            eller
            <span className="h-px flex-1 bg-border" />
          </p>
          <a
            href={eidStartHref(null)}
            onClick={onClick}
            aria-busy={waiting || undefined}
            aria-disabled={waiting || undefined}
            data-loading={waiting ? '' : undefined}
            className={cn(buttonVariants({ variant: 'secondary' }), 'w-full')}
          >
            {waiting ? (
              <>
                <Spinner size="sm" decorative />
                {`Öppnar ${label}…`}
              </>
            ) : (
              `Logga in med ${label}`
            )}
          </a>
        </>
      ) : null}
    </div>
  );
}

/** For React.lazy in eid-login-slot.tsx. */
export default EidLogin;
