import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { controlClass } from '../form-field/control-styles';
import { describedBy, FormField } from '../form-field/form-field';

export interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'size'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** Classes for the wrapper; `inputClassName` for the input itself. */
  className?: string;
  inputClassName?: string;
}

/** A labelled single-line text input (text, e-mail, tel, number, date …). */
export function TextField({
  label,
  hint,
  error,
  id,
  className,
  inputClassName,
  type = 'text',
  'aria-describedby': ownDescribedBy,
  ref,
  ...props
}: TextFieldProps) {
  return (
    <FormField label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => (
        <input
          ref={ref}
          type={type}
          {...props}
          {...control}
          aria-describedby={describedBy(control['aria-describedby'], ownDescribedBy)}
          data-invalid={error ? '' : undefined}
          className={cn(controlClass, inputClassName)}
        />
      )}
    </FormField>
  );
}
