import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { CheckIcon } from '../../lib/icons';
import { describedBy, FieldError } from '../form-field/form-field';

export interface CheckboxProps extends Omit<ComponentPropsWithRef<'input'>, 'type' | 'size'> {
  /** The visible label, beside the box. */
  label: ReactNode;
  hint?: ReactNode;
  /** Validation message; marks the box invalid and is announced politely. */
  error?: ReactNode;
  className?: string;
}

/** A labelled checkbox with a 24 px box, optional hint and error. */
export function Checkbox({
  label,
  hint,
  error,
  id,
  className,
  'aria-describedby': ownDescribedBy,
  ref,
  ...props
}: CheckboxProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const invalid = Boolean(error);
  return (
    <div className={cn('flex flex-col', className)} data-invalid={invalid ? '' : undefined}>
      <div className="flex items-start gap-3">
        <span className="relative flex size-target shrink-0 items-center justify-center">
          <input
            ref={ref}
            type="checkbox"
            id={controlId}
            aria-describedby={describedBy(
              hint ? hintId : undefined,
              invalid && errorId,
              ownDescribedBy,
            )}
            aria-invalid={invalid ? true : undefined}
            className={cn(
              'peer size-target cursor-pointer appearance-none rounded-md border-2 border-border-strong bg-surface',
              'transition-colors hover:not-disabled:border-fg-muted',
              'checked:border-primary checked:bg-primary hover:not-disabled:checked:border-primary-hover hover:not-disabled:checked:bg-primary-hover',
              'aria-invalid:border-danger',
              'disabled:cursor-not-allowed disabled:border-border disabled:bg-surface-sunken',
              'disabled:checked:border-fg-muted disabled:checked:bg-fg-muted',
            )}
            {...props}
          />
          <CheckIcon
            strokeWidth={3}
            className="pointer-events-none absolute size-4 text-primary-fg opacity-0 peer-checked:opacity-100"
          />
        </span>
        <label
          htmlFor={controlId}
          className="cursor-pointer pt-px leading-6 text-fg peer-disabled:cursor-not-allowed"
        >
          {label}
        </label>
      </div>
      {hint ? (
        <p id={hintId} className="mt-1 pl-9 text-sm text-fg-muted">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} className="pl-9">
        {error}
      </FieldError>
    </div>
  );
}
