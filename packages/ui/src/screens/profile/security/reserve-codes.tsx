// 'Reservkoder' (design §4.17): ten single-use codes for a day without her phone or key. They
// are shown once, right after they are made; making new ones voids the old, so that asks first.
// Props in, no fetching.
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { formatDate } from '../../../lib/format';
import { Alert } from '../../../primitives/alert/alert';
import { Button } from '../../../primitives/button/button';
import { RESERVE_FAILED, RESERVE_SHOWN_ONCE } from './labels';

export interface ReserveCodesStatus {
  /** Unused codes left. */
  remaining: number;
  createdAt: string;
}

export interface ReserveCodesProps {
  /** Her current codes, `null` when she has none. */
  status: ReserveCodesStatus | null;
  /** Codes just made: shown here once, until she says she has saved them. */
  fresh: readonly string[] | null;
  /** Makes new codes (voiding the old); a thrown error's text is shown. */
  onGenerate: () => Promise<void>;
  /** She has saved the fresh codes: they leave the page. */
  onSaved: () => void;
  failureText: (error: unknown) => string;
}

export const remainingText = (status: ReserveCodesStatus): string =>
  `${status.remaining} av 10 koder kvar, skapade ${formatDate(status.createdAt)}.`;

export function ReserveCodes({
  status,
  fresh,
  onGenerate,
  onSaved,
  failureText,
}: ReserveCodesProps) {
  const headingId = useId();
  const listId = useId();
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  const generate = async () => {
    setBusy(true);
    setFailure(null);
    setCopied(false);
    try {
      await onGenerate();
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    if (!fresh) return;
    try {
      await navigator.clipboard.writeText(fresh.join('\n'));
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        Reservkoder
      </h2>
      <p className="text-fg-muted">
        Har du inte din telefon eller nyckel med dig kan du logga in med en reservkod. Varje kod
        fungerar en gång.
      </p>
      {fresh ? (
        <div className="flex flex-col gap-3">
          <Alert variant="warning" title="Spara koderna nu">
            {RESERVE_SHOWN_ONCE}
          </Alert>
          <ol
            id={listId}
            aria-label="Dina nya reservkoder"
            className="grid grid-cols-2 gap-x-6 gap-y-1 self-start rounded-control bg-surface-sunken px-4 py-3 font-mono text-base tabular-nums"
          >
            {fresh.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ol>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => void copy()} aria-controls={listId}>
              Kopiera koderna
            </Button>
            <Button variant="secondary" onClick={() => window.print()}>
              Skriv ut
            </Button>
            <Button onClick={onSaved}>Jag har sparat koderna</Button>
          </div>
          <p role="status" className="text-sm text-fg-muted empty:hidden">
            {copied ? 'Koderna är kopierade.' : ''}
          </p>
        </div>
      ) : (
        <>
          <p>{status ? remainingText(status) : 'Du har inga reservkoder.'}</p>
          <div>
            <Button
              variant="secondary"
              loading={busy}
              loadingLabel="Skapar koder…"
              onClick={() => (status ? setConfirm(true) : void generate())}
            >
              {status ? 'Skapa nya reservkoder' : 'Skapa reservkoder'}
            </Button>
          </div>
        </>
      )}
      {failure ? <Alert variant="error">{failure}</Alert> : null}
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title="Skapa nya reservkoder?"
        description="Dina nuvarande reservkoder slutar då att fungera."
        confirmLabel="Skapa nya koder"
        busyLabel="Skapar koder…"
        fallback={RESERVE_FAILED}
        onConfirm={async () => {
          setFailure(null);
          setCopied(false);
          await onGenerate();
        }}
      />
    </section>
  );
}
