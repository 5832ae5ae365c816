import { createContext, useContext } from 'react';
import { useSWRConfig } from 'swr';
import {
  CONVERSATIONS_KEY,
  partnerConversationsKey,
  touchConversation,
  UNREAD_COUNT_KEY,
  upsertConversation,
} from '@halsa/api';
import type { Conversation, Id } from '@halsa/api/contract';
import { LiveDestinations, useRevalidateOnReconnect, useTopic } from '@halsa/api/live';

// The contract's zod schemas load with the first live message, not with the shell's first paint
// (issue 14); one promise, so messages are still handled in the order they came.
const importContract = () => import('@halsa/api/contract');
let contract: ReturnType<typeof importContract> | undefined;
const loadContract = () => (contract ??= importContract());

/**
 * True below a component that already keeps the conversation list live (the signed-in shell,
 * for the unread count on the widget button): the list's own subscription would apply every
 * message twice (an unread count raised by 2 for one message), so it stands down.
 */
export const ConversationsLiveContext = createContext(false);

/**
 * Keeps the cached conversation list live (spec §4, §7): subscribes to
 * `/topic/users/{userId}/conversations`. A conversation replaces the one with its id or is
 * prepended (list re-sorted, newest first) with the server's unread count; a message moves its
 * conversation up and raises the unread count when it is an unread message to me. Anything
 * else, or a list not loaded yet, revalidates the list; so does every reconnect. Every event
 * and reconnect also asks the badge's count again (UNREAD_COUNT_KEY), and a conversation event
 * its partner's filtered list (issue 38). Socket failures are silent (spec §8).
 */
export function useConversationsLive(userId: Id | null | undefined): void {
  const { cache, mutate } = useSWRConfig();
  const keptLiveAbove = useContext(ConversationsLiveContext);
  const destination =
    userId == null || keptLiveAbove ? null : LiveDestinations.userConversations(userId);

  const applyMessage = (
    body: unknown,
    { conversationSchema, messageSchema }: Awaited<ReturnType<typeof loadContract>>,
  ): void => {
    // The badge's count (issue 38) is asked again on every event: a new message, a read (the
    // server sends the summary again) or an edit; it is one count, no list and no log row.
    void mutate(UNREAD_COUNT_KEY);
    const conversation = conversationSchema.safeParse(body);
    // A client page showing this partner's conversation (`?partnerId=`) sees it appear or change.
    if (conversation.success) void mutate(partnerConversationsKey(conversation.data.partner.id));
    const cached: unknown = cache.get(CONVERSATIONS_KEY)?.data;
    if (!Array.isArray(cached)) {
      void mutate(CONVERSATIONS_KEY);
      return;
    }
    if (conversation.success) {
      void mutate<Conversation[]>(
        CONVERSATIONS_KEY,
        (list) => upsertConversation(list, { ...conversation.data, messages: [] }),
        { revalidate: false },
      );
      return;
    }
    const message = messageSchema.safeParse(body);
    const known =
      message.success &&
      (cached as Conversation[]).some((c) => c.conversationId === message.data.conversationId);
    if (message.success && known) {
      const m = message.data;
      void mutate<Conversation[]>(
        CONVERSATIONS_KEY,
        (list) =>
          touchConversation(list, m.conversationId, m, {
            incrementUnread: m.receiver === userId && !m.isRead,
          }),
        { revalidate: false },
      );
      return;
    }
    void mutate(CONVERSATIONS_KEY);
  };

  useTopic<unknown>(destination, (body) => {
    void loadContract().then((schemas) => applyMessage(body, schemas));
  });

  useRevalidateOnReconnect(keptLiveAbove ? [] : [CONVERSATIONS_KEY, UNREAD_COUNT_KEY]);
}
