// Text messages the user sent that the server has not confirmed yet, kept in the tab's
// sessionStorage so a reload does not lose them (issue 6 req. 3): the conversation view restores
// them and sends them again with the same clientMessageId, so the server never stores a copy.
// One key per signed-in user and conversation; logout removes every key with the prefix.
// Storage may be missing or throw (private mode, blocked, full): every access is guarded and a
// failure only means the messages will not survive a reload.
import type { Id } from '../contract/common.ts';

/** Every key starts with this; `clearPendingMessages()` removes them all. */
export const PENDING_MESSAGES_PREFIX = 'halsa.pending-messages.';

/** One unconfirmed text message as stored. */
export interface StoredPendingMessage {
  clientMessageId: string;
  text: string;
  /** When it was written (ISO), shown as its time. */
  timestamp: string;
}

export const pendingMessagesKey = (userId: Id, conversationId: Id): string =>
  `${PENDING_MESSAGES_PREFIX}${userId}.${conversationId}`;

/** `window.sessionStorage`, or `null` where it is missing or blocked. */
export function pendingMessagesStore(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null;
  }
}

const isStored = (value: unknown): value is StoredPendingMessage => {
  if (!value || typeof value !== 'object') return false;
  const { clientMessageId, text, timestamp } = value as Record<string, unknown>;
  return (
    typeof clientMessageId === 'string' &&
    clientMessageId !== '' &&
    typeof text === 'string' &&
    typeof timestamp === 'string'
  );
};

/** The stored messages of this user and conversation, oldest first; malformed entries dropped. */
export function loadPendingMessages(
  userId: Id,
  conversationId: Id,
  storage: Storage | null = pendingMessagesStore(),
): StoredPendingMessage[] {
  if (!storage) return [];
  let parsed: unknown;
  try {
    const raw = storage.getItem(pendingMessagesKey(userId, conversationId));
    if (!raw) return [];
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.filter(isStored).map(({ clientMessageId, text, timestamp }) => ({
    clientMessageId,
    text,
    timestamp,
  }));
}

function write(
  storage: Storage,
  userId: Id,
  conversationId: Id,
  items: readonly StoredPendingMessage[],
): void {
  const key = pendingMessagesKey(userId, conversationId);
  try {
    if (items.length === 0) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(items));
  } catch {
    // Storage full or blocked: sending still works, it just will not survive a reload.
  }
}

/**
 * Adds (or replaces, by clientMessageId) one message. Reads and writes the stored list rather
 * than a copy in memory, so an answer arriving after logout cannot bring other messages back.
 */
export function addPendingMessage(
  userId: Id,
  conversationId: Id,
  item: StoredPendingMessage,
  storage: Storage | null = pendingMessagesStore(),
): void {
  if (!storage) return;
  const others = loadPendingMessages(userId, conversationId, storage).filter(
    (stored) => stored.clientMessageId !== item.clientMessageId,
  );
  write(storage, userId, conversationId, [...others, item]);
}

/** Removes one message (confirmed by the server, or discarded with 'Ta bort'). */
export function removePendingMessage(
  userId: Id,
  conversationId: Id,
  clientMessageId: string,
  storage: Storage | null = pendingMessagesStore(),
): void {
  if (!storage) return;
  const stored = loadPendingMessages(userId, conversationId, storage);
  const rest = stored.filter((item) => item.clientMessageId !== clientMessageId);
  if (rest.length !== stored.length) write(storage, userId, conversationId, rest);
}

/** Removes the stored messages of every user and conversation (logout). */
export function clearPendingMessages(storage: Storage | null = pendingMessagesStore()): void {
  if (!storage) return;
  try {
    const keys: string[] = [];
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (key?.startsWith(PENDING_MESSAGES_PREFIX)) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // Nothing more to do.
  }
}
