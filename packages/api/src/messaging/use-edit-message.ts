import { call } from '../client.ts';
import type { Id } from '../contract/common.ts';
import type { EditMessageResponse } from '../contract/messaging.ts';

export interface EditMessageArgs {
  messageId: Id;
  newContent: string;
}

/** `PUT …/conversations/:id/messages/:messageId/edit` (multipart newContent). */
export function editMessage(
  conversationId: Id,
  { messageId, newContent }: EditMessageArgs,
): Promise<EditMessageResponse> {
  const body = new FormData();
  body.append('newContent', newContent);
  return call('editMessage', { params: { id: conversationId, messageId }, body });
}

/** Spec §5: the screen refuses an empty (trimmed) text with 'Du kan inte ha ett tomt meddelande.' */
export const EMPTY_MESSAGE_ALERT = 'Du kan inte ha ett tomt meddelande.';
