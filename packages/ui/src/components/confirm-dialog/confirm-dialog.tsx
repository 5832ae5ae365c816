// A yes/no question before something that cannot be undone (deactivate, delete, publish), on
// the Radix dialog of `primitives/modal`: focus is trapped, Escape and 'Avbryt' close it. A
// failure is shown inside the dialog and nothing changes.
import { useState, type ReactNode } from 'react';
import { isApiError } from '@halsa/api';
import { Alert } from '../../primitives/alert/alert';
import { Button } from '../../primitives/button/button';
import { Modal, ModalClose } from '../../primitives/modal/modal';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Text on the button while `onConfirm` runs, e.g. 'Tar bort…'. */
  busyLabel: string;
  variant?: 'primary' | 'danger';
  /** Runs the action; a thrown ApiError's message is shown in the dialog. */
  onConfirm: () => Promise<unknown>;
  /** Shown when the error carries no message. */
  fallback: string;
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  busyLabel,
  variant = 'primary',
  onConfirm,
  fallback,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch (e) {
      setError(isApiError(e) ? e.message : fallback);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      size="sm"
      title={title}
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        if (!next) setError(null);
        onOpenChange(next);
      }}
      footer={
        <>
          <ModalClose asChild>
            <Button type="button" variant="secondary" disabled={busy}>
              Avbryt
            </Button>
          </ModalClose>
          <Button
            type="button"
            variant={variant}
            loading={busy}
            loadingLabel={busyLabel}
            onClick={() => void confirm()}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <p>{description}</p>
        {error ? <Alert variant="error">{error}</Alert> : null}
      </div>
    </Modal>
  );
}
