import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { Id } from '../contract/common.ts';
import { mutationKey } from '../keys.ts';
import { clientJournalKey } from '../journal/use-client-journal.ts';
import { latestSignedNoteKey } from '../journal/use-latest-signed-note.ts';

export interface SignAndSendArgs {
  userId: Id;
  formId: Id;
}

/** `POST /api/v1/admin/users/:userId/journal/forms/:formId/sign-and-send` (sent by e-mail). */
export const signAndSendForm = ({ userId, formId }: SignAndSendArgs): Promise<undefined> =>
  call('signAndSendForm', { params: { userId, formId }, body: {} });

export const SIGN_AND_SEND_FORM_KEY = mutationKey('signAndSendForm');

/** Revalidates the client's journal and latest signed note on success. */
export function useSignAndSendForm() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<undefined, ApiError, string, SignAndSendArgs>(
    SIGN_AND_SEND_FORM_KEY,
    async (_key, { arg }) => {
      await signAndSendForm(arg);
      await Promise.all([
        mutate(clientJournalKey(arg.userId)),
        mutate(latestSignedNoteKey(arg.userId)),
      ]);
      return undefined;
    },
    { throwOnError: true },
  );
}
