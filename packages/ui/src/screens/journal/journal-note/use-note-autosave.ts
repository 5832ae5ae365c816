// Autosave of a journal note's answers (design.md §4.10). Every change marks the answers dirty;
// after a short pause they are sent (PUT with the note's `version`; the first save creates the
// unsigned note and carries `correctsNoteId` for a correction). One request runs at a time:
// changes made while it runs go with the next one. When the network drops, the answers stay in
// memory and are sent again when the browser is back online, on a backoff timer, or through
// 'Försök igen'; leaving the page inside the app keeps them in memory for when it opens again,
// and closing or reloading the tab with unsaved answers asks first. Health data is never
// written to browser storage. A 409 (someone else saved first) stops saving with the server's message.
import {
  clientJournalKey,
  isApiError,
  journalNoteKey,
  saveJournalNote,
  useSession,
  type Form,
  type JournalAnswer,
  type JournalNote,
} from '@halsa/api';
import { useSWRConfig } from 'swr';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { toRequestAnswers, type Answers } from './answers';

/** The pause after the last change before the answers are sent. */
export const NOTE_AUTOSAVE_DELAY_MS = 800;
/** Retries while offline wait 2 s, 4 s, 8 s … up to this. */
export const NOTE_MAX_RETRY_MS = 30_000;
export const NOTE_SAVE_FAILED = 'Misslyckades att spara anteckningen';

/**
 * Answers not yet saved when the page was left inside the app (e.g. offline), by client and
 * form, with the note version they were based on. Memory only: gone on reload, never on disk.
 */
const unsaved = new Map<
  string,
  { answers: Answers; version: number | undefined; writerId: number | undefined }
>();
const unsavedKey = (clientId: number, formId: number) => `${clientId}:${formId}`;

/**
 * The answers left unsaved on this client's form, if they were based on `version` (the note as
 * the server has it now) and written by the same user.
 */
export function takeUnsavedAnswers(
  clientId: number,
  formId: number,
  version: number | undefined,
  /** Who is writing now: another user signed in on this tab never gets them. */
  writerId: number | undefined,
): Answers | null {
  // Kept until a save succeeds (React's StrictMode runs state initialisers twice).
  const key = unsavedKey(clientId, formId);
  const left = unsaved.get(key);
  if (left && left.version === version && left.writerId === writerId) return left.answers;
  unsaved.delete(key);
  return null;
}

/** Forgets every unsaved edit (stories and tests start afresh; signing out could too). */
export const forgetUnsavedAnswers = (): void => unsaved.clear();

export type NoteSaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'offline' }
  | { kind: 'failed'; message: string }
  | { kind: 'conflict'; message: string };

export interface NoteAutosaveOptions {
  clientId: number;
  form: Form;
  /** The unsigned note loaded with the page, if there is one. */
  note: JournalNote | null;
  answers: Answers;
  /** A correction: the signed note it corrects (sent with the first save). */
  correctsNoteId?: number;
  /** The answers were restored from an unsaved edit: send them at once. */
  restored?: boolean;
  /**
   * Where the answers go instead of the client's journal note: a questionnaire she answers
   * herself (design §4.19) — `version` is the one loaded, `send` saves and answers the next.
   */
  target?: {
    version: number;
    send: (version: number | undefined, answers: JournalAnswer[]) => Promise<{ version: number }>;
  };
}

export function useNoteAutosave({
  clientId,
  form,
  note,
  answers,
  correctsNoteId,
  restored = false,
  target,
}: NoteAutosaveOptions) {
  const { mutate } = useSWRConfig();
  const { user } = useSession();
  const writerIdRef = useRef(user?.id);
  const [state, setState] = useState<NoteSaveState>({ kind: 'idle' });
  const answersRef = useRef(answers);
  const versionRef = useRef<number | undefined>(target?.version ?? note?.version);
  const targetRef = useRef(target);
  const revRef = useRef(restored ? 1 : 0);
  const unmountedRef = useRef(false);
  const savedRevRef = useRef(0);
  const inflightRef = useRef<Promise<boolean> | null>(null);
  const stoppedRef = useRef(false);
  /** The last save failed (offline or refused). */
  const failedRef = useRef(false);
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const retryMsRef = useRef(2000);
  const flushRef = useRef<() => Promise<boolean>>(async () => true);

  const schedule = useCallback((ms: number) => {
    clearTimeout(timerRef.current);
    timerRef.current = setTimeout(() => void flushRef.current(), ms);
  }, []);

  /** Sends what is unsaved (or creates the note when `create`); true when all is saved. */
  const flush = useCallback(
    async (create = false): Promise<boolean> => {
      clearTimeout(timerRef.current);
      if (inflightRef.current) await inflightRef.current;
      if (stoppedRef.current) return false;
      const needed =
        revRef.current !== savedRevRef.current || (create && versionRef.current === undefined);
      if (!needed) return true;
      const sentRev = revRef.current;
      const first = versionRef.current === undefined;
      setState({ kind: 'saving' });
      const run = (async () => {
        try {
          // The plain call, not useSWRMutation: a mutation hook drops an earlier call's result
          // when a later one starts, and this queue needs every answer.
          const send = targetRef.current?.send;
          if (send) {
            const saved = await send(
              versionRef.current,
              toRequestAnswers(form, answersRef.current),
            );
            versionRef.current = saved.version;
          } else {
            const saved = await saveJournalNote({
              userId: clientId,
              formId: form.id,
              version: versionRef.current,
              answers: toRequestAnswers(form, answersRef.current),
              ...(first && correctsNoteId !== undefined ? { correctsNoteId } : {}),
            });
            versionRef.current = saved.version;
            void mutate(journalNoteKey(clientId, form.id), { note: saved }, { revalidate: false });
            void mutate(clientJournalKey(clientId));
          }
          savedRevRef.current = sentRev;
          retryMsRef.current = 2000;
          failedRef.current = false;
          if (revRef.current === savedRevRef.current) unsaved.delete(unsavedKey(clientId, form.id));
          if (revRef.current !== savedRevRef.current) {
            // Changed while this save ran: send the rest now (saveNow loops instead).
            if (!create) schedule(0);
            return false;
          }
          setState({ kind: 'saved' });
          return true;
        } catch (error) {
          failedRef.current = true;
          if (isApiError(error) && error.status === 0) {
            setState({ kind: 'offline' });
            // Left the page: the answers wait in memory for the page to open again.
            if (!unmountedRef.current) schedule(retryMsRef.current);
            retryMsRef.current = Math.min(retryMsRef.current * 2, NOTE_MAX_RETRY_MS);
          } else if (isApiError(error) && error.status === 409) {
            stoppedRef.current = true;
            setState({ kind: 'conflict', message: error.message });
          } else {
            setState({
              kind: 'failed',
              message: isApiError(error) && error.message ? error.message : NOTE_SAVE_FAILED,
            });
          }
          return false;
        } finally {
          inflightRef.current = null;
        }
      })();
      inflightRef.current = run;
      return run;
    },
    [clientId, correctsNoteId, form, mutate, schedule],
  );
  // The latest answers and flush for timers and events (after each render, never during it).
  useLayoutEffect(() => {
    writerIdRef.current = user?.id;
    targetRef.current = target;
    answersRef.current = answers;
    flushRef.current = flush;
  });

  /** Call after every change of the answers. */
  const markDirty = useCallback(() => {
    revRef.current += 1;
    if (stoppedRef.current) return;
    setState((s) => (s.kind === 'offline' ? s : { kind: 'saving' }));
    schedule(NOTE_AUTOSAVE_DELAY_MS);
  }, [schedule]);

  /** 'Försök igen': send now. */
  const retry = useCallback(() => {
    retryMsRef.current = 2000;
    void flushRef.current();
  }, []);

  /** Before signing: everything saved, and the note exists on the server. */
  const saveNow = useCallback(async () => {
    // A change made while a save ran needs one more round; inputs are locked while signing.
    for (let round = 0; round < 3; round += 1) {
      if (await flush(true)) return true;
      if (stoppedRef.current || failedRef.current) return false;
    }
    return revRef.current === savedRevRef.current && versionRef.current !== undefined;
  }, [flush]);

  // Restored answers are sent at once.
  useEffect(() => {
    if (restored) schedule(0);
  }, [restored, schedule]);

  useEffect(() => {
    unmountedRef.current = false;
    const online = () => {
      retryMsRef.current = 2000;
      if (revRef.current !== savedRevRef.current) void flushRef.current();
    };
    const leaving = (event: BeforeUnloadEvent) => {
      if (revRef.current !== savedRevRef.current) event.preventDefault();
    };
    window.addEventListener('online', online);
    window.addEventListener('beforeunload', leaving);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('beforeunload', leaving);
      // Leaving the page inside the app: keep what is unsaved in memory and send it now.
      unmountedRef.current = true;
      if (revRef.current !== savedRevRef.current && !stoppedRef.current) {
        unsaved.set(unsavedKey(clientId, form.id), {
          answers: answersRef.current,
          version: versionRef.current,
          writerId: writerIdRef.current,
        });
        void flushRef.current();
      }
      clearTimeout(timerRef.current);
    };
  }, [clientId, form.id]);

  return { state, markDirty, retry, saveNow };
}
