// /journal/templates/:formId (spec §2.4, §3; issue 12): the forms builder. A draft is edited
// here: title, sections (title, instruction) and questions of eight types, reordered by drag or
// keyboard, saved automatically (use-autosave.ts). Only an ADMIN may publish (spec §6; issue
// 22): STAFF edits and is told so. A published form opens read-only with 'Duplicera'. Loading
// fails with 'Misslyckades att ladda formulär.' (spec §8).
import {
  deleteFormQuestion,
  deleteFormSection,
  formKey,
  isApiError,
  useForm,
  usePublishForm,
  useSession,
  type Form,
} from '@halsa/api';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { paths } from '../../../config/paths';
import { Alert } from '../../../primitives/alert/alert';
import { Button } from '../../../primitives/button/button';
import { Spinner } from '../../../primitives/spinner/spinner';
import { TextField } from '../../../primitives/text-field/text-field';
import { useToast } from '../../../primitives/toast/toast';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import {
  fromForm,
  isEdit,
  newKey,
  sectionName,
  type EditorAction,
  type EditorQuestion,
  type EditorSection,
} from './editor-model';
import { ReadOnlyForm } from './read-only-form';
import { ConflictAlert } from './conflict-alert';
import { SectionCard } from './section-card';
import { SortableList } from './sortable';
import { readStoredDraft, SAVE_TEXTS, useFormAutosave } from './use-autosave';
import {
  useCreateEditorStore,
  useEditorTitle,
  useSectionOrder,
  type EditorStore,
} from './editor-store';
import { LoadError } from '../../../components/load-error/load-error';
import { SaveStatus } from '../../../components/save-status/save-status';

export const LOAD_FAILED = 'Misslyckades att ladda formulär.';
/** Height of the sticky save bar plus a little air. */
const SAVE_BAR_CLEARANCE = '4rem';
const FETCH_FALLBACK = 'Misslyckades att hämta formulär';
export const PUBLISH_FAILED = 'Misslyckades att publicera formulär';
export const DELETE_PART_FAILED = 'Misslyckades att ta bort';
export const ADMIN_ONLY_PUBLISH = 'Endast administratörer kan publicera formulär.';

/**
 * Focus for after a removal, whose button is gone: the nearest 'Lägg till' button. Waits for
 * a dialog that closes first to hand focus back.
 */
const focusSoon = (selector: string) =>
  setTimeout(() => document.querySelector<HTMLElement>(selector)?.focus(), 50);

const sectionDeleteText = (section: EditorSection, index: number) => {
  const name = sectionName(section, index);
  const n = section.questions.length;
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} och ${n === 1 ? 'dess fråga' : `dess ${n} frågor`} tas bort. Det går inte att ångra.`;
};

export function FormEditorScreen() {
  const { formId } = useParams();
  const id = Number(formId);
  const validId = Number.isInteger(id) && id > 0;
  const { form, error, isLoading, mutate } = useForm(validId ? id : null, {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
  });
  // Bumped by 'Ladda om formuläret' after a conflict: the editor starts again from the server.
  const [generation, setGeneration] = useState(0);

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4 px-gutter py-section">
      <Link
        to={paths.journalTemplates}
        className="self-start text-accent underline underline-offset-4"
      >
        Tillbaka till journalformulär
      </Link>
      {!validId ? (
        <Alert variant="error" title={LOAD_FAILED}>
          Formuläret hittades inte.
        </Alert>
      ) : error ? (
        <LoadError title={LOAD_FAILED} onRetry={() => void mutate()}>
          {error.message !== FETCH_FALLBACK ? error.message : null}
        </LoadError>
      ) : isLoading || !form ? (
        <Spinner label="Hämtar formulär…" />
      ) : form.drafted ? (
        <FormEditorBody
          key={`${form.id}:${generation}`}
          form={form}
          onReload={async () => {
            await mutate();
            setGeneration((g) => g + 1);
          }}
        />
      ) : (
        <ReadOnlyForm form={form} />
      )}
    </div>
  );
}

interface FormEditorBodyProps {
  form: Form;
  onReload: () => Promise<void>;
}

function FormEditorBody({ form, onReload }: FormEditorBodyProps) {
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const [restored] = useState(() => readStoredDraft(form.id, form.version));
  const store = useCreateEditorStore(() => restored ?? fromForm(form));
  const { state, markDirty, retry, removeSaved } = useFormAutosave({
    formId: form.id,
    version: form.version,
    store,
    restored: restored !== null,
  });
  const edit = useCallback(
    (action: EditorAction) => {
      store.dispatch(action);
      if (isEdit(action)) markDirty();
    },
    [markDirty, store],
  );
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ReadonlySet<string>>(() => new Set());
  const [confirmSection, setConfirmSection] = useState<{
    section: EditorSection;
    index: number;
  } | null>(null);
  const [publishing, setPublishing] = useState(false);
  const { trigger: publish } = usePublishForm();

  const busy = (key: string, on: boolean) =>
    setDeleting((prev) => {
      const next = new Set(prev);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  // A 409 (someone else saved, or it was published) is shown by the save status with
  // 'Ladda om formuläret'; a toast would say it twice.
  const deleteFailed = useCallback(
    (e: unknown) => {
      if (isApiError(e) && e.status === 409) return;
      toast.error(isApiError(e) ? e.message : DELETE_PART_FAILED);
    },
    [toast],
  );

  const deleteSectionNow = useCallback(
    async (section: EditorSection) => {
      if (section.id === undefined) {
        edit({ type: 'removeSection', key: section.key });
        return;
      }
      const sectionId = section.id;
      busy(section.key, true);
      try {
        await removeSaved((version) => deleteFormSection(form.id, sectionId, version), {
          type: 'removeSection',
          key: section.key,
        });
        void mutate(formKey(form.id));
        toast.success('Sektionen togs bort.');
        focusSoon('[data-add-section]');
      } finally {
        busy(section.key, false);
      }
    },
    [edit, form.id, mutate, removeSaved, toast],
  );

  const onDeleteSection = useCallback(
    (section: EditorSection, index: number) => {
      if (section.questions.length > 0) setConfirmSection({ section, index });
      else void deleteSectionNow(section).catch(deleteFailed);
    },
    [deleteFailed, deleteSectionNow],
  );

  const onDeleteQuestion = useCallback(
    (sectionKey: string, question: EditorQuestion) => {
      const section = store.get().sections.find((s) => s.key === sectionKey);
      if (question.id === undefined || section?.id === undefined) {
        edit({ type: 'removeQuestion', sectionKey, key: question.key });
        return;
      }
      const args = { sectionId: section.id, questionId: question.id };
      busy(question.key, true);
      removeSaved((version) => deleteFormQuestion(form.id, { ...args, version }), {
        type: 'removeQuestion',
        sectionKey,
        key: question.key,
      })
        .then(() => {
          toast.success('Frågan togs bort.');
          focusSoon(`[data-add-question="${sectionKey}"]`);
        })
        .catch(deleteFailed)
        .finally(() => busy(question.key, false));
    },
    [deleteFailed, edit, form.id, removeSaved, store, toast],
  );

  // Same array while the order is the same: a new one would re-render every sortable section.
  const sectionOrder = useSectionOrder(store);
  const sectionIds = useMemo(() => (sectionOrder ? sectionOrder.split(' ') : []), [sectionOrder]);
  const onMoveSection = useCallback(
    (from: number, to: number) => edit({ type: 'moveSection', from, to }),
    [edit],
  );
  const allSaved = state.kind === 'idle' || state.kind === 'saved';

  // The save bar sticks to the bottom: a field focused by Tab is scrolled clear of it.
  useEffect(() => {
    const root = document.documentElement;
    const before = root.style.scrollPaddingBottom;
    root.style.scrollPaddingBottom = SAVE_BAR_CLEARANCE;
    return () => {
      root.style.scrollPaddingBottom = before;
    };
  }, []);

  return (
    <>
      <header className="flex flex-col gap-3 border-b border-border pb-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="text-sm font-medium text-fg-muted">Utkast</p>
            <EditorHeading store={store} />
          </div>
          <PublishAction disabled={!allSaved} onPublish={() => setPublishing(true)} />
        </div>
        {state.kind === 'conflict' ? (
          <ConflictAlert message={state.message} onReload={() => void onReload()} />
        ) : null}
      </header>

      <TitleField store={store} edit={edit} />

      {sectionIds.length === 0 ? (
        <p className="text-fg-muted">Formuläret har inga sektioner ännu.</p>
      ) : (
        <SortableList ids={sectionIds} onMove={onMoveSection}>
          <ol className="flex flex-col gap-5" aria-label="Sektioner">
            {sectionIds.map((key, i) => (
              <SectionCard
                key={key}
                store={store}
                sectionKey={key}
                index={i}
                focusKey={focusKey}
                deleting={deleting}
                edit={edit}
                onAdded={setFocusKey}
                onDeleteSection={onDeleteSection}
                onDeleteQuestion={onDeleteQuestion}
              />
            ))}
          </ol>
        </SortableList>
      )}
      <div>
        <Button
          type="button"
          variant="secondary"
          data-add-section=""
          onClick={() => {
            const key = newKey();
            edit({ type: 'addSection', key });
            setFocusKey(key);
          }}
        >
          Lägg till sektion
        </Button>
      </div>

      {/* At the bottom of the window while the editor is on screen, so the save state is in
          sight however deep in a long form the coach types; clear of the messaging widget. */}
      <div className="sticky bottom-0 z-10 -mx-gutter border-t border-border bg-surface px-gutter py-1 pr-20">
        <SaveStatus state={state} texts={SAVE_TEXTS} onRetry={retry} conflictShownElsewhere />
      </div>

      <ConfirmDialog
        open={confirmSection !== null}
        onOpenChange={(open) => !open && setConfirmSection(null)}
        title="Ta bort sektionen?"
        description={
          confirmSection ? sectionDeleteText(confirmSection.section, confirmSection.index) : ''
        }
        confirmLabel="Ta bort"
        busyLabel="Tar bort…"
        variant="danger"
        fallback={DELETE_PART_FAILED}
        onConfirm={async () => {
          if (confirmSection) await deleteSectionNow(confirmSection.section);
        }}
      />
      <ConfirmDialog
        open={publishing}
        onOpenChange={setPublishing}
        title="Publicera formuläret?"
        description="Ett publicerat formulär kan väljas för klienter men kan inte längre ändras. Vill du ändra det senare duplicerar du det."
        confirmLabel="Publicera"
        busyLabel="Publicerar…"
        fallback={PUBLISH_FAILED}
        onConfirm={async () => {
          await publish(form.id);
          toast.success('Formuläret publicerades.');
        }}
      />
    </>
  );
}

/**
 * 'Publicera' for an ADMIN; STAFF is told why there is none. Its own component, so the session
 * arriving re-renders this corner and not the whole editor.
 */
function PublishAction({ disabled, onPublish }: { disabled: boolean; onPublish: () => void }) {
  const { user } = useSession();
  if (!user) return null;
  if (user.role !== 'ADMIN') return <p className="text-sm text-fg-muted">{ADMIN_ONLY_PUBLISH}</p>;
  return (
    <Button type="button" disabled={disabled} onClick={onPublish}>
      Publicera
    </Button>
  );
}

function EditorHeading({ store }: { store: EditorStore }) {
  const title = useEditorTitle(store);
  return (
    <h1 className="text-2xl font-semibold break-words">{title.trim() || 'Namnlöst formulär'}</h1>
  );
}

function TitleField({ store, edit }: { store: EditorStore; edit: (action: EditorAction) => void }) {
  const title = useEditorTitle(store);
  return (
    <TextField
      label="Formulärets namn"
      maxLength={200}
      value={title}
      onChange={(e) => edit({ type: 'title', title: e.target.value })}
    />
  );
}
