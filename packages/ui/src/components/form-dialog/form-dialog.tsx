// A short form in a dialog opened by its own button ('Lägg till personal', 'Bjud in klient'), on
// the Radix dialog of `primitives/modal`: the caller gives the fields and checks them; the dialog
// gives the button that opens it, 'Avbryt', the send button with its busy state, and a refusal
// of the server shown inside it (nothing changes until the caller's call succeeds).
import { useId, type FormEvent, type ReactNode } from 'react';
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
  const formId = useId();
  // The buttons (and a refusal) sit in the dialog's footer, which stays on screen while the
  // fields scroll: on a phone under three errors they are never cut off (issue 35).
  return (
    <Modal
      title={title}
      description={description}
      open={open}
      onOpenChange={onOpenChange}
      trigger={<Button {...triggerProps}>{triggerLabel}</Button>}
      footer={
        <>
          {failure ? (
            <Alert variant="error" className="w-full">
              {failure}
            </Alert>
          ) : null}
          <ModalClose asChild>
            <Button type="button" variant="secondary">
              Avbryt
            </Button>
          </ModalClose>
          <Button type="submit" form={formId} loading={busy} loadingLabel={busyLabel}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
        {children}
      </form>
    </Modal>
  );
}
