import type { ComponentPropsWithRef } from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '../../lib/cn';
import { formatNumber } from '../../lib/format';

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
      className={cn(badgeVariants({ variant }), className)}
      {...props}
    />
  );
}

/** What a count badge shows: the count in Swedish digits, capped at '99+'. */
export const countBadgeText = (count: number): string => (count > 99 ? '99+' : formatNumber(count));

/** '1 oläst', '3 olästa', '1 234 olästa': a count of unread things, for names and texts. */
export const unreadCountText = (count: number): string =>
  `${formatNumber(count)} ${count === 1 ? 'oläst' : 'olästa'}`;

export interface CountBadgeProps extends Omit<ComponentPropsWithRef<'span'>, 'children'> {
  count: number;
}

/**
 * The unread count on an icon button (the bell, the messaging widget); nothing at 0. Drawn by
 * CSS from `data-count` and hidden from assistive technology: the button's name says the count
 * in full ('Notiser, 120 olästa'), and a capped '99+' must not count as its visible text.
 * Position it with `className`.
 */
export function CountBadge({ count, className, ...props }: CountBadgeProps) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      data-count={countBadgeText(count)}
      className={cn(
        'min-w-5 rounded-badge bg-accent px-1 text-center text-xs leading-5 font-semibold text-accent-fg before:content-[attr(data-count)]',
        className,
      )}
      {...props}
    />
  );
}
