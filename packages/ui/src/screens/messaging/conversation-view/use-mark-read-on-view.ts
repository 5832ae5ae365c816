import { useEffect, useRef } from 'react';
import { useSWRConfig } from 'swr';
import { CONVERSATIONS_KEY, markMessageRead, resetUnread, UNREAD_COUNT_KEY } from '@halsa/api';
import type { Conversation, Id } from '@halsa/api/contract';

/**
 * Marks every shown, unread message to me as read (spec §4), once per message: `PUT …/messages/
 * {id}`; after success the list's unread count of the conversation is reset and the badge's
 * count asked again. A failure is only logged ('Failed to mark as read', spec §8); nothing
 * changes on screen.
 *
 * The cached conversation is deliberately not changed locally (the screen does not show the
 * read flag): a local SWR mutation makes SWR drop the answer of a revalidation already under
 * way, e.g. the one after a reconnect, which could hide messages sent while offline. The next
 * fetch brings the read flags.
 */
export function useMarkReadOnView(
  conversation: Conversation | undefined,
  meId: Id | undefined,
): void {
  const { mutate } = useSWRConfig();
  const requested = useRef(new Set<Id>());

  useEffect(() => {
    if (!conversation || meId === undefined) return;
    const { conversationId } = conversation;
    for (const message of conversation.messages) {
      if (message.receiver !== meId || message.isRead || requested.current.has(message.id)) {
        continue;
      }
      requested.current.add(message.id);
      markMessageRead(message.id)
        .then(async () => {
          await mutate<Conversation[]>(
            CONVERSATIONS_KEY,
            (list) => resetUnread(list, conversationId),
            { revalidate: false },
          );
          // The badge counts on the server (issue 38): asked again, not adjusted here.
          await mutate(UNREAD_COUNT_KEY);
        })
        .catch((error: unknown) => {
          console.error('Failed to mark as read', error);
        });
    }
  }, [conversation, meId, mutate]);
}
