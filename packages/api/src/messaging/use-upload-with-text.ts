import { callUpload, type UploadProgress } from '../upload.ts';
import type { Id } from '../contract/common.ts';
import type { Message, UploadWithTextFields } from '../contract/messaging.ts';
import { newClientMessageId } from './client-message-id.ts';
import { messageFormData } from './form-data.ts';

export interface UploadWithTextArgs {
  file: Blob;
  fileName?: string;
  text?: string;
  /** The partner; when sent, the server checks it. */
  receiverId?: Id;
  /**
   * Idempotency key: keep one per message and send it again on a retry, so a retried upload
   * answers the first message instead of storing the file twice. Made here when left out.
   */
  clientMessageId?: string;
  onProgress?: (progress: UploadProgress) => void;
}

/** The multipart body: text, receiverId, clientMessageId and the file. */
export function uploadWithTextFormData({
  file,
  fileName,
  text,
  receiverId,
  clientMessageId = newClientMessageId(),
}: UploadWithTextArgs): FormData {
  return messageFormData<UploadWithTextFields>(
    { text, receiverId, clientMessageId },
    { data: file, name: fileName },
  );
}

/** `POST …/conversations/:id/messages/uploadWithText` (multipart file, optional text). */
export function uploadWithText(conversationId: Id, args: UploadWithTextArgs): Promise<Message> {
  return callUpload('uploadWithText', {
    params: { id: conversationId },
    body: uploadWithTextFormData(args),
    onProgress: args.onProgress,
  });
}
