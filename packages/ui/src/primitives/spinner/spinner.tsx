import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '../../lib/cn';

export const SPINNER_LABEL = 'Laddar…';

export const spinnerVariants = cva(
  'inline-block shrink-0 animate-spin rounded-full border-current border-r-transparent',
  {
    variants: {
      size: {
        sm: 'size-4 border-2',
        md: 'size-6 border-[3px]',
        lg: 'size-10 border-4',
      },
    },
    defaultVariants: { size: 'md' },
  },
);

export interface SpinnerProps extends VariantProps<typeof spinnerVariants> {
  /** What is loading, read by screen readers (and shown with `showLabel`). */
  label?: string;
  /** Show the label beside the spinner. */
  showLabel?: boolean;
  /** Only the circle, hidden from assistive technology (e.g. inside a busy button). */
  decorative?: boolean;
  className?: string;
}

/** A loading indicator: a `status` region named 'Laddar…' unless told otherwise. */
export function Spinner({
  label = SPINNER_LABEL,
  showLabel = false,
  decorative = false,
  size,
  className,
}: SpinnerProps) {
  const circle = (
    <span
      aria-hidden="true"
      data-slot="spinner"
      className={cn(spinnerVariants({ size }), decorative && className)}
    />
  );
  if (decorative) return circle;
  return (
    <span role="status" className={cn('inline-flex items-center gap-2 text-primary', className)}>
      {circle}
      <span className={showLabel ? 'text-fg-muted' : 'sr-only'}>{label}</span>
    </span>
  );
}
