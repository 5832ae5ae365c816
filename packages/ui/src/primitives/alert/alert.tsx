import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '../../lib/cn';
import { CloseIcon, ErrorIcon, InfoIcon, SuccessIcon, WarningIcon } from '../../lib/icons-core';

export const alertVariants = cva('flex items-start gap-3 rounded-card border px-4 py-3', {
  variants: {
    variant: {
      info: 'border-primary/30 bg-primary-soft text-primary-soft-fg',
      success: 'border-success/30 bg-success-soft text-success-soft-fg',
      warning: 'border-warning/40 bg-warning-soft text-warning-soft-fg',
      error: 'border-danger/30 bg-danger-soft text-danger-soft-fg',
    },
  },
  defaultVariants: { variant: 'info' },
});

export type AlertVariant = NonNullable<VariantProps<typeof alertVariants>['variant']>;

const icons = {
  info: InfoIcon,
  success: SuccessIcon,
  warning: WarningIcon,
  error: ErrorIcon,
} satisfies Record<AlertVariant, unknown>;

export interface AlertProps extends Omit<ComponentPropsWithRef<'div'>, 'title'> {
  variant?: AlertVariant;
  title?: ReactNode;
  /** A next step beside the text, e.g. a link. */
  action?: ReactNode;
  /** Shows a 'Stäng' button. */
  onDismiss?: () => void;
  dismissLabel?: string;
}

/**
 * An inline message. Errors are `alert`s (announced at once); the other variants are
 * `status` regions. Pass `role` to override.
 */
export function Alert({
  variant = 'info',
  title,
  action,
  onDismiss,
  dismissLabel = 'Stäng',
  className,
  children,
  ...props
}: AlertProps) {
  const Icon = icons[variant];
  return (
    <div
      role={variant === 'error' ? 'alert' : 'status'}
      data-variant={variant}
      className={cn(alertVariants({ variant }), className)}
      {...props}
    >
      <Icon className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className={title ? 'mt-0.5' : undefined}>{children}</div> : null}
        {action ? <div className="mt-2">{action}</div> : null}
      </div>
      {onDismiss ? (
        <button
          type="button"
          aria-label={dismissLabel}
          onClick={onDismiss}
          className="-my-1 -mr-2 grid size-8 shrink-0 cursor-pointer place-items-center rounded-control hover:bg-surface/60"
        >
          <CloseIcon className="size-4" />
        </button>
      ) : null}
    </div>
  );
}
