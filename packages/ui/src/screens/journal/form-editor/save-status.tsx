// What autosave is doing, in a polite live region: 'Sparar…', 'Sparat', offline, invalid,
// failed with 'Försök igen'. A 409 conflict is an alert with a way to load the latest form.
import { Alert } from '../../../primitives/alert/alert';
import { Button } from '../../../primitives/button/button';
import { Spinner } from '../../../primitives/spinner/spinner';
import { CheckIcon, ErrorIcon, WarningIcon } from '../../../lib/icons';
import type { SaveState } from './use-autosave';

export const SAVE_TEXTS = {
  idle: 'Ändringar sparas automatiskt.',
  saving: 'Sparar…',
  saved: 'Sparat',
  offline: 'Ingen anslutning – ändringarna sparas när du är online igen.',
  invalid: 'Rätta felen i formuläret så sparas ändringarna.',
} as const;

export interface SaveStatusProps {
  state: SaveState;
  onRetry: () => void;
}

export function SaveStatus({ state, onRetry }: SaveStatusProps) {
  return (
    <div
      role="status"
      aria-label="Sparstatus"
      className="flex min-h-target items-center gap-2 text-sm"
      data-state={state.kind}
    >
      {state.kind === 'saving' ? (
        <>
          <Spinner decorative size="sm" />
          <span>{SAVE_TEXTS.saving}</span>
        </>
      ) : state.kind === 'saved' ? (
        <>
          <CheckIcon className="size-4 text-success" />
          <span>{SAVE_TEXTS.saved}</span>
        </>
      ) : state.kind === 'offline' || state.kind === 'invalid' ? (
        <>
          <WarningIcon className="size-4 shrink-0 text-warning" />
          <span>{SAVE_TEXTS[state.kind]}</span>
        </>
      ) : state.kind === 'failed' ? (
        <>
          <ErrorIcon className="size-4 shrink-0 text-danger" />
          <span className="text-danger">{state.message}</span>
          <Button type="button" variant="secondary" size="sm" onClick={onRetry}>
            Försök igen
          </Button>
        </>
      ) : state.kind === 'idle' ? (
        <span className="text-fg-muted">{SAVE_TEXTS.idle}</span>
      ) : null}
    </div>
  );
}

export interface ConflictAlertProps {
  message: string;
  onReload: () => void;
}

export function ConflictAlert({ message, onReload }: ConflictAlertProps) {
  return (
    <Alert
      variant="error"
      title="Ändringarna kunde inte sparas"
      action={
        <Button type="button" variant="secondary" size="sm" onClick={onReload}>
          Ladda om formuläret
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
