// Autosave of the forms editor. Every edit marks the form dirty; after a short pause the whole
// form is sent (PUT with the `version` it was based on). One request runs at a time: edits
// made while it runs are sent by the next one. Nothing is lost when the network drops: the
// pending edit stays in memory (and in localStorage, so a reload keeps it too) and is sent
// again when the browser is back online, on a backoff timer, or when the coach presses
// 'Försök igen'. A 409 (someone else saved, or the form was published) stops saving with the
// server's Swedish message. Deleting a saved section or question goes through the same queue,
// carrying the version like a save.
import {
  deleteFormQuestion,
  deleteFormSection,
  formKey,
  isApiError,
  isFormSummariesKey,
  updateForm,
  type Form,
  type FormVersion,
} from '@halsa/api';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
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

/** The pause after the last keystroke before a save is sent. */
export const AUTOSAVE_DELAY_MS = 800;
/** Retries while offline wait 2 s, 4 s, 8 s … up to this. */
export const MAX_RETRY_MS = 30_000;

export const SAVE_FAILED = 'Misslyckades att spara formulär';

export type SaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'offline' }
  | { kind: 'invalid' }
  | { kind: 'failed'; message: string }
  | { kind: 'conflict'; message: string };

export const draftStorageKey = (formId: number) => `halsa:formulärutkast:${formId}`;

interface StoredDraft {
  baseVersion: number;
  doc: EditorForm;
}

/** An unsaved edit a reload left behind, if it was based on this very version. */
export function readStoredDraft(formId: number, version: number): EditorForm | null {
  try {
    const raw = localStorage.getItem(draftStorageKey(formId));
    if (!raw) return null;
    const stored = JSON.parse(raw) as StoredDraft;
    if (stored.baseVersion !== version) {
      localStorage.removeItem(draftStorageKey(formId));
      return null;
    }
    return stored.doc;
  } catch {
    return null;
  }
}

function storeDraft(formId: number, draft: StoredDraft | null) {
  try {
    if (draft) localStorage.setItem(draftStorageKey(formId), JSON.stringify(draft));
    else localStorage.removeItem(draftStorageKey(formId));
  } catch {
    // Storage full or blocked: the edit is still kept in memory.
  }
}

export interface AutosaveOptions {
  formId: number;
  /** The version the loaded form had. */
  version: number;
  /** The document being edited; autosave reads it when it sends. */
  store: EditorStore;
  /** True when the loaded document came from a stored unsaved edit (save it at once). */
  restored?: boolean;
}

export function useAutosave({ formId, version, store, restored }: AutosaveOptions) {
  const { mutate } = useSWRConfig();
  const [state, setState] = useState<SaveState>(restored ? { kind: 'saving' } : { kind: 'idle' });
  const versionRef = useRef(version);
  /** Edits counted; `savedRev` is the last one the server has. */
  const revRef = useRef(restored ? 1 : 0);
  const savedRevRef = useRef(0);
  const busyRef = useRef(false);
  const stoppedRef = useRef(false);
  const queueRef = useRef<Promise<unknown>>(Promise.resolve());
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const retryMsRef = useRef(2000);
  const flushRef = useRef<() => void>(() => {});
  /** The last save failed (offline or refused): leaving then does not try again. */
  const offlineRef = useRef(false);
  const unmountedRef = useRef(false);

  const schedule = useCallback((ms: number) => {
    clearTimeout(timerRef.current);
    timerRef.current = setTimeout(() => flushRef.current(), ms);
  }, []);

  /** Runs server work one at a time. */
  const enqueue = useCallback(<T>(work: () => Promise<T>): Promise<T> => {
    const next = queueRef.current.then(work, work);
    queueRef.current = next.catch(() => undefined);
    return next;
  }, []);

  const flush = useCallback(() => {
    clearTimeout(timerRef.current);
    if (busyRef.current || stoppedRef.current) return;
    if (revRef.current === savedRevRef.current) return;
    if (!isValid(store.get())) {
      setState({ kind: 'invalid' });
      return;
    }
    busyRef.current = true;
    setState({ kind: 'saving' });
    void enqueue(async () => {
      // Read when its turn comes, so a delete queued before it is already left out.
      const snapshot = store.get();
      const sentRev = revRef.current;
      storeDraft(formId, { baseVersion: versionRef.current, doc: snapshot });
      try {
        const sent = sentKeysOf(snapshot);
        const saved: Form = await updateForm(formId, toRequest(snapshot, versionRef.current));
        versionRef.current = saved.version;
        savedRevRef.current = sentRev;
        offlineRef.current = false;
        retryMsRef.current = 2000;
        const ids = newIdsFrom(sent, saved);
        if (ids.size) store.dispatch({ type: 'ids', ids });
        // A new item removed while its first save ran: remove it on the server too.
        const current = keysOf(store.get());
        for (const [i, s] of sent.sections.entries()) {
          const sid = ids.get(s.key);
          if (sid !== undefined && !current.has(s.key)) {
            await deleteFormSection(formId, sid, versionRef.current)
              .then((r) => (versionRef.current = r.version))
              .catch(() => undefined);
            continue;
          }
          const sectionId = saved.sections.find((x) => x.sortOrder === i + 1)?.id;
          for (const q of s.questions) {
            const qid = ids.get(q.key);
            if (qid !== undefined && sectionId !== undefined && !current.has(q.key)) {
              await deleteFormQuestion(formId, {
                sectionId,
                questionId: qid,
                version: versionRef.current,
              })
                .then((r) => (versionRef.current = r.version))
                .catch(() => undefined);
            }
          }
        }
        void mutate(formKey(formId), saved, { revalidate: false });
        void mutate(isFormSummariesKey);
        busyRef.current = false;
        if (revRef.current !== savedRevRef.current) {
          flushRef.current();
        } else {
          storeDraft(formId, null);
          setState({ kind: 'saved' });
        }
      } catch (error) {
        busyRef.current = false;
        if (isApiError(error) && error.status === 0) {
          offlineRef.current = true;
          setState({ kind: 'offline' });
          // After the editor is left, the stored edit waits for the next visit instead.
          if (!unmountedRef.current) schedule(retryMsRef.current);
          retryMsRef.current = Math.min(retryMsRef.current * 2, MAX_RETRY_MS);
        } else if (isApiError(error) && error.status === 409) {
          stoppedRef.current = true;
          // The edit cannot be saved on this version: a reload starts from the server's form.
          storeDraft(formId, null);
          setState({ kind: 'conflict', message: error.message });
        } else {
          offlineRef.current = true;
          setState({ kind: 'failed', message: isApiError(error) ? error.message : SAVE_FAILED });
        }
      }
    });
  }, [enqueue, formId, mutate, schedule, store]);
  useLayoutEffect(() => {
    flushRef.current = flush;
  }, [flush]);

  /** Call after every edit. */
  const markDirty = useCallback(() => {
    revRef.current += 1;
    if (stoppedRef.current) return;
    // The same object when nothing changes, so typing does not re-render the editor.
    setState((s) =>
      s.kind === 'saving' || s.kind === 'offline' || s.kind === 'failed' ? s : { kind: 'saving' },
    );
    schedule(AUTOSAVE_DELAY_MS);
  }, [schedule]);

  /** 'Försök igen': send the pending edit now. */
  const retry = useCallback(() => {
    retryMsRef.current = 2000;
    flushRef.current();
  }, []);

  /**
   * Deletes a saved section or question after any running save, then takes it out of the
   * document at once (before the next queued save reads it); resolves when done.
   */
  const removeSaved = useCallback(
    (work: (version: number) => Promise<FormVersion>, removal: EditorAction) =>
      enqueue(async () => {
        try {
          // The delete carries the version last saved and answers the next one, so a save by
          // someone else in between is a 409 here, never overwritten by our next save.
          versionRef.current = (await work(versionRef.current)).version;
        } catch (error) {
          if (isApiError(error) && error.status === 409) {
            stoppedRef.current = true;
            storeDraft(formId, null);
            setState({ kind: 'conflict', message: error.message });
          }
          throw error;
        }
        store.dispatch(removal);
        // Deleting the question that held an error may free edits that waited for a fix.
        if (revRef.current !== savedRevRef.current) schedule(AUTOSAVE_DELAY_MS);
      }),
    [enqueue, formId, schedule, store],
  );

  // A restored draft is saved at once. (A form made valid again is saved by its next edit.)
  useEffect(() => {
    if (restored && savedRevRef.current === 0) schedule(0);
  }, [restored, schedule]);

  // Back online: send what waits. Leaving the page: keep what is unsaved and warn.
  useEffect(() => {
    unmountedRef.current = false;
    const online = () => {
      retryMsRef.current = 2000;
      flushRef.current();
    };
    const leaving = (event: BeforeUnloadEvent) => {
      if (revRef.current === savedRevRef.current) return;
      storeDraft(formId, { baseVersion: versionRef.current, doc: store.get() });
      event.preventDefault();
    };
    window.addEventListener('online', online);
    window.addEventListener('beforeunload', leaving);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('beforeunload', leaving);
      // Leaving the editor inside the app: keep the unsaved edit, and send it now unless the
      // last save failed (then it waits in storage for the next visit).
      unmountedRef.current = true;
      if (revRef.current !== savedRevRef.current && !stoppedRef.current) {
        storeDraft(formId, { baseVersion: versionRef.current, doc: store.get() });
        if (!offlineRef.current) flushRef.current();
      }
      clearTimeout(timerRef.current);
    };
  }, [formId, store]);

  return {
    state,
    markDirty,
    retry,
    removeSaved,
    hasUnsaved: () => revRef.current !== savedRevRef.current,
  };
}
