import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { Id } from '../contract/common.ts';
import { mutationKey } from '../keys.ts';

/** `GET …/conversations/:id/download`: the conversation as a text file. */
export const downloadConversation = (conversationId: Id): Promise<Blob> =>
  call('downloadConversation', { params: { id: conversationId } });

export const DOWNLOAD_CONVERSATION_KEY = mutationKey('downloadConversation');

/** `trigger(conversationId)` resolves with the blob; save it with `saveBlob`. */
export function useDownloadConversation() {
  return useSWRMutation<Blob, ApiError, string, Id>(
    DOWNLOAD_CONVERSATION_KEY,
    (_key, { arg }) => downloadConversation(arg),
    { throwOnError: true },
  );
}
