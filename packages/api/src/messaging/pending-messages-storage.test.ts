import { describe, expect, it } from 'vitest';
import {
  PENDING_MESSAGES_PREFIX,
  addPendingMessage,
  clearPendingMessages,
  loadPendingMessages,
  pendingMessagesKey,
  pendingMessagesStore,
  removePendingMessage,
} from './pending-messages-storage.ts';

/** An in-memory `Storage`. */
function memoryStorage(initial: Record<string, string> = {}): Storage {
  const data = new Map(Object.entries(initial));
  return {
    get length() {
      return data.size;
    },
    key: (index) => [...data.keys()][index] ?? null,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, String(value)),
    removeItem: (key) => void data.delete(key),
    clear: () => data.clear(),
  };
}

/** A `Storage` whose every access throws (blocked, or quota exceeded). */
const throwingStorage = (): Storage =>
  new Proxy({} as Storage, {
    get() {
      throw new DOMException('blocked', 'SecurityError');
    },
  });

const hej = { clientMessageId: 'c-1', text: 'Hej!', timestamp: '2026-11-21T10:00:00.000Z' };
const tack = { clientMessageId: 'c-2', text: 'Tack', timestamp: '2026-11-21T10:01:00.000Z' };

describe('pending messages storage', () => {
  it('keys by user and conversation under one prefix', () => {
    expect(pendingMessagesKey(1, 42)).toBe(`${PENDING_MESSAGES_PREFIX}1.42`);
    expect(PENDING_MESSAGES_PREFIX).toBe('halsa.pending-messages.');
  });

  it('adds, loads in order and removes', () => {
    const storage = memoryStorage();
    addPendingMessage(1, 42, hej, storage);
    addPendingMessage(1, 42, tack, storage);
    expect(loadPendingMessages(1, 42, storage)).toEqual([hej, tack]);
    // Another user or conversation sees nothing.
    expect(loadPendingMessages(2, 42, storage)).toEqual([]);
    expect(loadPendingMessages(1, 43, storage)).toEqual([]);

    removePendingMessage(1, 42, 'c-1', storage);
    expect(loadPendingMessages(1, 42, storage)).toEqual([tack]);
    removePendingMessage(1, 42, 'c-2', storage);
    expect(storage.getItem(pendingMessagesKey(1, 42))).toBeNull();
  });

  it('replaces an entry with the same clientMessageId instead of keeping two', () => {
    const storage = memoryStorage();
    addPendingMessage(1, 42, hej, storage);
    addPendingMessage(1, 42, { ...hej, text: 'Hej igen' }, storage);
    expect(loadPendingMessages(1, 42, storage)).toEqual([{ ...hej, text: 'Hej igen' }]);
  });

  it('drops what it cannot read', () => {
    const key = pendingMessagesKey(1, 42);
    expect(loadPendingMessages(1, 42, memoryStorage({ [key]: '{not json' }))).toEqual([]);
    expect(loadPendingMessages(1, 42, memoryStorage({ [key]: '{"a":1}' }))).toEqual([]);
    const mixed = JSON.stringify([
      hej,
      { clientMessageId: '', text: 'x', timestamp: 't' },
      { clientMessageId: 'c-3', text: 7, timestamp: 't' },
      null,
      { ...tack, extra: 'dropped' },
    ]);
    expect(loadPendingMessages(1, 42, memoryStorage({ [key]: mixed }))).toEqual([hej, tack]);
  });

  it('clears every user and conversation, and nothing else', () => {
    const storage = memoryStorage({ 'halsa.registration': '{}', other: 'x' });
    addPendingMessage(1, 42, hej, storage);
    addPendingMessage(2, 7, tack, storage);
    clearPendingMessages(storage);
    expect(loadPendingMessages(1, 42, storage)).toEqual([]);
    expect(loadPendingMessages(2, 7, storage)).toEqual([]);
    expect(storage.getItem('halsa.registration')).toBe('{}');
    expect(storage.getItem('other')).toBe('x');
    expect(storage.length).toBe(2);
  });

  it('never throws when storage is missing or blocked', () => {
    for (const storage of [null, throwingStorage()]) {
      expect(() => addPendingMessage(1, 42, hej, storage)).not.toThrow();
      expect(loadPendingMessages(1, 42, storage)).toEqual([]);
      expect(() => removePendingMessage(1, 42, 'c-1', storage)).not.toThrow();
      expect(() => clearPendingMessages(storage)).not.toThrow();
    }
  });

  it('has no storage outside a browser', () => {
    expect(pendingMessagesStore()).toBeNull();
    expect(loadPendingMessages(1, 42)).toEqual([]);
  });
});
