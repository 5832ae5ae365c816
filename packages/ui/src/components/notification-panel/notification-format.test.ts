import { describe, expect, it } from 'vitest';
import type { Notification } from '@halsa/api/contract';
import { notificationPath, sortNewestFirst, unreadOf } from './notification-format';

const n = (id: number, timestamp: string, status: Notification['status'] = 'UNREAD') => ({
  id,
  status,
  type: 'LAB_RESULT',
  message: `Notis ${id}`,
  timestamp,
});

describe('notificationPath', () => {
  it('leads each known type to its page', () => {
    expect(notificationPath('LAB_RESULT')).toBe('/lab-results');
    expect(notificationPath('ACTION_PLAN')).toBe('/action-plan');
    expect(notificationPath('DAILY_NOTE')).toBe('/journal');
  });

  it('leads other types nowhere', () => {
    expect(notificationPath('APPOINTMENT')).toBeNull();
    expect(notificationPath('lab_result')).toBeNull();
    expect(notificationPath('toString')).toBeNull();
    expect(notificationPath('')).toBeNull();
  });
});

describe('sortNewestFirst', () => {
  it('puts the newest first without changing the input', () => {
    const list = [
      n(1, '2026-10-01T10:00:00Z'),
      n(2, '2026-11-01T10:00:00Z'),
      n(3, '2026-10-15T10:00:00Z'),
    ];
    expect(sortNewestFirst(list).map((x) => x.id)).toEqual([2, 3, 1]);
    expect(list.map((x) => x.id)).toEqual([1, 2, 3]);
  });
});

describe('unreadOf', () => {
  it('counts status UNREAD', () => {
    expect(unreadOf([n(1, '2026-10-01T10:00:00Z'), n(2, '2026-10-01T10:00:00Z', 'READ')])).toBe(1);
    expect(unreadOf([])).toBe(0);
    expect(unreadOf(undefined)).toBe(0);
  });
});
