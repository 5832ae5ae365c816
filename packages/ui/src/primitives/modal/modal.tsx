import type { ReactElement, ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '../../lib/cn';
import { CloseIcon } from '../../lib/icons';

export const MODAL_CLOSE_LABEL = 'Stäng';

const modalContent = cva(
  [
    'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col',
    'rounded-card bg-surface text-fg shadow-overlay',
  ],
  {
    variants: {
      size: { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-3xl' },
    },
    defaultVariants: { size: 'md' },
  },
);

export interface ModalProps extends VariantProps<typeof modalContent> {
  /** The dialog's heading and accessible name. */
  title: ReactNode;
  /** Short text under the title, used as the accessible description. */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom, e.g. `<ModalClose asChild><Button>Avbryt</Button></ModalClose>`. */
  footer?: ReactNode;
  /** An element that opens the dialog (rendered as is, e.g. a Button). */
  trigger?: ReactElement;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Accessible name of the close button. */
  closeLabel?: string;
  className?: string;
}

/**
 * A modal dialog (Radix Dialog): focus is trapped and returns to the trigger, Escape and the
 * 'Stäng' button close it, the page behind is inert.
 */
export function Modal({
  title,
  description,
  children,
  footer,
  trigger,
  open,
  defaultOpen,
  onOpenChange,
  closeLabel = MODAL_CLOSE_LABEL,
  size,
  className,
}: ModalProps) {
  return (
    <Dialog.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      {trigger ? <Dialog.Trigger asChild>{trigger}</Dialog.Trigger> : null}
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-overlay" />
        <Dialog.Content
          className={cn(modalContent({ size }), className)}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start gap-4 border-b border-border px-6 py-4">
            <div className="min-w-0 flex-1">
              <Dialog.Title className="text-xl font-semibold text-fg">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="mt-1 text-fg-muted">
                  {description}
                </Dialog.Description>
              ) : null}
            </div>
            <Dialog.Close
              aria-label={closeLabel}
              className="-mr-2 grid size-10 shrink-0 cursor-pointer place-items-center rounded-control text-fg-muted hover:bg-surface-sunken hover:text-fg"
            >
              <CloseIcon />
            </Dialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-6 py-4">{children}</div>
          {footer ? (
            <div className="flex flex-wrap justify-end gap-3 border-t border-border px-6 py-4">
              {footer}
            </div>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Closes the surrounding Modal; use with `asChild` around a Button. */
export const ModalClose = Dialog.Close;
