import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { Id } from '../contract/common.ts';
import type { JournalNote } from '../contract/journal.ts';
import { mutationKey } from '../keys.ts';
import { clientJournalKey } from '../journal/use-client-journal.ts';
import { journalNoteKey } from '../journal/use-journal-note.ts';
import { latestSignedNoteKey } from '../journal/use-latest-signed-note.ts';

export interface SignAndSendArgs {
  userId: Id;
  formId: Id;
}

/**
 * `POST /api/v1/admin/users/:userId/journal/forms/:formId/sign-and-send` (sent by e-mail): signs
 * the client's unsigned note of that form and answers the signed note.
 */
export const signAndSendForm = ({ userId, formId }: SignAndSendArgs): Promise<JournalNote> =>
  call('signAndSendForm', { params: { userId, formId }, body: {} });

export const SIGN_AND_SEND_FORM_KEY = mutationKey('signAndSendForm');

/**
 * Returns the signed note. On success the form has no unsigned note any more (the note key
 * becomes `{ note: null }`), and the client's journal and latest signed note revalidate.
 */
export function useSignAndSendForm() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<JournalNote, ApiError, string, SignAndSendArgs>(
    SIGN_AND_SEND_FORM_KEY,
    async (_key, { arg }) => {
      const note = await signAndSendForm(arg);
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
