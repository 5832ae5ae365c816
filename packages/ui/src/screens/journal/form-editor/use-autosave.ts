// Autosave of the forms editor through the one autosave queue (lib/autosave). Each save sends
// the whole form with the `version` it was based on. The unsaved form also waits in
// localStorage (questions, no health data), so a reload keeps it. Deleting a saved section or
// question goes through the same line, carrying the version like a save.
import {
  deleteFormQuestion,
  deleteFormSection,
  formKey,
  isFormSummariesKey,
  updateForm,
  type Form,
  type FormVersion,
} from '@halsa/api';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { storageDrafts, takeDraft } from '../../../lib/autosave/drafts';
import { useAutosave } from '../../../lib/autosave/use-autosave';
import {
  isValid,
  keysOf,
  newIdsFrom,
  sentKeysOf,
  toRequest,
  type EditorAction,
  type EditorForm,
} from './editor-model';
import type { EditorStore } from './editor-store';

export const SAVE_FAILED = 'Misslyckades att spara formulär';

/** What the editor's save status says about the edits. */
export const SAVE_TEXTS = {
  idle: 'Ändringar sparas automatiskt.',
  offline: 'Ingen anslutning – ändringarna sparas när du är online igen.',
  invalid: 'Rätta felen i formuläret så sparas ändringarna.',
} as const;

export const draftStorageKey = (formId: number) => `halsa:formulärutkast:${formId}`;

const drafts = storageDrafts<EditorForm>();

/** An unsaved edit a reload left behind, if it was based on this very version. */
export const readStoredDraft = (formId: number, version: number): EditorForm | null =>
  takeDraft(drafts, draftStorageKey(formId), version);

export interface AutosaveOptions {
  formId: number;
  /** The version the loaded form had. */
  version: number;
  /** The document being edited; autosave reads it when it sends. */
  store: EditorStore;
  /** True when the loaded document came from a stored unsaved edit (save it at once). */
  restored?: boolean;
}

export function useFormAutosave({ formId, version, store, restored }: AutosaveOptions) {
  const { mutate } = useSWRConfig();
  const autosave = useAutosave<EditorForm>({
    version,
    // Read when its turn comes, so a delete queued before it is already left out.
    read: store.get,
    isValid,
    save: async (snapshot, base) => {
      let v = base!;
      const sent = sentKeysOf(snapshot);
      const saved: Form = await updateForm(formId, toRequest(snapshot, v));
      v = saved.version;
      const ids = newIdsFrom(sent, saved);
      if (ids.size) store.dispatch({ type: 'ids', ids });
      // A new item removed while its first save ran: remove it on the server too.
      const current = keysOf(store.get());
      for (const [i, s] of sent.sections.entries()) {
        const sid = ids.get(s.key);
        if (sid !== undefined && !current.has(s.key)) {
          await deleteFormSection(formId, sid, v)
            .then((r) => (v = r.version))
            .catch(() => undefined);
          continue;
        }
        const sectionId = saved.sections.find((x) => x.sortOrder === i + 1)?.id;
        for (const q of s.questions) {
          const qid = ids.get(q.key);
          if (qid !== undefined && sectionId !== undefined && !current.has(q.key)) {
            await deleteFormQuestion(formId, { sectionId, questionId: qid, version: v })
              .then((r) => (v = r.version))
              .catch(() => undefined);
          }
        }
      }
      void mutate(formKey(formId), saved, { revalidate: false });
      void mutate(isFormSummariesKey);
      return v;
    },
    failedMessage: SAVE_FAILED,
    drafts: { store: drafts, key: draftStorageKey(formId) },
    restored,
  });
  const { enqueueVersioned } = autosave;

  /**
   * Deletes a saved section or question after any running save, then takes it out of the
   * document at once (before the next queued save reads it); resolves when done. The delete
   * carries the version last saved and answers the next one, so a save by someone else in
   * between is a 409 here, never overwritten by our next save.
   */
  const removeSaved = useCallback(
    (work: (version: number) => Promise<FormVersion>, removal: EditorAction) =>
      enqueueVersioned(async (v) => {
        const next = (await work(v!)).version;
        store.dispatch(removal);
        return next;
      }),
    [enqueueVersioned, store],
  );

  return { ...autosave, removeSaved };
}
