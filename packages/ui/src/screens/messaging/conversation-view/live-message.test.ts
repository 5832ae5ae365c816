import { describe, expect, it } from 'vitest';
import type { Conversation, Message } from '@halsa/api/contract';
import { hasMessage, upsertLiveMessage } from './live-message';

const message = (id: number, content: string, extra: Partial<Message> = {}): Message => ({
  id,
  conversationId: 1,
  sender: 3,
  receiver: 1,
  content,
  timestamp: `2026-11-20T07:${String(id).padStart(2, '0')}:00.000Z`,
  isRead: false,
  isEdited: false,
  editedAt: null,
  originalFileName: null,
  clientMessageId: null,
  ...extra,
});

const conversation: Conversation = {
  conversationId: 1,
  partner: { id: 3, fullName: 'Anna Lindqvist', imageUrl: null },
  lastMessage: {
    content: 'Två',
    originalFileName: null,
    timestamp: '2026-11-20T07:02:00.000Z',
    createdAt: '2026-11-20T07:02:00.000Z',
  },
  unreadCount: 0,
  messages: [message(1, 'Ett'), message(2, 'Två')],
};

describe('upsertLiveMessage', () => {
  it('appends a new message and makes it the last message', () => {
    const next = upsertLiveMessage(conversation, message(3, 'Tre'));
    expect(next?.messages.map((m) => m.content)).toEqual(['Ett', 'Två', 'Tre']);
    expect(next?.lastMessage?.content).toBe('Tre');
  });

  it('replaces an edited message in place', () => {
    const edited = message(1, 'Ett (ändrat)', { isEdited: true, editedAt: '2026-11-20T08:00:00Z' });
    const next = upsertLiveMessage(conversation, edited);
    expect(next?.messages.map((m) => m.content)).toEqual(['Ett (ändrat)', 'Två']);
    expect(next?.messages[0]?.isEdited).toBe(true);
    expect(next?.lastMessage?.content).toBe('Två');
    const lastEdited = upsertLiveMessage(conversation, message(2, 'Två (ändrat)'));
    expect(lastEdited?.lastMessage?.content).toBe('Två (ändrat)');
  });

  it('never adds a copy of a message sent with the same clientMessageId', () => {
    const key = '6f1c1f4e-3b0b-4c8e-9a53-6d3d7f1f2a10';
    const withKey = upsertLiveMessage(conversation, message(3, 'Tre', { clientMessageId: key }));
    const again = upsertLiveMessage(withKey, message(3, 'Tre', { clientMessageId: key }));
    expect(again?.messages).toHaveLength(3);
    expect(hasMessage(again, message(99, 'x', { clientMessageId: key }))).toBe(true);
    expect(hasMessage(again, message(99, 'x'))).toBe(false);
  });

  it('leaves a conversation that is not loaded alone', () => {
    expect(upsertLiveMessage(undefined, message(3, 'Tre'))).toBeUndefined();
  });
});
