import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { Id } from '../contract/common.ts';
import type { JournalNote } from '../contract/journal.ts';
import { mutationKey } from '../keys.ts';
import { clientJournalKey } from './use-client-journal.ts';
import { journalNoteKey } from './use-journal-note.ts';
import { latestSignedNoteKey } from './use-latest-signed-note.ts';

export interface SignJournalNoteArgs {
  userId: Id;
  formId: Id;
}

/**
 * `POST /api/v1/admin/users/:userId/journal/forms/:formId/sign-and-send` (sent by e-mail): signs
 * the client's unsigned note of that form and answers the signed note.
 */
export const signJournalNote = ({ userId, formId }: SignJournalNoteArgs): Promise<JournalNote> =>
  call('signJournalNote', { params: { userId, formId }, body: {} });

export const SIGN_JOURNAL_NOTE_KEY = mutationKey('signJournalNote');

/**
 * Returns the signed note. On success the form has no unsigned note any more (the note key
 * becomes `{ note: null }`), and the client's journal and latest signed note revalidate.
 */
export function useSignJournalNote() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<JournalNote, ApiError, string, SignJournalNoteArgs>(
    SIGN_JOURNAL_NOTE_KEY,
    async (_key, { arg }) => {
      const note = await signJournalNote(arg);
      await Promise.all([
        mutate(journalNoteKey(arg.userId, arg.formId), { note: null }, { revalidate: false }),
        mutate(clientJournalKey(arg.userId)),
        mutate(latestSignedNoteKey(arg.userId)),
      ]);
      return note;
    },
    { throwOnError: true },
  );
}
