import { call } from '../client.ts';
import type { Id } from '../contract/common.ts';

/** `GET …/conversations/:id/download`: the conversation as a text file. */
export const downloadConversation = (conversationId: Id): Promise<Blob> =>
  call('downloadConversation', { params: { id: conversationId } });
