// 'Använd autentiseringsapp' (design §4.17): the QR code of the otpauth address and the key as
// text for an app that cannot scan, then a code from the app confirms it before it counts.
// A wrong code keeps the dialog open with the reason. Props in, no fetching.
import { useState, type FormEvent } from 'react';
import { formatTwoFactorCode, TWO_FACTOR_CODE_LENGTH } from '@halsa/api/contract';
import { QrCode } from '../../../components/qr-code/qr-code';
import { Alert } from '../../../primitives/alert/alert';
import { Button } from '../../../primitives/button/button';
import { Modal, ModalClose } from '../../../primitives/modal/modal';
import { Spinner } from '../../../primitives/spinner/spinner';
import { TextField } from '../../../primitives/text-field/text-field';

export const TOTP_CODE_INCOMPLETE = 'Ange koden med sex siffror från appen.';
export const TOTP_QR_LABEL = 'QR-kod för autentiseringsappen';

/** The key in groups of four, as apps ask it to be typed: 'JBSW Y3DP EHPK 3PXP'. */
export const groupedSecret = (secret: string): string =>
  secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');

export interface TotpSetup {
  /** `otpauth://totp/…` with issuer, account, secret, digits and period. */
  uri: string;
  /** The base32 key for typing in. */
  secret: string;
}

export interface TotpSetupDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The new key, `null` while it is made. */
  setup: TotpSetup | null;
  /** Making the key failed. */
  setupError?: string | null;
  /** Confirms with a code from the app; a thrown error's text is shown. */
  onConfirm: (code: string) => Promise<void>;
  failureText: (error: unknown) => string;
}

export function TotpSetupDialog({
  open,
  onOpenChange,
  setup,
  setupError,
  onConfirm,
  failureText,
}: TotpSetupDialogProps) {
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !setup) return;
    setFailure(null);
    if (code.length !== TWO_FACTOR_CODE_LENGTH) {
      setCodeError(TOTP_CODE_INCOMPLETE);
      return;
    }
    setBusy(true);
    try {
      await onConfirm(code);
      setCode('');
      onOpenChange(false);
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title="Använd autentiseringsapp"
      description="Till exempel Microsoft Authenticator eller Google Authenticator. Appen visar en ny kod var 30:e sekund."
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        if (!next) {
          setCode('');
          setCodeError(undefined);
          setFailure(null);
        }
        onOpenChange(next);
      }}
    >
      {setupError ? (
        <Alert variant="error">{setupError}</Alert>
      ) : !setup ? (
        <Spinner label="Skapar en nyckel…" />
      ) : (
        <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
          <ol className="flex list-decimal flex-col gap-4 pl-5">
            <li>
              <div className="flex flex-col gap-3">
                <span>Skanna QR-koden med appen.</span>
                <QrCode value={setup.uri} label={TOTP_QR_LABEL} className="border border-border" />
                <span className="text-sm text-fg-muted">
                  Går det inte att skanna? Skriv in nyckeln i appen:
                </span>
                <code
                  aria-label="Nyckel att skriva in"
                  className="self-start rounded-control bg-surface-sunken px-3 py-2 font-mono text-base break-all"
                >
                  {groupedSecret(setup.secret)}
                </code>
              </div>
            </li>
            <li>
              <TextField
                label="Kod från appen"
                hint="Sex siffror."
                name="totpCode"
                inputMode="numeric"
                autoComplete="one-time-code"
                spellCheck={false}
                value={code}
                error={codeError}
                onChange={(e) => {
                  const next = formatTwoFactorCode(e.target.value);
                  setCode(next);
                  if (codeError && next.length === TWO_FACTOR_CODE_LENGTH) setCodeError(undefined);
                }}
                inputClassName="font-mono text-xl tracking-[0.4em] tabular-nums"
              />
            </li>
          </ol>
          {failure ? <Alert variant="error">{failure}</Alert> : null}
          <div className="flex flex-wrap justify-end gap-2">
            <ModalClose asChild>
              <Button type="button" variant="secondary" disabled={busy}>
                Avbryt
              </Button>
            </ModalClose>
            <Button type="submit" loading={busy} loadingLabel="Kontrollerar…">
              Bekräfta
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
