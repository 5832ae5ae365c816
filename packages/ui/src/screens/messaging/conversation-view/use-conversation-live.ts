import { useSWRConfig } from 'swr';
import { CONVERSATIONS_KEY, conversationKey, touchConversation } from '@halsa/api';
import { messageSchema, type Conversation, type Id } from '@halsa/api/contract';
import { LiveDestinations, useRevalidateOnReconnect, useTopic } from '@halsa/api/live';
import { hasMessage, upsertLiveMessage } from './live-message';

/**
 * Keeps an open conversation live (spec §7): subscribes to
 * `/topic/conversations/{id}/messages`. A message of this conversation is added (or replaces
 * the one with its id, an edit) in the cached conversation, and a new one moves the
 * conversation up in the cached list. Anything else, or a conversation not loaded yet,
 * revalidates it; after a reconnect both the conversation and the list are revalidated.
 */
export function useConversationLive(conversationId: Id | null | undefined): void {
  const { cache, mutate } = useSWRConfig();
  const key = conversationId == null ? null : conversationKey(conversationId);

  useTopic<unknown>(
    conversationId == null ? null : LiveDestinations.conversationMessages(conversationId),
    (body) => {
      if (key === null || conversationId == null) return;
      const parsed = messageSchema.safeParse(body);
      const cached = cache.get(key)?.data as Conversation | undefined;
      if (!parsed.success || !cached || parsed.data.conversationId !== conversationId) {
        void mutate(key);
        return;
      }
      const message = parsed.data;
      const isNew = !hasMessage(cached, message);
      void mutate<Conversation>(key, (c) => upsertLiveMessage(c, message), { revalidate: false });
      if (isNew) {
        void mutate<Conversation[]>(
          CONVERSATIONS_KEY,
          (list) => touchConversation(list, conversationId, message),
          { revalidate: false },
        );
      }
    },
  );

  useRevalidateOnReconnect(key === null ? [] : [key, CONVERSATIONS_KEY]);
}
