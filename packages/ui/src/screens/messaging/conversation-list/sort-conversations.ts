import { sortConversations } from '@halsa/api';
import type { Conversation } from '@halsa/api/contract';

/** The client-side sorts of the list (spec §2.7): name, status (unread first), latest. */
export type ConversationSort = 'name' | 'status' | 'latest';

export const DEFAULT_CONVERSATION_SORT: ConversationSort = 'latest';

export const CONVERSATION_SORT_OPTIONS: readonly { value: ConversationSort; label: string }[] = [
  { value: 'name', label: 'Namn' },
  { value: 'status', label: 'Status' },
  { value: 'latest', label: 'Senaste' },
];

export const isConversationSort = (value: string): value is ConversationSort =>
  CONVERSATION_SORT_OPTIONS.some((option) => option.value === value);

const byName = (a: Conversation, b: Conversation) =>
  a.partner.fullName.localeCompare(b.partner.fullName, 'sv-SE', { sensitivity: 'base' });

/**
 * A new, sorted array. 'latest': newest last message first (conversations without messages
 * last); 'name': partner name A–Ö; 'status': conversations with unread messages first, each
 * group newest first.
 */
export function sortConversationsBy(
  list: readonly Conversation[],
  sort: ConversationSort,
): Conversation[] {
  const latest = sortConversations(list);
  switch (sort) {
    case 'name':
      return [...list].sort(byName);
    case 'status':
      return [
        ...latest.filter((c) => c.unreadCount > 0),
        ...latest.filter((c) => c.unreadCount === 0),
      ];
    case 'latest':
      return latest;
  }
}

/** What the list shows of the last message: the file name of a file message, else its first line. */
export function lastMessagePreview(conversation: Conversation): string | null {
  const last = conversation.lastMessage;
  if (!last) return null;
  if (last.originalFileName) return last.originalFileName;
  return (
    last.content
      .split('\n')
      .map((line) => line.trim())
      .find(Boolean) ?? ''
  );
}
