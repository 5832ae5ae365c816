// The e-mailed six-digit code (spec §2.1, §4): the second step every account has had, still
// offered where the clinic allows it (design §4.17). A new code can be sent after a 10-second
// countdown that restarts after each resend. With `sendFirst` (she chose the mail after another
// way was offered first) the first code is sent when the step opens.
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useResendTwoFactor, useVerifyTwoFactor, type SessionUser } from '@halsa/api';
import { formatTwoFactorCode, TWO_FACTOR_CODE_LENGTH } from '@halsa/api/contract';
import { Alert } from '../../../primitives/alert/alert';
import { Button } from '../../../primitives/button/button';
import { TextField } from '../../../primitives/text-field/text-field';
import { useToast } from '../../../primitives/toast/toast';
import { messageOr } from '../../../lib/server-message';

/** A new code can be asked for this long after the last one was sent (spec §4, §9). */
export const RESEND_WAIT_SECONDS = 10;
export const VERIFY_FAILED_MESSAGE = 'Verifiering misslyckades. Försök igen.';
export const RESEND_SUCCESS_MESSAGE = 'Koden har skickats igen!';
export const RESEND_FAILED_MESSAGE = 'Kunde inte skicka kod igen';
export const CODE_INCOMPLETE_MESSAGE = 'Ange koden med sex siffror.';
export const FIRST_SENT_MESSAGE = 'Koden har skickats till din e-post.';

/** 'Du kan skicka en ny kod om 10 sekunder.' (singular at one second). */
export const resendCountdownText = (seconds: number): string =>
  `Du kan skicka en ny kod om ${seconds} ${seconds === 1 ? 'sekund' : 'sekunder'}.`;

/** Counts whole seconds down to 0; `restart()` starts again from `from`. */
export function useResendCountdown(from: number): { secondsLeft: number; restart: () => void } {
  const [secondsLeft, setSecondsLeft] = useState(from);
  useEffect(() => {
    if (secondsLeft <= 0) return undefined;
    const timer = setTimeout(() => setSecondsLeft((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);
  return { secondsLeft, restart: () => setSecondsLeft(from) };
}

export interface EmailCodeStepProps {
  twoFactorId: string;
  resendWaitSeconds: number;
  /** No code has been mailed for this login yet: send the first one now. */
  sendFirst?: boolean;
  /** Signed in: the caller moves on. */
  onDone: (user: SessionUser) => void;
  /** Under the resend block, e.g. 'Välj ett annat sätt'. */
  children?: ReactNode;
}

export function EmailCodeStep({
  twoFactorId,
  resendWaitSeconds,
  sendFirst = false,
  onDone,
  children,
}: EmailCodeStepProps) {
  const toast = useToast();
  const verify = useVerifyTwoFactor();
  const resend = useResendTwoFactor();
  const { secondsLeft, restart } = useResendCountdown(resendWaitSeconds);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const countdownId = useId();
  const sent = useRef(false);

  // The first code, once, when she chose the mail over a stronger way (resend-2fa sends it).
  useEffect(() => {
    if (!sendFirst || sent.current) return;
    sent.current = true;
    resend.trigger({ twoFactorId }).then(
      () => toast.success(FIRST_SENT_MESSAGE),
      (error: unknown) => toast.error(messageOr(error, RESEND_FAILED_MESSAGE)),
    );
  }, [sendFirst, resend, twoFactorId, toast]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (verify.isMutating) return;
    setFailure(null);
    if (code.length !== TWO_FACTOR_CODE_LENGTH) {
      setCodeError(CODE_INCOMPLETE_MESSAGE);
      return;
    }
    try {
      // The hook stores the answer as the session user (SWR key 'sessionUser').
      onDone(await verify.trigger({ twoFactorId, code }));
    } catch (error) {
      setFailure(messageOr(error, VERIFY_FAILED_MESSAGE));
    }
  };

  const onResend = async () => {
    if (resend.isMutating || secondsLeft > 0) return;
    try {
      await resend.trigger({ twoFactorId });
      toast.success(RESEND_SUCCESS_MESSAGE);
    } catch (error) {
      toast.error(messageOr(error, RESEND_FAILED_MESSAGE));
    } finally {
      // Every attempt waits its 10 seconds again, as the server does (design §5).
      restart();
    }
  };

  const waiting = secondsLeft > 0;

  return (
    <>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <TextField
          label="Verifieringskod"
          hint="Sex siffror från e-postmeddelandet."
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          enterKeyHint="done"
          spellCheck={false}
          value={code}
          error={codeError}
          onChange={(event) => {
            // Non-digits are stripped and at most six digits kept, typed or pasted (spec §5).
            const next = formatTwoFactorCode(event.target.value);
            setCode(next);
            if (codeError && next.length === TWO_FACTOR_CODE_LENGTH) setCodeError(undefined);
          }}
          inputClassName="font-mono text-xl tracking-[0.4em] tabular-nums"
        />
        {failure ? <Alert variant="error">{failure}</Alert> : null}
        <Button
          type="submit"
          loading={verify.isMutating}
          loadingLabel="Verifierar..."
          className="w-full"
        >
          Verifiera
        </Button>
      </form>

      <div className="mt-6 flex flex-col items-start gap-3 border-t border-border pt-5">
        <p id={countdownId} className="text-sm text-fg-muted">
          {waiting ? resendCountdownText(secondsLeft) : 'Fick du ingen kod? Du kan skicka en ny.'}
        </p>
        <Button
          type="button"
          variant="secondary"
          disabled={waiting}
          loading={resend.isMutating}
          loadingLabel="Skickar..."
          aria-describedby={countdownId}
          onClick={onResend}
        >
          Skicka koden igen
        </Button>
      </div>
      {children}
    </>
  );
}
