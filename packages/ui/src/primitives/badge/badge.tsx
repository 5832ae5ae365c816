import type { ComponentPropsWithRef } from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { cx } from '../../lib/cx';

export const badgeVariants = cva(
  'inline-flex items-center gap-1 rounded-badge px-2.5 py-0.5 text-sm leading-5 font-medium whitespace-nowrap',
  {
    variants: {
      variant: {
        neutral: 'bg-surface-sunken text-fg',
        info: 'bg-primary-soft text-primary-soft-fg',
        success: 'bg-success-soft text-success-soft-fg',
        warning: 'bg-warning-soft text-warning-soft-fg',
        danger: 'bg-danger-soft text-danger-soft-fg',
        /** The blue accent: unread counts only. */
        unread: 'bg-accent text-accent-fg',
      },
    },
    defaultVariants: { variant: 'neutral' },
  },
);

export type BadgeVariant = NonNullable<VariantProps<typeof badgeVariants>['variant']>;

export interface BadgeProps extends ComponentPropsWithRef<'span'> {
  variant?: BadgeVariant;
}

/** A short status label such as 'Utkast'. */
export function Badge({ variant, className, ...props }: BadgeProps) {
  return (
    <span
      data-variant={variant ?? 'neutral'}
      className={cx(badgeVariants({ variant }), className)}
      {...props}
    />
  );
}
