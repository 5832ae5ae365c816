import { useState, type ChangeEvent } from 'react';
import { cn } from '../../lib/cn';
import { EyeIcon, EyeOffIcon } from '../../lib/icons-core';
import { controlClass } from '../form-field/control-styles';
import { describedBy, FormField } from '../form-field/form-field';
import type { TextFieldProps } from '../text-field/text-field';

export const SHOW_PASSWORD_LABEL = 'Visa lösenord';
export const HIDE_PASSWORD_LABEL = 'Dölj lösenord';

export type PasswordFieldProps = Omit<TextFieldProps, 'type'>;

/**
 * A password input. The show/hide toggle ('Visa lösenord' / 'Dölj lösenord') appears only once
 * text is typed, and the password is hidden again when the field is emptied.
 * Works controlled (`value`) and uncontrolled (`defaultValue`).
 */
export function PasswordField({
  label,
  hint,
  error,
  id,
  className,
  inputClassName,
  value,
  defaultValue,
  onChange,
  disabled,
  'aria-describedby': ownDescribedBy,
  ref,
  ...props
}: PasswordFieldProps) {
  const [typed, setTyped] = useState(() => String(defaultValue ?? '').length > 0);
  const [visible, setVisible] = useState(false);
  const hasText = value !== undefined && value !== null ? String(value).length > 0 : typed;

  // Emptied from outside (e.g. a form reset of a controlled value): hide the password again.
  if (!hasText && visible) setVisible(false);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const nextHasText = event.target.value.length > 0;
    setTyped(nextHasText);
    if (!nextHasText) setVisible(false);
    onChange?.(event);
  };

  return (
    <FormField label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => (
        <div className="relative">
          <input
            ref={ref}
            {...props}
            {...control}
            type={visible ? 'text' : 'password'}
            value={value}
            defaultValue={defaultValue}
            onChange={handleChange}
            disabled={disabled}
            aria-describedby={describedBy(control['aria-describedby'], ownDescribedBy)}
            data-invalid={error ? '' : undefined}
            data-visible={visible ? '' : undefined}
            className={cn(controlClass, hasText && 'pr-12', inputClassName)}
          />
          {hasText ? (
            <button
              type="button"
              aria-label={visible ? HIDE_PASSWORD_LABEL : SHOW_PASSWORD_LABEL}
              aria-controls={control.id}
              disabled={disabled}
              onClick={() => setVisible((shown) => !shown)}
              className={cn(
                'absolute inset-y-0 right-1 my-auto grid size-9 cursor-pointer place-items-center',
                'rounded-control text-fg-muted hover:not-disabled:bg-surface-sunken hover:not-disabled:text-fg',
                'disabled:cursor-not-allowed',
              )}
            >
              {visible ? <EyeOffIcon /> : <EyeIcon />}
            </button>
          ) : null}
        </div>
      )}
    </FormField>
  );
}
