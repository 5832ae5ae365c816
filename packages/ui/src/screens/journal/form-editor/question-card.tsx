// One question in the editor: its text, type, 'Obligatorisk', and per type the choices or
// the unit. Memoised: a keystroke re-renders this card only, not the other 299.
import { memo, useEffect, useId, useRef, type Dispatch } from 'react';
import { Button } from '../../../primitives/button/button';
import { Checkbox } from '../../../primitives/checkbox/checkbox';
import { FieldError } from '../../../primitives/form-field/form-field';
import { Select } from '../../../primitives/select/select';
import { TextField } from '../../../primitives/text-field/text-field';
import {
  isChoiceType,
  questionName,
  typeOptions,
  type EditorAction,
  type EditorQuestion,
} from './editor-model';
import { DragHandle, useSortableItem } from './sortable';

export interface QuestionCardProps {
  sectionKey: string;
  question: EditorQuestion;
  index: number;
  /** The section's number, for names that say where the question is. */
  sectionNumber: number;
  choicesError?: string | undefined;
  unitError?: string | undefined;
  focusOnMount?: boolean;
  /** True while its delete call runs. */
  deleting?: boolean;
  edit: Dispatch<EditorAction>;
  onDelete: (sectionKey: string, question: EditorQuestion) => void;
}

export const QuestionCard = memo(function QuestionCard({
  sectionKey,
  question,
  index,
  sectionNumber,
  choicesError,
  unitError,
  focusOnMount,
  deleting,
  edit,
  onDelete,
}: QuestionCardProps) {
  const name = questionName(question, index);
  const where = `fråga ${index + 1} i sektion ${sectionNumber}`;
  const { setNodeRef, style, isDragging, handleProps } = useSortableItem(question.key, name);
  const legendId = useId();
  const textRef = useRef<HTMLInputElement>(null);
  // A question just added gets the focus, so the coach can type its text at once.
  useEffect(() => {
    if (focusOnMount) textRef.current?.focus();
  }, [focusOnMount]);
  const choicesErrorId = useId();
  const set = (patch: Partial<Omit<EditorQuestion, 'key' | 'id'>>) =>
    edit({ type: 'question', sectionKey, key: question.key, patch });
  const setChoice = (i: number, value: string) =>
    set({ choices: question.choices.map((c, j) => (j === i ? value : c)) });

  return (
    <li
      ref={setNodeRef}
      style={style}
      data-dragging={isDragging ? '' : undefined}
      className="rounded-card border border-border bg-surface p-3 data-dragging:shadow-overlay sm:p-4"
    >
      <fieldset aria-labelledby={legendId} className="flex flex-col gap-3">
        <div className="flex items-center gap-2">
          <DragHandle label={`Flytta ${where}`} {...handleProps} />
          <h3 id={legendId} className="min-w-0 flex-1 font-semibold">
            Fråga {index + 1}
          </h3>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            loading={deleting}
            loadingLabel="Tar bort…"
            onClick={() => onDelete(sectionKey, question)}
          >
            Ta bort<span className="sr-only"> {where}</span>
          </Button>
        </div>
        <TextField
          label="Frågetext"
          value={question.text}
          ref={textRef}
          onChange={(e) => set({ text: e.target.value })}
        />
        <div className="grid gap-3 sm:grid-cols-[minmax(0,16rem)_1fr] sm:items-end">
          <Select
            label="Frågetyp"
            options={typeOptions}
            value={question.type}
            onChange={(e) => set({ type: e.target.value as EditorQuestion['type'] })}
          />
          <Checkbox
            label="Obligatorisk"
            checked={question.required}
            onChange={(e) => set({ required: e.target.checked })}
            className="sm:pb-2"
          />
        </div>

        {isChoiceType(question.type) ? (
          <div
            role="group"
            aria-label={`Svarsalternativ för fråga ${index + 1}`}
            aria-describedby={choicesError ? choicesErrorId : undefined}
            className="flex flex-col gap-2"
          >
            <p className="font-medium">Svarsalternativ</p>
            <ol className="flex flex-col gap-2">
              {question.choices.map((choice, i) => (
                <li key={i} className="flex items-end gap-2">
                  <TextField
                    label={`Alternativ ${i + 1}`}
                    value={choice}
                    className="flex-1"
                    aria-invalid={choicesError && !choice.trim() ? true : undefined}
                    onChange={(e) => setChoice(i, e.target.value)}
                  />
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    className="mb-1"
                    onClick={() => set({ choices: question.choices.filter((_, j) => j !== i) })}
                  >
                    Ta bort<span className="sr-only"> alternativ {i + 1}</span>
                  </Button>
                </li>
              ))}
            </ol>
            <FieldError id={choicesErrorId}>{choicesError}</FieldError>
            <div>
              <Button
                type="button"
                variant="secondary"
                size="sm"
                onClick={() =>
                  set({
                    choices: [...question.choices, `Alternativ ${question.choices.length + 1}`],
                  })
                }
              >
                Lägg till alternativ
              </Button>
            </div>
          </div>
        ) : null}

        {question.type === 'NUMBER' ? (
          <TextField
            label="Enhet"
            hint="Till exempel kg, cm eller mmHg"
            value={question.unit}
            error={unitError}
            className="sm:max-w-xs"
            onChange={(e) => set({ unit: e.target.value })}
          />
        ) : null}
        {question.type === 'SCALE' ? (
          <p className="text-sm text-fg-muted">Svaret ges på en skala från 1 till 10.</p>
        ) : null}
        {question.type === 'YES_NO' ? (
          <p className="text-sm text-fg-muted">Svaret är Ja eller Nej.</p>
        ) : null}
        {question.type === 'DATE' ? (
          <p className="text-sm text-fg-muted">Svaret är ett datum.</p>
        ) : null}
      </fieldset>
    </li>
  );
});
