// Autosave of a journal note's answers (design.md §4.10) through the one autosave queue
// (lib/autosave). Each save is a PUT with the note's `version`; the first one creates the
// unsigned note and carries `correctsNoteId` for a correction. Unsaved answers wait in memory
// only (health data is never written to browser storage): leaving the page inside the app keeps
// them for when it opens again; closing or reloading the tab with unsaved answers asks first.
import {
  clientJournalKey,
  journalNoteKey,
  saveJournalNote,
  useSession,
  type Form,
  type JournalNote,
} from '@halsa/api';
import { useSWRConfig } from 'swr';
import { memoryDrafts, takeDraft } from '../../../lib/autosave/drafts';
import { useAutosave } from '../../../lib/autosave/use-autosave';
import { toRequestAnswers, type Answers } from './answers';

export const NOTE_SAVE_FAILED = 'Misslyckades att spara anteckningen';

/** What the note's save status says about the answers. */
export const NOTE_SAVE_TEXTS = {
  idle: 'Svaren sparas automatiskt.',
  offline: 'Ingen anslutning. Svaren finns kvar och sparas när anslutningen är tillbaka.',
} as const;

/** Answers not yet saved, by client and form, in this tab's memory. */
const drafts = memoryDrafts<Answers>();
const draftKey = (clientId: number, formId: number) => `${clientId}:${formId}`;

/**
 * The answers left unsaved on this client's form, if they were based on `version` (the note as
 * the server has it now) and written by `writerId` (another user signed in on this tab never
 * gets them).
 */
export const takeUnsavedAnswers = (
  clientId: number,
  formId: number,
  version: number | undefined,
  writerId: number | undefined,
): Answers | null => takeDraft(drafts, draftKey(clientId, formId), version, writerId);

/** Forgets every unsaved edit (stories and tests start afresh; signing out could too). */
export const forgetUnsavedAnswers = (): void => drafts.clear();

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
}

export function useNoteAutosave({
  clientId,
  form,
  note,
  answers,
  correctsNoteId,
  restored = false,
}: NoteAutosaveOptions) {
  const { mutate } = useSWRConfig();
  const { user } = useSession();
  const userId = user?.id;
  return useAutosave<Answers>({
    version: note?.version,
    read: () => answers,
    save: async (doc, version) => {
      // The plain call, not useSWRMutation: a mutation hook drops an earlier call's result
      // when a later one starts, and this queue needs every answer.
      const saved = await saveJournalNote({
        userId: clientId,
        formId: form.id,
        version,
        answers: toRequestAnswers(form, doc),
        ...(version === undefined && correctsNoteId !== undefined ? { correctsNoteId } : {}),
      });
      // The answer can arrive after the screen and its cache are gone (a save sent just before
      // leaving): SWR then rejects for want of a cache, and there is nothing left to update.
      const gone = () => {};
      mutate(journalNoteKey(clientId, form.id), { note: saved }, { revalidate: false }).catch(gone);
      mutate(clientJournalKey(clientId)).catch(gone);
      return saved.version;
    },
    failedMessage: NOTE_SAVE_FAILED,
    drafts: { store: drafts, key: draftKey(clientId, form.id), owner: () => userId },
    restored,
  });
}
