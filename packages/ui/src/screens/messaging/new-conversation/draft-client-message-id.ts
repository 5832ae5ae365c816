import { newClientMessageId } from '@halsa/api';
import type { Id } from '@halsa/api/contract';

/** What a new conversation sends: the receiver, the (trimmed) text and the picked file. */
export interface ConversationDraft {
  receiverId: Id;
  text: string;
  file: File | null;
}

export interface KeyedDraft extends ConversationDraft {
  clientMessageId: string;
}

/**
 * The idempotency key of a create: the previous draft's key while receiver, text and file are
 * the same (a retry after a failure or a lost answer, so the server answers the conversation the
 * first try made), a new one as soon as any of them changed.
 */
export function keyDraft(
  previous: KeyedDraft | null,
  draft: ConversationDraft,
  make: () => string = newClientMessageId,
): KeyedDraft {
  if (
    previous &&
    previous.receiverId === draft.receiverId &&
    previous.text === draft.text &&
    previous.file === draft.file
  ) {
    return previous;
  }
  return { ...draft, clientMessageId: make() };
}
