// One question of a journal form as an accessible input: text and long text, yes/no, single
// and multiple choice, scale 1–10 (radio buttons), number with unit, and date. Groups of
// choices are a fieldset whose legend is the question. A number that is not a number shows a
// Swedish message and keeps the last valid answer.
import type { AnswerValue, FormQuestion } from '@halsa/api';
import { useId, useState, type ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import { Checkbox } from '../../../primitives/checkbox/checkbox';
import { controlClass } from '../../../primitives/form-field/control-styles';
import { FieldError, FormField, describedBy } from '../../../primitives/form-field/form-field';
import { NUMBER_INVALID, numberText, parseNumberAnswer, SCALE_STEPS } from './answers';

export interface QuestionInputProps {
  question: FormQuestion;
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue) => void;
  /** A message for this question (e.g. 'Frågan är obligatorisk.'). */
  error?: string;
  disabled?: boolean;
}

const requiredMark = (q: FormQuestion) =>
  q.required ? (
    <>
      {' '}
      <span className="font-normal text-fg-muted">(obligatorisk)</span>
    </>
  ) : null;

function Choices({
  question,
  error,
  children,
  inline = false,
}: {
  question: FormQuestion;
  error?: string;
  children: (errorId: string | undefined) => ReactNode;
  inline?: boolean;
}) {
  const errorId = useId();
  return (
    <fieldset className="flex flex-col" data-invalid={error ? '' : undefined}>
      <legend className="mb-1.5 font-medium text-fg">
        {question.text}
        {requiredMark(question)}
      </legend>
      <div className={cn('flex gap-2', inline ? 'flex-wrap' : 'flex-col')}>
        {children(error ? errorId : undefined)}
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </fieldset>
  );
}

function Radio({
  name,
  label,
  checked,
  onSelect,
  disabled,
  errorId,
  compact = false,
}: {
  name: string;
  label: string;
  checked: boolean;
  onSelect: () => void;
  disabled?: boolean;
  errorId?: string;
  compact?: boolean;
}) {
  return (
    <label
      className={cn(
        'flex min-h-target cursor-pointer items-center gap-2 rounded-control',
        compact &&
          'min-w-11 justify-center border border-border-strong px-2 has-checked:border-primary has-checked:bg-primary has-checked:text-primary-fg',
        // The radio itself is visually hidden: its focus ring goes on the label.
        compact &&
          'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-focus',
        disabled && 'cursor-not-allowed text-fg-muted',
      )}
    >
      <input
        type="radio"
        name={name}
        checked={checked}
        onChange={onSelect}
        disabled={disabled}
        aria-describedby={describedBy(errorId)}
        className={cn('size-5 accent-primary', compact && 'sr-only')}
      />
      {label}
    </label>
  );
}

export function QuestionInput({ question, value, onChange, error, disabled }: QuestionInputProps) {
  const name = `fraga-${question.id}`;
  const choices = question.options.choices ?? [];
  const [numberDraft, setNumberDraft] = useState(() => numberText(value));
  const [numberError, setNumberError] = useState<string | undefined>(undefined);
  const label = (
    <>
      {question.text}
      {requiredMark(question)}
    </>
  );

  switch (question.type) {
    case 'SHORT_TEXT':
      return (
        <FormField label={label} error={error}>
          {(control) => (
            <input
              {...control}
              type="text"
              className={controlClass}
              value={typeof value === 'string' ? value : ''}
              onChange={(e) => onChange(e.target.value)}
              disabled={disabled}
              aria-required={question.required || undefined}
            />
          )}
        </FormField>
      );
    case 'LONG_TEXT':
      return (
        <FormField label={label} error={error}>
          {(control) => (
            <textarea
              {...control}
              rows={4}
              className={cn(controlClass, 'h-auto py-2')}
              value={typeof value === 'string' ? value : ''}
              onChange={(e) => onChange(e.target.value)}
              disabled={disabled}
              aria-required={question.required || undefined}
            />
          )}
        </FormField>
      );
    case 'YES_NO':
      return (
        <Choices question={question} error={error} inline>
          {(errorId) =>
            (
              [
                [true, 'Ja'],
                [false, 'Nej'],
              ] as const
            ).map(([v, text]) => (
              <Radio
                key={text}
                name={name}
                label={text}
                checked={value === v}
                onSelect={() => onChange(v)}
                disabled={disabled}
                errorId={errorId}
              />
            ))
          }
        </Choices>
      );
    case 'SINGLE_CHOICE':
      return (
        <Choices question={question} error={error}>
          {(errorId) =>
            choices.map((choice) => (
              <Radio
                key={choice}
                name={name}
                label={choice}
                checked={value === choice}
                onSelect={() => onChange(choice)}
                disabled={disabled}
                errorId={errorId}
              />
            ))
          }
        </Choices>
      );
    case 'MULTIPLE_CHOICE': {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <Choices question={question} error={error}>
          {(errorId) =>
            choices.map((choice) => (
              <Checkbox
                key={choice}
                label={choice}
                checked={chosen.includes(choice)}
                disabled={disabled}
                aria-describedby={errorId}
                onChange={(e) =>
                  onChange(
                    e.target.checked
                      ? choices.filter((c) => c === choice || chosen.includes(c))
                      : chosen.filter((c) => c !== choice),
                  )
                }
              />
            ))
          }
        </Choices>
      );
    }
    case 'SCALE':
      return (
        <Choices question={question} error={error} inline>
          {(errorId) =>
            SCALE_STEPS.map((step) => (
              <Radio
                key={step}
                name={name}
                label={String(step)}
                checked={value === step}
                onSelect={() => onChange(step)}
                disabled={disabled}
                errorId={errorId}
                compact
              />
            ))
          }
        </Choices>
      );
    case 'NUMBER': {
      const unit = question.options.unit?.trim();
      return (
        <FormField
          label={
            <>
              {question.text}
              {unit ? ` (${unit})` : null}
              {requiredMark(question)}
            </>
          }
          error={numberError ?? error}
        >
          {(control) => (
            <div className="flex max-w-xs items-center gap-2">
              <input
                {...control}
                type="text"
                inputMode="decimal"
                autoComplete="off"
                className={controlClass}
                value={numberDraft}
                disabled={disabled}
                aria-required={question.required || undefined}
                onChange={(e) => {
                  const text = e.target.value;
                  setNumberDraft(text);
                  const parsed = parseNumberAnswer(text);
                  if (parsed === undefined) {
                    setNumberError(NUMBER_INVALID);
                  } else {
                    setNumberError(undefined);
                    onChange(parsed);
                  }
                }}
              />
              {unit ? (
                <span aria-hidden="true" className="text-fg-muted">
                  {unit}
                </span>
              ) : null}
            </div>
          )}
        </FormField>
      );
    }
    case 'DATE':
      return (
        <FormField label={label} error={error}>
          {(control) => (
            <input
              {...control}
              type="date"
              className={cn(controlClass, 'max-w-xs')}
              value={typeof value === 'string' ? value : ''}
              onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
              disabled={disabled}
              aria-required={question.required || undefined}
            />
          )}
        </FormField>
      );
  }
}
