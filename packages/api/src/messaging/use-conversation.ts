import useSWR, { useSWRConfig, type SWRConfiguration } from 'swr';
import { call, type ApiError } from '../client.ts';
import type { Id } from '../contract/common.ts';
import type { Conversation } from '../contract/messaging.ts';
import { keyFor } from '../keys.ts';
import { resetUnread } from './cache.ts';
import { CONVERSATIONS_KEY } from './use-conversations.ts';

/** `GET /api/v1/user/messaging/conversations/:id`. */
export const fetchConversation = (id: Id): Promise<Conversation> =>
  call('conversation', { params: { id } });

export const conversationKey = (id: Id): string => keyFor('conversation', { id });

/** One conversation with its messages; loading it resets its unread count in the list. */
export function useConversation(
  id: Id | null | undefined,
  config?: SWRConfiguration<Conversation, ApiError>,
) {
  const { mutate } = useSWRConfig();
  const swr = useSWR<Conversation, ApiError>(
    id == null ? null : conversationKey(id),
    () => fetchConversation(id as Id),
    {
      ...config,
      onSuccess: (data, key, cfg) => {
        void mutate<Conversation[]>(
          CONVERSATIONS_KEY,
          (list) => resetUnread(list, data.conversationId),
          { revalidate: false },
        );
        config?.onSuccess?.(data, key, cfg);
      },
    },
  );
  return { ...swr, conversation: swr.data };
}
