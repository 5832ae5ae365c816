// One section in the editor: title, instruction and its questions, which reorder among
// themselves. Memoised, like the questions, so typing elsewhere leaves it alone.
import { memo, useCallback, useEffect, useId, useMemo, useRef, type Dispatch } from 'react';
import { Button } from '../../../primitives/button/button';
import { FormField } from '../../../primitives/form-field/form-field';
import { controlClass } from '../../../primitives/form-field/control-styles';
import { TextField } from '../../../primitives/text-field/text-field';
import { cn } from '../../../lib/cn';
import {
  errorsOfSection,
  newKey,
  sectionName,
  type EditorAction,
  type EditorQuestion,
  type EditorSection,
} from './editor-model';
import { useSection, type EditorStore } from './editor-store';
import { QuestionCard } from './question-card';
import { DragHandle, SortableList, useSortableItem } from './sortable';

export interface SectionCardProps {
  store: EditorStore;
  sectionKey: string;
  index: number;
  /** The key of an item just added, to focus it. */
  focusKey: string | null;
  /** Keys of items whose delete call runs. */
  deleting: ReadonlySet<string>;
  edit: Dispatch<EditorAction>;
  onAdded: (key: string) => void;
  onDeleteSection: (section: EditorSection, index: number) => void;
  onDeleteQuestion: (sectionKey: string, question: EditorQuestion) => void;
}

/** A section that is gone from the store renders nothing (its removal re-renders the list). */
export const SectionCard = memo(function SectionCard({
  store,
  sectionKey,
  ...props
}: SectionCardProps) {
  const section = useSection(store, sectionKey);
  return section ? <SectionCardView section={section} {...props} /> : null;
});

interface SectionCardViewProps extends Omit<SectionCardProps, 'store' | 'sectionKey'> {
  section: EditorSection;
}

function SectionCardView({
  section,
  index,
  focusKey,
  deleting,
  edit,
  onAdded,
  onDeleteSection,
  onDeleteQuestion,
}: SectionCardViewProps) {
  const errors = errorsOfSection(section);
  const name = sectionName(section, index);
  const { setNodeRef, style, isDragging, handleProps } = useSortableItem(section.key, name);
  const headingId = useId();
  const titleRef = useRef<HTMLInputElement>(null);
  const justAdded = focusKey === section.key;
  useEffect(() => {
    if (justAdded) titleRef.current?.focus();
  }, [justAdded]);
  // Same array while the order is the same, so typing does not re-render every question.
  const order = section.questions.map((q) => q.key).join(' ');
  const ids = useMemo(() => (order ? order.split(' ') : []), [order]);
  const sectionKey = section.key;
  const onMove = useCallback(
    (from: number, to: number) => edit({ type: 'moveQuestion', sectionKey, from, to }),
    [edit, sectionKey],
  );
  const addQuestion = () => {
    const key = newKey();
    edit({ type: 'addQuestion', sectionKey, key });
    onAdded(key);
  };

  return (
    <li
      ref={setNodeRef}
      style={style}
      data-dragging={isDragging ? '' : undefined}
      // Sections off screen skip style, layout and paint: keeps typing fast in a long form.
      className="list-none [contain-intrinsic-size:auto_40rem] [content-visibility:auto]"
    >
      <section
        aria-labelledby={headingId}
        className="flex flex-col gap-4 rounded-card border border-border-strong bg-surface-muted p-3 data-dragging:shadow-overlay sm:p-5"
      >
        <div className="flex items-center gap-2">
          <DragHandle label={`Flytta sektion ${index + 1}`} {...handleProps} />
          <h2 id={headingId} className="min-w-0 flex-1 text-xl font-semibold">
            Sektion {index + 1}
          </h2>
          <Button
            type="button"
            variant="secondary"
            size="sm"
            loading={deleting.has(section.key)}
            loadingLabel="Tar bort…"
            onClick={() => onDeleteSection(section, index)}
          >
            Ta bort<span className="sr-only"> sektion {index + 1}</span>
          </Button>
        </div>
        <TextField
          label="Sektionens rubrik"
          value={section.title}
          ref={titleRef}
          onChange={(e) =>
            edit({ type: 'section', key: sectionKey, patch: { title: e.target.value } })
          }
        />
        <FormField label="Instruktion" hint="Visas för den som fyller i formuläret.">
          {(control) => (
            <textarea
              {...control}
              rows={2}
              value={section.instruction}
              onChange={(e) =>
                edit({ type: 'section', key: sectionKey, patch: { instruction: e.target.value } })
              }
              className={cn(controlClass, 'h-auto min-h-control py-2')}
            />
          )}
        </FormField>

        {section.questions.length === 0 ? (
          <p className="text-fg-muted">Sektionen har inga frågor ännu.</p>
        ) : (
          <SortableList ids={ids} onMove={onMove}>
            <ol className="flex flex-col gap-3" aria-label={`Frågor i sektion ${index + 1}`}>
              {section.questions.map((q, i) => {
                const e = errors?.get(q.key);
                return (
                  <QuestionCard
                    key={q.key}
                    sectionKey={sectionKey}
                    question={q}
                    index={i}
                    sectionNumber={index + 1}
                    choicesError={e?.choices}
                    unitError={e?.unit}
                    focusOnMount={focusKey === q.key}
                    deleting={deleting.has(q.key)}
                    edit={edit}
                    onDelete={onDeleteQuestion}
                  />
                );
              })}
            </ol>
          </SortableList>
        )}
        <div>
          <Button
            type="button"
            variant="secondary"
            data-add-question={section.key}
            onClick={addQuestion}
          >
            Lägg till fråga
          </Button>
        </div>
      </section>
    </li>
  );
}
