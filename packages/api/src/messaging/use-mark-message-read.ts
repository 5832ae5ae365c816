import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { Id } from '../contract/common.ts';
import type { Conversation } from '../contract/messaging.ts';
import { mutationKey } from '../keys.ts';
import { applyRead } from './cache.ts';
import { conversationKey } from './use-conversation.ts';

/** `PUT /api/v1/user/messaging/conversations/messages/:messageId` (mark read). */
export const markMessageRead = (messageId: Id): Promise<undefined> =>
  call('markMessageRead', { params: { messageId } });

export interface MarkMessageReadArgs {
  messageId: Id;
  conversationId: Id;
}

export const MARK_MESSAGE_READ_KEY = mutationKey('markMessageRead');

/** Failures are only logged by the UI (spec §8); the cache changes after success only. */
export function useMarkMessageRead() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<undefined, ApiError, string, MarkMessageReadArgs>(
    MARK_MESSAGE_READ_KEY,
    async (_key, { arg }) => {
      await markMessageRead(arg.messageId);
      await mutate<Conversation>(
        conversationKey(arg.conversationId),
        (conversation) => applyRead(conversation, arg.messageId),
        { revalidate: false },
      );
      return undefined;
    },
    { throwOnError: true },
  );
}
