import { describe, expect, it } from 'vitest';
import type { Conversation } from '@halsa/api/contract';
import { lastMessagePreview, sortConversationsBy } from './sort-conversations';

const conversation = (
  conversationId: number,
  fullName: string,
  timestamp: string | null,
  unreadCount = 0,
  content = 'Hej',
  originalFileName: string | null = null,
): Conversation => ({
  conversationId,
  partner: { id: conversationId + 100, fullName, imageUrl: null },
  lastMessage: timestamp ? { content, originalFileName, timestamp, createdAt: timestamp } : null,
  unreadCount,
  messages: [],
});

const list = [
  conversation(1, 'Karin Svensson', '2026-11-21T09:30:00.000Z'),
  conversation(2, 'Lars Nilsson', '2026-11-18T11:21:00.000Z', 2),
  conversation(3, 'Anna Lindqvist', '2026-11-19T09:31:00.000Z'),
  conversation(4, 'Erik Johansson', '2026-11-10T08:00:00.000Z', 1),
  conversation(5, 'Åsa Öberg', null),
  conversation(6, 'elin Ek', '2026-11-01T08:00:00.000Z'),
];

const names = (l: Conversation[]) => l.map((c) => c.partner.fullName);

describe('sortConversationsBy', () => {
  it('latest: newest last message first, conversations without messages last', () => {
    expect(names(sortConversationsBy(list, 'latest'))).toEqual([
      'Karin Svensson',
      'Anna Lindqvist',
      'Lars Nilsson',
      'Erik Johansson',
      'elin Ek',
      'Åsa Öberg',
    ]);
  });

  it('name: Swedish alphabetical order, ignoring case (Å after Z)', () => {
    expect(names(sortConversationsBy(list, 'name'))).toEqual([
      'Anna Lindqvist',
      'elin Ek',
      'Erik Johansson',
      'Karin Svensson',
      'Lars Nilsson',
      'Åsa Öberg',
    ]);
  });

  it('status: unread first, each group newest first', () => {
    expect(names(sortConversationsBy(list, 'status'))).toEqual([
      'Lars Nilsson',
      'Erik Johansson',
      'Karin Svensson',
      'Anna Lindqvist',
      'elin Ek',
      'Åsa Öberg',
    ]);
  });

  it('never changes the list it gets', () => {
    const before = names(list);
    sortConversationsBy(list, 'name');
    sortConversationsBy(list, 'status');
    expect(names(list)).toEqual(before);
  });
});

describe('lastMessagePreview', () => {
  it('shows the file name of a file message and the first line of a text', () => {
    expect(
      lastMessagePreview(
        conversation(1, 'A', '2026-11-21T09:30:00.000Z', 0, 'Här\n/files/a.pdf', 'a.pdf'),
      ),
    ).toBe('a.pdf');
    expect(
      lastMessagePreview(
        conversation(1, 'A', '2026-11-21T09:30:00.000Z', 0, '\n Rad ett \nRad två'),
      ),
    ).toBe('Rad ett');
    expect(lastMessagePreview(conversation(1, 'A', null))).toBeNull();
  });
});
