import { useId, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { ErrorIcon } from '../../lib/icons-core';

/** What a FormField hands its control so label, hint and error are tied to it. */
export interface FormFieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

export interface FormFieldProps {
  /** The visible label. */
  label: ReactNode;
  /** Help text under the label, read after the label. */
  hint?: ReactNode;
  /** Validation message; marks the control invalid and is announced politely. */
  error?: ReactNode;
  /** Id of the control; generated when left out. */
  id?: string;
  className?: string;
  /** Renders the control with the props it needs: `{(control) => <input {...control} />}`. */
  children: (control: FormFieldControlProps) => ReactNode;
}

/** Joins ids for `aria-describedby`, or undefined when there are none. */
export function describedBy(...ids: Array<string | false | null | undefined>): string | undefined {
  const joined = ids.filter(Boolean).join(' ');
  return joined || undefined;
}

/**
 * Label, hint and error around one control. The hint and error are tied to the control
 * with `aria-describedby`; an error sets `aria-invalid`. The error sits in an `aria-live`
 * region that is always present, so a new message is announced without an alert role.
 */
export function FormField({ label, hint, error, id, className, children }: FormFieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const invalid = Boolean(error);
  return (
    <div className={cn('flex flex-col', className)} data-invalid={invalid ? '' : undefined}>
      <label htmlFor={controlId} className="mb-1.5 font-medium text-fg">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="mb-1.5 text-sm text-fg-muted">
          {hint}
        </p>
      ) : null}
      {children({
        id: controlId,
        'aria-describedby': describedBy(hint ? hintId : undefined, invalid && errorId),
        'aria-invalid': invalid ? true : undefined,
      })}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

export interface FieldErrorProps {
  id: string;
  children?: ReactNode;
  className?: string;
}

/** The always-present polite live region that holds a field's error message. */
export function FieldError({ id, children, className }: FieldErrorProps) {
  return (
    <p
      id={id}
      aria-live="polite"
      className={cn('flex items-start gap-1.5 text-sm text-danger not-empty:mt-1.5', className)}
    >
      {children ? (
        <>
          <ErrorIcon className="mt-0.5 size-4 shrink-0" />
          <span>{children}</span>
        </>
      ) : null}
    </p>
  );
}
