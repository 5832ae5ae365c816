// A form's sections, each with its questions as inputs: what a journal note and a client's
// questionnaire (design §4.19) are filled in with.
import type { AnswerValue, Form } from '@halsa/api';
import { useState } from 'react';
import { orderedSections, REQUIRED_MISSING, type Answers } from './answers';
import { QuestionInput } from './question-input';

export interface QuestionSectionsProps {
  form: Form;
  answers: Answers;
  /** Questions marked 'Frågan är obligatorisk.' */
  errors: ReadonlySet<number>;
  onChange: (questionId: number, value: AnswerValue) => void;
  disabled: boolean;
}

export function QuestionSections({
  form,
  answers,
  errors,
  onChange,
  disabled,
}: QuestionSectionsProps) {
  return orderedSections(form).map((section) => (
    <section
      key={section.id}
      aria-label={section.title || undefined}
      className="flex flex-col gap-4 rounded-card border border-border bg-surface p-4 shadow-card sm:p-6"
    >
      {section.title ? <h2 className="text-lg font-semibold">{section.title}</h2> : null}
      {section.instruction ? <p className="text-fg-muted">{section.instruction}</p> : null}
      {section.questions.map((q) => (
        <QuestionInput
          key={q.id}
          question={q}
          value={answers.get(q.id)}
          onChange={(v) => onChange(q.id, v)}
          error={errors.has(q.id) ? REQUIRED_MISSING : undefined}
          disabled={disabled}
        />
      ))}
    </section>
  ));
}

/**
 * The answers being filled in and the questions marked missing: `setAnswer` changes one answer
 * and takes away its mark (the note page and a questionnaire alike).
 */
export function useAnswers(initial: () => Answers) {
  const [answers, setAnswers] = useState<Answers>(initial);
  const [errors, setErrors] = useState<ReadonlySet<number>>(new Set());
  const setAnswer = (questionId: number, value: AnswerValue) => {
    setAnswers((prev) => new Map(prev).set(questionId, value));
    setErrors((prev) => {
      if (!prev.has(questionId)) return prev;
      const next = new Set(prev);
      next.delete(questionId);
      return next;
    });
  };
  return { answers, errors, setErrors, setAnswer };
}
