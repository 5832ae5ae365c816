import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { ChevronDownIcon } from '../../lib/icons';
import { controlClass } from '../form-field/control-styles';
import { describedBy, FormField } from '../form-field/form-field';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<ComponentPropsWithRef<'select'>, 'size' | 'children'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  options: readonly SelectOption[];
  /** A first, unselectable option such as 'Välj intervall'; selected when nothing else is. */
  placeholder?: string;
  className?: string;
  selectClassName?: string;
}

/** A labelled native select (keyboard and screen-reader behaviour of the platform). */
export function Select({
  label,
  hint,
  error,
  options,
  placeholder,
  id,
  className,
  selectClassName,
  value,
  defaultValue,
  'aria-describedby': ownDescribedBy,
  ref,
  ...props
}: SelectProps) {
  const initial =
    value === undefined && defaultValue === undefined && placeholder !== undefined
      ? ''
      : defaultValue;
  return (
    <FormField label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => (
        <div className="relative">
          <select
            ref={ref}
            {...props}
            {...control}
            value={value}
            defaultValue={initial}
            aria-describedby={describedBy(control['aria-describedby'], ownDescribedBy)}
            data-invalid={error ? '' : undefined}
            className={cn(controlClass, 'cursor-pointer appearance-none pr-10', selectClassName)}
          >
            {placeholder !== undefined ? (
              <option value="" disabled>
                {placeholder}
              </option>
            ) : null}
            {options.map((option) => (
              <option key={option.value} value={option.value} disabled={option.disabled}>
                {option.label}
              </option>
            ))}
          </select>
          <ChevronDownIcon className="pointer-events-none absolute inset-y-0 right-3 my-auto size-5 text-fg-muted" />
        </div>
      )}
    </FormField>
  );
}
