import { describe, expect, it } from 'vitest';
import {
  OPEN_CONVERSATION_EVENT,
  START_CONVERSATION_EVENT,
  parseOpenConversationDetail,
  parseStartConversationDetail,
} from './widget-events.ts';

describe('widget events', () => {
  it('have the agreed names', () => {
    expect(OPEN_CONVERSATION_EVENT).toBe('halsa:open-conversation');
    expect(START_CONVERSATION_EVENT).toBe('halsa:start-conversation');
  });

  it('read an open-conversation detail', () => {
    expect(parseOpenConversationDetail({ conversationId: 12 })).toEqual({ conversationId: 12 });
    expect(parseOpenConversationDetail({ conversationId: 12, extra: true })).toEqual({
      conversationId: 12,
    });
  });

  it('refuse a malformed open-conversation detail', () => {
    for (const detail of [
      null,
      undefined,
      12,
      {},
      { conversationId: '12' },
      { conversationId: 0 },
      { conversationId: 1.5 },
    ]) {
      expect(parseOpenConversationDetail(detail)).toBeNull();
    }
  });

  it('read a start-conversation detail', () => {
    expect(parseStartConversationDetail({ userId: 3, fullName: 'Anna Lindqvist' })).toEqual({
      userId: 3,
      fullName: 'Anna Lindqvist',
    });
  });

  it('refuse a malformed start-conversation detail', () => {
    for (const detail of [
      null,
      'x',
      { userId: 3 },
      { fullName: 'Anna' },
      { userId: -1, fullName: 'Anna' },
    ]) {
      expect(parseStartConversationDetail(detail)).toBeNull();
    }
  });
});
