import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import {
  fetchLoginPasskeyOptions,
  isApiError,
  useLoginStep,
  useVerifyLoginStep,
  type LoginStepMethod,
  type SessionUser,
} from '@halsa/api';
import { formatTwoFactorCode, TWO_FACTOR_CODE_LENGTH } from '@halsa/api/contract';
import { Alert } from '../../../primitives/alert/alert';
import { Spinner } from '../../../primitives/spinner/spinner';
import { useToast } from '../../../primitives/toast/toast';
import { AuthLayout, type AuthLayoutProps } from '../../../components/auth-layout/auth-layout';
import { errorText, messageOr } from '../../../lib/server-message';
import { paths } from '../../../config/paths';
import { CodeForm } from '../second-step/code-form';
import { EmailCodeStep, RESEND_WAIT_SECONDS } from '../second-step/email-code-step';
import {
  CODE_STEP_FAILED,
  PASSKEY_CANCELLED,
  PASSKEY_STEP_FAILED,
  RESERVE_INCOMPLETE,
  stepLeads,
  stepTitles,
  TOTP_INCOMPLETE,
} from '../second-step/labels';
import { OtherWays } from '../second-step/other-ways';
import { PasskeyStep } from '../second-step/passkey-step';
import { landingFor } from '../shared/landing';

export { RESEND_WAIT_SECONDS } from '../second-step/email-code-step';

export interface TwoFactorScreenProps {
  footerConfig?: AuthLayoutProps['footerConfig'];
  /** Seconds before a new code may be asked for; the spec's 10 unless a story shortens it. */
  resendWaitSeconds?: number;
}

/**
 * /2fa?twoFactorId=… (spec §2.1, §4; design §4.17): the second step after the password. The
 * server lists the ways this login may take, strongest first: her key ('Bekräfta med din
 * nyckel'), her authenticator app, a reserve code, or the e-mailed code where the clinic allows
 * it; the first is shown and 'Välj ett annat sätt' offers the others. Without a twoFactorId the
 * visitor is sent to /login. Success stores the session user and opens the page she asked for,
 * /overview, or /profile/security when the clinic's rule requires her to set up a strong method.
 */
export function TwoFactorScreen(props: TwoFactorScreenProps) {
  const [params] = useSearchParams();
  const twoFactorId = params.get('twoFactorId');
  if (!twoFactorId) return <Navigate to={paths.login} replace />;
  return <SecondStep key={twoFactorId} twoFactorId={twoFactorId} {...props} />;
}

interface SecondStepProps extends TwoFactorScreenProps {
  twoFactorId: string;
}

/** Digits only, at most six (typed or pasted). */
const totpFormat = formatTwoFactorCode;
/** Spaces dropped, at most 40 characters (the server compares without case or dashes). */
const reserveFormat = (raw: string) => raw.replace(/\s+/g, '').slice(0, 40);

function SecondStep({
  twoFactorId,
  footerConfig,
  resendWaitSeconds = RESEND_WAIT_SECONDS,
}: SecondStepProps) {
  const navigate = useNavigate();
  const toast = useToast();
  const { step, error } = useLoginStep(twoFactorId);
  const verify = useVerifyLoginStep();
  const [chosen, setChosen] = useState<LoginStepMethod | null>(null);

  // A login that has expired or was used up cannot go on: she starts again.
  const ended = error && [400, 401, 404].includes(error.status);
  // Without the list for another reason (a server fault, a lost connection) the e-mailed code,
  // as before.
  const ways: readonly LoginStepMethod[] | undefined =
    step?.methods ?? (error && !ended ? ['EMAIL'] : undefined);
  const way = chosen ?? ways?.[0];

  const done = (user: SessionUser) => {
    // 'Kontrollera din e-post för 2FA-koden.' has done its job: it must not cover the portal.
    toast.dismissAll();
    navigate(landingFor(user), { replace: true });
  };

  const back = (
    <Link to={paths.login} className="underline underline-offset-4">
      Tillbaka till inloggningen
    </Link>
  );

  if (ended) {
    return (
      <AuthLayout title="Logga in" footerConfig={footerConfig} aside={back}>
        <Alert variant="error">{error.message}</Alert>
      </AuthLayout>
    );
  }
  if (!ways || !way) {
    return (
      <AuthLayout title="Logga in" footerConfig={footerConfig} aside={back}>
        <Spinner label="Hämtar sätten att logga in…" />
      </AuthLayout>
    );
  }

  const others = (
    <OtherWays
      ways={ways}
      current={way}
      onChoose={(next) => {
        setChosen(next);
      }}
    />
  );

  return (
    <AuthLayout
      title={stepTitles[way]}
      description={stepLeads[way]}
      footerConfig={footerConfig}
      aside={back}
    >
      {way === 'EMAIL' ? (
        <EmailCodeStep
          twoFactorId={twoFactorId}
          resendWaitSeconds={resendWaitSeconds}
          sendFirst={step ? !step.emailSent : false}
          onDone={done}
        >
          {others}
        </EmailCodeStep>
      ) : way === 'PASSKEY' ? (
        <>
          <PasskeyStep
            onUse={async () => {
              const { signWithPasskey } = await import('../../../lib/passkey');
              const { options } = await fetchLoginPasskeyOptions(twoFactorId);
              const credential = await signWithPasskey(options);
              done(await verify.trigger({ twoFactorId, method: 'PASSKEY', credential }));
            }}
            // The browser's refusal (cancelled, timed out) is not an ApiError.
            failureText={(e) =>
              isApiError(e) ? errorText(e, PASSKEY_STEP_FAILED) : PASSKEY_CANCELLED
            }
          />
          {others}
        </>
      ) : way === 'TOTP' ? (
        <CodeForm
          key="TOTP"
          label="Kod från autentiseringsappen"
          hint="Sex siffror."
          inputMode="numeric"
          format={totpFormat}
          check={(code) => (code.length === TWO_FACTOR_CODE_LENGTH ? undefined : TOTP_INCOMPLETE)}
          onSubmit={async (code) =>
            done(await verify.trigger({ twoFactorId, method: 'TOTP', code }))
          }
          failureText={(e) => messageOr(e, CODE_STEP_FAILED)}
        >
          {others}
        </CodeForm>
      ) : (
        <CodeForm
          key="RESERVE_CODE"
          label="Reservkod"
          hint="Koden från listan du sparade."
          inputMode="text"
          format={reserveFormat}
          check={(code) => (code ? undefined : RESERVE_INCOMPLETE)}
          onSubmit={async (code) =>
            done(await verify.trigger({ twoFactorId, method: 'RESERVE_CODE', code }))
          }
          failureText={(e) => messageOr(e, CODE_STEP_FAILED)}
        >
          {others}
        </CodeForm>
      )}
    </AuthLayout>
  );
}
