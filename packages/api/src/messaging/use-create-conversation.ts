import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { Id } from '../contract/common.ts';
import {
  CONVERSATION_EXISTS_MARKER,
  type Conversation,
  type CreateConversationFields,
} from '../contract/messaging.ts';
import { mutationKey } from '../keys.ts';
import { upsertConversation } from './cache.ts';
import { newClientMessageId } from './client-message-id.ts';
import { messageFormData } from './form-data.ts';
import { conversationKey } from './use-conversation.ts';
import { CONVERSATIONS_KEY, partnerConversationsKey } from './use-conversations.ts';

export interface CreateConversationArgs {
  receiverId: Id;
  text?: string;
  file?: Blob | null;
  fileName?: string;
  /**
   * Idempotency key: keep one per draft and send it again on a retry, so a create whose answer
   * was lost answers that conversation instead of 'Conversation already exists'. Made here when
   * left out (then a retry of the same call is a new create).
   */
  clientMessageId?: string;
}

/** The multipart body: receiverId, text, clientMessageId and the optional file. */
export function createConversationFormData({
  receiverId,
  text,
  file,
  fileName,
  clientMessageId = newClientMessageId(),
}: CreateConversationArgs): FormData {
  return messageFormData<CreateConversationFields>(
    { receiverId, text, clientMessageId },
    { data: file, name: fileName },
  );
}

/**
 * `POST /api/v1/user/messaging/conversations` (multipart receiverId, text, clientMessageId,
 * optional file).
 */
export const createConversation = (args: CreateConversationArgs): Promise<Conversation> =>
  call('createConversation', { body: createConversationFormData(args) });

/**
 * The text to show for a failed create: a server message containing 'Conversation already
 * exists' becomes 'Du har redan en konversation med {name}' (spec §8); otherwise the error's own.
 */
export function createConversationErrorMessage(error: ApiError, partnerName: string): string {
  if (error.message.includes(CONVERSATION_EXISTS_MARKER)) {
    return `Du har redan en konversation med ${partnerName}`;
  }
  return error.message;
}

export const CREATE_CONVERSATION_KEY = mutationKey('createConversation');

/** On success the conversation is put first in the list and cached on its own key. */
export function useCreateConversation() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<Conversation, ApiError, string, CreateConversationArgs>(
    CREATE_CONVERSATION_KEY,
    async (_key, { arg }) => {
      const conversation = await createConversation(arg);
      await mutate(conversationKey(conversation.conversationId), conversation, {
        revalidate: false,
      });
      await mutate<Conversation[]>(
        CONVERSATIONS_KEY,
        (list) => upsertConversation(list, { ...conversation, messages: [] }),
        { revalidate: false },
      );
      // The client page asking for the conversation with this partner finds it now.
      await mutate(partnerConversationsKey(conversation.partner.id));
      return conversation;
    },
    { throwOnError: true },
  );
}
