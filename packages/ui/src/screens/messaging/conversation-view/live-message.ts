import { appendMessage } from '@halsa/api';
import type { Conversation, Message } from '@halsa/api/contract';

/**
 * Puts a message from `/topic/conversations/{id}/messages` into a cached conversation: a known
 * id is replaced in place (an edit; the last message follows when it is the last one), a new one
 * is appended once (same id or clientMessageId → no copy).
 */
export function upsertLiveMessage(
  conversation: Conversation | undefined,
  message: Message,
): Conversation | undefined {
  if (!conversation) return conversation;
  const index = conversation.messages.findIndex((m) => m.id === message.id);
  if (index === -1) return appendMessage(conversation, message);
  const messages = conversation.messages.map((m) => (m.id === message.id ? message : m));
  const isLast = index === conversation.messages.length - 1;
  return {
    ...conversation,
    messages,
    lastMessage:
      isLast && conversation.lastMessage
        ? { ...conversation.lastMessage, content: message.content }
        : conversation.lastMessage,
  };
}

/** Whether the conversation holds this message already (by id or clientMessageId). */
export function hasMessage(conversation: Conversation | undefined, message: Message): boolean {
  return (
    conversation?.messages.some(
      (m) =>
        m.id === message.id ||
        (message.clientMessageId != null && m.clientMessageId === message.clientMessageId),
    ) ?? false
  );
}
