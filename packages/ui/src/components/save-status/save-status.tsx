// The one save status (issue 37) of every autosaved page — the journal note, the forms builder
// and the questionnaires: what the autosave queue (lib/autosave) is doing, in a polite live
// region: 'Sparar…', 'Sparat', offline, invalid, refused with 'Försök igen', or a conflict.
// The page names what is saved ('Svaren', 'Ändringar') in its `texts`.
import { Button } from '../../primitives/button/button';
import { Spinner } from '../../primitives/spinner/spinner';
import { CheckIcon, ErrorIcon, WarningIcon } from '../../lib/icons';
import type { SaveState } from '../../lib/autosave/autosave-queue';

export interface SaveStatusTexts {
  /** Before the first change, e.g. 'Svaren sparas automatiskt.'. */
  idle: string;
  /** While offline: the edit is kept and sent later. */
  offline: string;
  /** While the document has errors (only pages that check before sending). */
  invalid?: string;
}

export interface SaveStatusProps {
  state: SaveState;
  texts: SaveStatusTexts;
  onRetry: () => void;
  /** The page shows a conflict elsewhere (an alert with a way to reload): not repeated here. */
  conflictShownElsewhere?: boolean;
}

export function SaveStatus({ state, texts, onRetry, conflictShownElsewhere }: SaveStatusProps) {
  const problem = state.kind === 'offline' || state.kind === 'failed';
  return (
    <div
      role="status"
      aria-label="Sparstatus"
      className="flex min-h-target flex-wrap items-center gap-2 text-sm"
      data-state={state.kind}
    >
      {state.kind === 'saving' ? (
        <>
          <Spinner decorative size="sm" />
          <span>Sparar…</span>
        </>
      ) : state.kind === 'saved' ? (
        <>
          <CheckIcon className="size-4 text-success" />
          <span>Sparat</span>
        </>
      ) : state.kind === 'offline' || state.kind === 'invalid' ? (
        <>
          <WarningIcon className="size-4 shrink-0 text-warning" />
          <span>{state.kind === 'offline' ? texts.offline : texts.invalid}</span>
        </>
      ) : state.kind === 'failed' || (state.kind === 'conflict' && !conflictShownElsewhere) ? (
        <>
          <ErrorIcon className="size-4 shrink-0 text-danger" />
          <span className="text-danger">{state.message}</span>
        </>
      ) : state.kind === 'idle' ? (
        <span className="text-fg-muted">{texts.idle}</span>
      ) : null}
      {problem ? (
        <Button type="button" variant="secondary" size="sm" onClick={onRetry}>
          Försök igen
        </Button>
      ) : null}
    </div>
  );
}
