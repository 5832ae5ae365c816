import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { Id } from '../contract/common.ts';
import type { Conversation, Message, SendMessageRequest } from '../contract/messaging.ts';
import { mutationKey } from '../keys.ts';
import { appendMessage, touchConversation } from './cache.ts';
import { newClientMessageId } from './client-message-id.ts';
import { conversationKey } from './use-conversation.ts';
import { CONVERSATIONS_KEY } from './use-conversations.ts';

/** `POST /api/v1/user/messaging/conversations/:id/messages`; a retry keeps its clientMessageId. */
export const sendMessage = (conversationId: Id, body: SendMessageRequest): Promise<Message> =>
  call('sendMessage', {
    params: { id: conversationId },
    body: { ...body, clientMessageId: body.clientMessageId ?? newClientMessageId() },
  });

/** Updates both caches with a message the caller sent. */
export async function storeSentMessage(
  mutate: ReturnType<typeof useSWRConfig>['mutate'],
  conversationId: Id,
  message: Message,
): Promise<void> {
  await mutate<Conversation>(
    conversationKey(conversationId),
    (conversation) => appendMessage(conversation, message),
    { revalidate: false },
  );
  await mutate<Conversation[]>(
    CONVERSATIONS_KEY,
    (list) => touchConversation(list, conversationId, message),
    { revalidate: false },
  );
}

export function useSendMessage(conversationId: Id) {
  const { mutate } = useSWRConfig();
  return useSWRMutation<Message, ApiError, string, SendMessageRequest>(
    mutationKey('sendMessage', { id: conversationId }),
    async (_key, { arg }) => {
      const message = await sendMessage(conversationId, arg);
      await storeSentMessage(mutate, conversationId, message);
      return message;
    },
    { throwOnError: true },
  );
}
