import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { Id } from '../contract/common.ts';
import {
  CONVERSATION_EXISTS_MARKER,
  CONVERSATION_FILE_FIELD,
  type Conversation,
} from '../contract/messaging.ts';
import { mutationKey } from '../keys.ts';
import { upsertConversation } from './cache.ts';
import { conversationKey } from './use-conversation.ts';
import { CONVERSATIONS_KEY } from './use-conversations.ts';

export interface CreateConversationArgs {
  receiverId: Id;
  text?: string;
  file?: Blob | null;
  fileName?: string;
}

export function createConversationFormData({
  receiverId,
  text,
  file,
  fileName,
}: CreateConversationArgs): FormData {
  const body = new FormData();
  body.append('receiverId', String(receiverId));
  if (text !== undefined && text !== '') body.append('text', text);
  if (file) {
    body.append(
      CONVERSATION_FILE_FIELD,
      file,
      fileName ?? (file instanceof File ? file.name : 'fil'),
    );
  }
  return body;
}

/** `POST /api/v1/user/messaging/conversations` (multipart receiverId, text, optional file). */
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
      return conversation;
    },
    { throwOnError: true },
  );
}
