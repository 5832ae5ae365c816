import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { Id } from '../contract/common.ts';
import type { JournalNote, SaveJournalNoteRequest } from '../contract/journal.ts';
import { mutationKey } from '../keys.ts';
import { clientJournalKey } from './use-client-journal.ts';
import { journalNoteKey } from './use-journal-note.ts';

export interface SaveJournalNoteArgs extends SaveJournalNoteRequest {
  userId: Id;
  formId: Id;
}

/** `PUT /api/v1/admin/users/:userId/journal/forms/:formId/note` (autosave of the answers). */
export const saveJournalNote = ({
  userId,
  formId,
  ...body
}: SaveJournalNoteArgs): Promise<JournalNote> =>
  call('saveJournalNote', { params: { userId, formId }, body });

export const SAVE_JOURNAL_NOTE_KEY = mutationKey('saveJournalNote');

/**
 * Saves the answers with the `version` they were based on (none for the first save); a stale
 * version is a 409 (`NOTE_VERSION_CONFLICT`). On success the note key holds the saved note and
 * the client's journal revalidates.
 */
export function useSaveJournalNote() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<JournalNote, ApiError, string, SaveJournalNoteArgs>(
    SAVE_JOURNAL_NOTE_KEY,
    async (_key, { arg }) => {
      const note = await saveJournalNote(arg);
      await mutate(journalNoteKey(arg.userId, arg.formId), { note }, { revalidate: false });
      void mutate(clientJournalKey(arg.userId));
      return note;
    },
    { throwOnError: true },
  );
}
