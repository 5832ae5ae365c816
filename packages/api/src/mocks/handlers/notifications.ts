import type { HttpHandler } from 'msw';
import { mockState } from '../state.ts';
import { answer, on } from './endpoint.ts';
import { idParam } from './request.ts';
import { errorResponse, HttpResponse, noContent } from './respond.ts';
import { scenariosFor } from './scenarios.ts';

const byNewest = <T extends { timestamp: string }>(list: readonly T[]): T[] =>
  [...list].sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp));

export const notificationHandlers: HttpHandler[] = [
  on('notifications', () => HttpResponse.json(byNewest(mockState.notifications))),
  on('markNotificationRead', ({ params }) => {
    const id = idParam(params);
    const notification = mockState.notifications.find((n) => n.id === id);
    if (!notification) return errorResponse(404, 'Notisen hittades inte.');
    notification.status = 'READ';
    return noContent();
  }),
  on('markAllNotificationsRead', () => {
    for (const n of mockState.notifications) n.status = 'READ';
    return noContent();
  }),
];

export const notificationScenarios = {
  ...scenariosFor(['notifications', 'markNotificationRead', 'markAllNotificationsRead']),
  /** No notifications at all. */
  empty: [answer('notifications', () => HttpResponse.json([]))],
  /** Notifications, all read (mark-all button disabled). */
  allRead: [
    answer('notifications', () =>
      HttpResponse.json(byNewest(mockState.notifications).map((n) => ({ ...n, status: 'READ' }))),
    ),
  ],
  /** Marking read fails (spec §8: logged only, the list does not change). */
  markReadFailure: [
    answer('markNotificationRead', () => errorResponse(500)),
    answer('markAllNotificationsRead', () => errorResponse(500)),
  ],
};
