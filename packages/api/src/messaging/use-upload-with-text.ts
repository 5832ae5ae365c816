import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { callUpload, type ApiError, type UploadProgress } from '../client.ts';
import type { Id } from '../contract/common.ts';
import { CONVERSATION_FILE_FIELD, type Message } from '../contract/messaging.ts';
import { mutationKey } from '../keys.ts';
import { storeSentMessage } from './use-send-message.ts';

export interface UploadWithTextArgs {
  file: Blob;
  fileName?: string;
  text?: string;
  onProgress?: (progress: UploadProgress) => void;
}

/** `POST …/conversations/:id/messages/uploadWithText` (multipart file, optional text). */
export function uploadWithText(
  conversationId: Id,
  { file, fileName, text, onProgress }: UploadWithTextArgs,
): Promise<Message> {
  const body = new FormData();
  body.append(
    CONVERSATION_FILE_FIELD,
    file,
    fileName ?? (file instanceof File ? file.name : 'fil'),
  );
  if (text !== undefined && text !== '') body.append('text', text);
  return callUpload('uploadWithText', { params: { id: conversationId }, body, onProgress });
}

export function useUploadWithText(conversationId: Id) {
  const { mutate } = useSWRConfig();
  return useSWRMutation<Message, ApiError, string, UploadWithTextArgs>(
    mutationKey('uploadWithText', { id: conversationId }),
    async (_key, { arg }) => {
      const message = await uploadWithText(conversationId, arg);
      await storeSentMessage(mutate, conversationId, message);
      return message;
    },
    { throwOnError: true },
  );
}
