// /profile/security ('Inloggning och säkerhet', design §4.17, every role): her sign-in methods
// beside the password, adding a key or an authenticator app, reserve codes shown once, and
// removing a method after her password. A STAFF or ADMIN whom the clinic's rule sends here
// after signing in reads why at the top.
import { useId, useState } from 'react';
import { LoadError } from '../../../components/load-error/load-error';
import { Alert } from '../../../primitives/alert/alert';
import { Button } from '../../../primitives/button/button';
import { Spinner } from '../../../primitives/spinner/spinner';
import { useToast } from '../../../primitives/toast/toast';
import { AddPasskeyDialog } from './add-passkey-dialog';
import { SECURITY_LEAD, SETUP_REQUIRED_TEXT, SETUP_REQUIRED_TITLE, methodTitle } from './labels';
import { MethodList, type SecurityMethodView } from './method-list';
import { RemoveMethodDialog } from './remove-method-dialog';
import { ReserveCodes } from './reserve-codes';
import { TotpSetupDialog } from './totp-setup-dialog';
import { useSecurityActions } from './use-security-actions';
import { Page } from '../../../components/page/page';

export interface SecurityScreenProps {
  /** "Now" for the 'sedan' texts (stories pin it). */
  now?: Date;
}

export function SecurityScreen({ now }: SecurityScreenProps) {
  const methodsId = useId();
  const toast = useToast();
  const actions = useSecurityActions();
  const { overview, error, retry } = actions;
  const [adding, setAdding] = useState<'passkey' | 'totp' | null>(null);
  const [removing, setRemoving] = useState<SecurityMethodView | null>(null);
  const [freshCodes, setFreshCodes] = useState<readonly string[] | null>(null);

  const methods = overview?.methods.filter((m) => m.kind !== 'RESERVE_CODES') ?? [];
  const reserve = overview?.methods.find((m) => m.kind === 'RESERVE_CODES') ?? null;
  const hasTotp = methods.some((m) => m.kind === 'TOTP');

  return (
    <Page
      page="profileSecurity"
      gap="gap-6"
      intro={<p className="mt-2 text-fg-muted">{SECURITY_LEAD}</p>}
    >
      {overview?.mustSetUpStrongSignIn ? (
        <Alert variant="warning" title={SETUP_REQUIRED_TITLE}>
          {SETUP_REQUIRED_TEXT}
        </Alert>
      ) : null}

      {error ? (
        <LoadError title="Kunde inte hämta dina inloggningsmetoder" onRetry={retry}>
          {error.message}
        </LoadError>
      ) : !overview ? (
        <Spinner label="Hämtar dina inloggningsmetoder…" />
      ) : (
        <>
          <section aria-labelledby={methodsId} className="flex flex-col gap-3">
            <h2 id={methodsId} className="text-xl font-semibold">
              Dina inloggningsmetoder
            </h2>
            <MethodList methods={methods} onRemove={setRemoving} now={now} />
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => setAdding('passkey')}>Lägg till nyckel</Button>
              {hasTotp ? null : (
                <Button
                  variant="secondary"
                  onClick={() => {
                    setAdding('totp');
                    actions.startTotp();
                  }}
                >
                  Använd autentiseringsapp
                </Button>
              )}
            </div>
          </section>
          <ReserveCodes
            status={
              reserve
                ? { remaining: reserve.remainingCodes ?? 0, createdAt: reserve.createdAt }
                : null
            }
            fresh={freshCodes}
            onGenerate={async () => setFreshCodes(await actions.createReserveCodes())}
            onSaved={() => setFreshCodes(null)}
            failureText={actions.failureText}
          />
        </>
      )}

      <AddPasskeyDialog
        open={adding === 'passkey'}
        onOpenChange={(open) => setAdding(open ? 'passkey' : null)}
        onAdd={async (name) => {
          await actions.addPasskey(name);
          toast.success(`Nyckeln ”${name}” är tillagd.`);
        }}
        failureText={actions.passkeyFailureText}
      />
      <TotpSetupDialog
        open={adding === 'totp'}
        onOpenChange={(open) => setAdding(open ? 'totp' : null)}
        setup={actions.totpSetup}
        setupError={actions.totpSetupError}
        onConfirm={async (code) => {
          await actions.confirmTotp(code);
          toast.success('Autentiseringsappen är tillagd.');
        }}
        failureText={actions.failureText}
      />
      <RemoveMethodDialog
        title={removing ? methodTitle(removing.kind, removing.name) : null}
        consequence="Du kan inte längre logga in med den. Ange ditt lösenord för att ta bort den."
        onClose={() => setRemoving(null)}
        onConfirm={async (password) => {
          if (!removing) return;
          await actions.removeMethod(removing.id, password);
          toast.success('Inloggningsmetoden är borttagen.');
        }}
        failureText={actions.failureText}
      />
    </Page>
  );
}
