// Pure helpers that update cached conversations; used by the mutation hooks and by live updates.
import type { Conversation, EditMessageResponse, Message } from '../contract/messaging.ts';
import type { Id } from '../contract/common.ts';

const lastActivity = (c: Conversation): number =>
  c.lastMessage ? Date.parse(c.lastMessage.timestamp) : 0;

/** Newest last message first (spec §4, §9). Returns a new array. */
export const sortConversations = (list: readonly Conversation[]): Conversation[] =>
  [...list].sort((a, b) => lastActivity(b) - lastActivity(a));

/** Replaces the conversation with the same id, or prepends it (live updates, spec §4). */
export const upsertConversation = (
  list: readonly Conversation[] | undefined,
  conversation: Conversation,
): Conversation[] => {
  const rest = (list ?? []).filter((c) => c.conversationId !== conversation.conversationId);
  return sortConversations([conversation, ...rest]);
};

/** Sets a conversation's unread count to 0 (opening it, spec §4). */
export const resetUnread = (
  list: readonly Conversation[] | undefined,
  conversationId: Id,
): Conversation[] | undefined =>
  list?.map((c) => (c.conversationId === conversationId ? { ...c, unreadCount: 0 } : c));

/** The `lastMessage` summary for a message. */
export const toLastMessage = (message: Message): NonNullable<Conversation['lastMessage']> => ({
  content: message.content,
  originalFileName: message.originalFileName,
  timestamp: message.timestamp,
  createdAt: message.timestamp,
});

/** Adds a message to a conversation unless it is there already (same id or clientMessageId). */
export const appendMessage = (
  conversation: Conversation | undefined,
  message: Message,
): Conversation | undefined => {
  if (!conversation) return conversation;
  const exists = conversation.messages.some(
    (m) =>
      m.id === message.id ||
      (message.clientMessageId != null && m.clientMessageId === message.clientMessageId),
  );
  return {
    ...conversation,
    lastMessage: toLastMessage(message),
    messages: exists
      ? conversation.messages.map((m) => (m.id === message.id ? message : m))
      : [...conversation.messages, message],
  };
};

/** Updates the last message of a conversation in the list and re-sorts it. */
export const touchConversation = (
  list: readonly Conversation[] | undefined,
  conversationId: Id,
  message: Message,
  options: { incrementUnread?: boolean } = {},
): Conversation[] | undefined => {
  if (!list) return list;
  return sortConversations(
    list.map((c) =>
      c.conversationId === conversationId
        ? {
            ...c,
            lastMessage: toLastMessage(message),
            unreadCount: options.incrementUnread ? c.unreadCount + 1 : c.unreadCount,
          }
        : c,
    ),
  );
};

/** Applies an edit answer to one message. */
export const applyEdit = (
  conversation: Conversation | undefined,
  messageId: Id,
  edit: EditMessageResponse,
): Conversation | undefined =>
  conversation && {
    ...conversation,
    messages: conversation.messages.map((m) => (m.id === messageId ? { ...m, ...edit } : m)),
  };

/** A file message's content is a text line, a newline, then the file URL (spec §3). */
export const splitFileMessage = (message: Pick<Message, 'content' | 'originalFileName'>) => {
  if (!message.originalFileName) return { text: message.content, fileUrl: null };
  const index = message.content.lastIndexOf('\n');
  if (index === -1) return { text: '', fileUrl: message.content.trim() || null };
  return {
    text: message.content.slice(0, index),
    fileUrl: message.content.slice(index + 1).trim() || null,
  };
};
