// A short form in a dialog opened by its own button ('Lägg till personal', 'Bjud in klient'), on
// the Radix dialog of `primitives/modal`: the caller gives the fields and checks them; the dialog
// gives the button that opens it, 'Avbryt', the send button with its busy state, and a refusal
// of the server shown inside it (nothing changes until the caller's call succeeds).
import type { FormEvent, ReactNode } from 'react';
import { Alert } from '../../primitives/alert/alert';
import { Button, type ButtonProps } from '../../primitives/button/button';
import { Modal, ModalClose } from '../../primitives/modal/modal';

export interface FormDialogProps {
  title: string;
  /** The line under the title (its accessible description). */
  description: ReactNode;
  /** The text of the button that opens the dialog. */
  triggerLabel: string;
  /** Size, variant and class of the opening button (a row's action is small and secondary). */
  triggerProps?: Pick<ButtonProps, 'size' | 'variant' | 'className' | 'aria-label'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitLabel: string;
  /** While the call runs: the send button shows `busyLabel` and ignores clicks. */
  busy: boolean;
  busyLabel: string;
  /** A refusal of the server, shown above the buttons. */
  failure?: string | null;
  /** The fields. */
  children: ReactNode;
}

export function FormDialog({
  title,
  description,
  triggerLabel,
  triggerProps,
  open,
  onOpenChange,
  onSubmit,
  submitLabel,
  busy,
  busyLabel,
  failure,
  children,
}: FormDialogProps) {
  return (
    <Modal
      title={title}
      description={description}
      open={open}
      onOpenChange={onOpenChange}
      trigger={<Button {...triggerProps}>{triggerLabel}</Button>}
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
        {children}
        {failure ? <Alert variant="error">{failure}</Alert> : null}
        <div className="flex justify-end gap-2">
          <ModalClose asChild>
            <Button type="button" variant="secondary">
              Avbryt
            </Button>
          </ModalClose>
          <Button type="submit" loading={busy} loadingLabel={busyLabel}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
