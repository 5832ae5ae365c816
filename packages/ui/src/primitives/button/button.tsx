import type { ComponentPropsWithRef, MouseEvent } from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '../../lib/cn';
import { Spinner, SPINNER_LABEL } from '../spinner/spinner';

const boxed: Array<'primary' | 'secondary' | 'ghost' | 'danger'> = [
  'primary',
  'secondary',
  'ghost',
  'danger',
];

/**
 * The button look, also for links that act as buttons:
 * `<Link to="/overview" className={buttonVariants({ variant: 'primary' })}>`.
 */
export const buttonVariants = cva(
  [
    'inline-flex items-center justify-center gap-2 rounded-control font-medium whitespace-nowrap',
    'cursor-pointer no-underline transition-colors select-none',
    'disabled:cursor-not-allowed data-loading:cursor-progress',
  ],
  {
    variants: {
      variant: {
        primary:
          'bg-primary text-primary-fg hover:not-disabled:bg-primary-hover disabled:bg-surface-sunken disabled:text-fg-muted',
        secondary:
          'border border-border-strong bg-surface text-primary hover:not-disabled:bg-primary-soft disabled:border-border disabled:bg-surface-sunken disabled:text-fg-muted',
        ghost: 'bg-transparent text-fg hover:not-disabled:bg-surface-sunken disabled:text-fg-muted',
        danger:
          'bg-danger text-danger-fg hover:not-disabled:bg-danger-hover disabled:bg-surface-sunken disabled:text-fg-muted',
        link: 'min-h-target bg-transparent text-accent underline underline-offset-4 hover:not-disabled:text-accent-hover disabled:text-fg-muted disabled:no-underline',
      },
      size: {
        sm: 'text-sm',
        md: 'text-base',
        lg: 'text-lg',
      },
    },
    compoundVariants: [
      { variant: boxed, size: 'sm', class: 'h-control-sm px-3' },
      { variant: boxed, size: 'md', class: 'h-control px-4' },
      { variant: boxed, size: 'lg', class: 'h-control-lg px-6' },
    ],
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

export type ButtonVariant = NonNullable<VariantProps<typeof buttonVariants>['variant']>;
export type ButtonSize = NonNullable<VariantProps<typeof buttonVariants>['size']>;

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Busy: shows a spinner and `loadingLabel`, sets `aria-busy` and ignores clicks. */
  loading?: boolean;
  /** Text while loading, e.g. 'Registrerar...'. */
  loadingLabel?: string;
}

/**
 * A button. The `type` is the native one (submit inside a form), so pass `type="button"`
 * for actions inside forms. A loading button stays focusable (`aria-disabled`) so focus is
 * not lost while a request runs.
 */
export function Button({
  variant,
  size,
  loading = false,
  loadingLabel = SPINNER_LABEL,
  disabled,
  className,
  children,
  onClick,
  ref,
  ...props
}: ButtonProps) {
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <button
      ref={ref}
      className={cn(buttonVariants({ variant, size }), className)}
      disabled={disabled}
      aria-busy={loading || undefined}
      aria-disabled={loading || undefined}
      data-variant={variant ?? 'primary'}
      data-loading={loading ? '' : undefined}
      data-disabled={disabled ? '' : undefined}
      onClick={handleClick}
      {...props}
    >
      {loading ? (
        <>
          <Spinner decorative size="sm" />
          <span>{loadingLabel}</span>
        </>
      ) : (
        children
      )}
    </button>
  );
}
