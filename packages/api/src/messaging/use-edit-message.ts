import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { Id } from '../contract/common.ts';
import type { Conversation, EditMessageResponse } from '../contract/messaging.ts';
import { mutationKey } from '../keys.ts';
import { applyEdit } from './cache.ts';
import { conversationKey } from './use-conversation.ts';

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

export function useEditMessage(conversationId: Id) {
  const { mutate } = useSWRConfig();
  return useSWRMutation<EditMessageResponse, ApiError, string, EditMessageArgs>(
    `${mutationKey('editMessage')} #${conversationId}`,
    async (_key, { arg }) => {
      const edit = await editMessage(conversationId, arg);
      await mutate<Conversation>(
        conversationKey(conversationId),
        (conversation) => applyEdit(conversation, arg.messageId, edit),
        { revalidate: false },
      );
      return edit;
    },
    { throwOnError: true },
  );
}
