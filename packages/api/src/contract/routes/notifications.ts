// The bell's notices (spec §7): the list, and marking one or all read. A part of the route
// table (routes.ts).
import type { RouteDef } from '../routes.ts';
import { SIGNED_IN } from '../route-base.ts';

export const notificationsRouteDefs = {
  notifications: {
    method: 'GET',
    path: '/api/v1/user/notifications',
    response: 'json',
    fallback: 'Kunde inte hämta notiser',
    roles: SIGNED_IN,
  },
  markNotificationRead: {
    method: 'PATCH',
    path: '/api/v1/user/notifications/:id/read',
    response: 'empty',
    fallback: 'Kunde inte markera notisen som läst',
    roles: SIGNED_IN,
  },
  markAllNotificationsRead: {
    method: 'PATCH',
    path: '/api/v1/user/notifications/mark-all-read',
    response: 'empty',
    fallback: 'Kunde inte markera alla notiser som lästa',
    roles: SIGNED_IN,
  },
} as const satisfies Record<string, RouteDef>;
