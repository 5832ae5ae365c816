import { describe, expect, it } from 'vitest';
import { noticeMayBe } from './notice-may-be.ts';

describe('noticeMayBe', () => {
  it('is true for a notice of the type, false for one of another type', () => {
    const notice = { id: 1, message: 'Nya provsvar', status: 'UNREAD', timestamp: '2026-11-27' };
    expect(noticeMayBe({ ...notice, type: 'LAB_RESULT' }, 'LAB_RESULT')).toBe(true);
    expect(noticeMayBe({ ...notice, type: 'ACTION_PLAN' }, 'LAB_RESULT')).toBe(false);
  });

  it('is true for a message of an unknown shape: the page refetches rather than miss it', () => {
    expect(noticeMayBe('text', 'DAILY_NOTE')).toBe(true);
    expect(noticeMayBe(null, 'DAILY_NOTE')).toBe(true);
    expect(noticeMayBe({ message: 'utan typ' }, 'DAILY_NOTE')).toBe(true);
    expect(noticeMayBe({ type: 7 }, 'DAILY_NOTE')).toBe(true);
  });
});
