// The two window events that open the messaging widget (spec §2.7; README "Window events").
// Any screen can fire them (e.g. a client page's "message the client" icon) with the helpers
// below; the widget (ui components/widget) listens and drops a malformed detail.
import type { Id } from '../contract/common.ts';

/** Opens the widget on a conversation: `detail: { conversationId }`. */
export const OPEN_CONVERSATION_EVENT = 'halsa:open-conversation';
/** Opens the widget to start a conversation with a user: `detail: { userId, fullName }`. */
export const START_CONVERSATION_EVENT = 'halsa:start-conversation';

export interface OpenConversationDetail {
  conversationId: Id;
}

export interface StartConversationDetail {
  userId: Id;
  fullName: string;
}

const isId = (value: unknown): value is Id =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** The detail of an open-conversation event, or null when it is malformed. */
export function parseOpenConversationDetail(detail: unknown): OpenConversationDetail | null {
  if (typeof detail !== 'object' || detail === null) return null;
  const { conversationId } = detail as Record<string, unknown>;
  return isId(conversationId) ? { conversationId } : null;
}

/** The detail of a start-conversation event, or null when it is malformed. */
export function parseStartConversationDetail(detail: unknown): StartConversationDetail | null {
  if (typeof detail !== 'object' || detail === null) return null;
  const { userId, fullName } = detail as Record<string, unknown>;
  if (!isId(userId) || typeof fullName !== 'string') return null;
  return { userId, fullName };
}

/** Opens the messaging widget on a conversation. */
export function openConversation(conversationId: Id): void {
  window.dispatchEvent(
    new CustomEvent<OpenConversationDetail>(OPEN_CONVERSATION_EVENT, {
      detail: { conversationId },
    }),
  );
}

/** Opens the messaging widget to start a conversation with a user. */
export function startConversation(userId: Id, fullName: string): void {
  window.dispatchEvent(
    new CustomEvent<StartConversationDetail>(START_CONVERSATION_EVENT, {
      detail: { userId, fullName },
    }),
  );
}
