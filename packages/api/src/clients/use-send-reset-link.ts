import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { Id } from '../contract/common.ts';
import { mutationKey } from '../keys.ts';

/** `POST /api/v1/admin/send-reset-link/:userId`. */
export const sendResetLink = (userId: Id): Promise<undefined> =>
  call('sendResetLink', { params: { userId } });

export const SEND_RESET_LINK_KEY = mutationKey('sendResetLink');

/** The screen's own texts (spec §8). */
export const resetLinkSentMessage = (name: string): string =>
  `Återställningslänk skickades till ${name}`;
export const RESET_LINK_FAILED_FALLBACK =
  'Ett fel uppstod vid försök att skicka återställningslänken';

/** `trigger(userId)`. */
export function useSendResetLink() {
  return useSWRMutation<undefined, ApiError, string, Id>(
    SEND_RESET_LINK_KEY,
    (_key, { arg }) => sendResetLink(arg),
    { throwOnError: true },
  );
}
