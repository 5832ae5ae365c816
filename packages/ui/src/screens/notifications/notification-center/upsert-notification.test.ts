import { describe, expect, it } from 'vitest';
import type { Notification } from '@halsa/api/contract';
import { upsertNotification } from './upsert-notification';

const n = (id: number, status: Notification['status'] = 'UNREAD'): Notification => ({
  id,
  status,
  type: 'LAB_RESULT',
  message: `Notis ${id}`,
  timestamp: '2026-11-20T08:15:00.000Z',
});

describe('upsertNotification', () => {
  it('puts a new notification first', () => {
    expect(upsertNotification([n(1), n(2)], n(3)).map((x) => x.id)).toEqual([3, 1, 2]);
    expect(upsertNotification([], n(3))).toEqual([n(3)]);
  });

  it('replaces a known one in place', () => {
    const list = [n(1), n(2), n(3)];
    const next = upsertNotification(list, n(2, 'READ'));
    expect(next.map((x) => `${x.id}:${x.status}`)).toEqual(['1:UNREAD', '2:READ', '3:UNREAD']);
    expect(list[1]?.status).toBe('UNREAD');
  });
});
