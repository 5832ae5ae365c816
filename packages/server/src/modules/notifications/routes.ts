// Routes of spec §7 "Notifications". Every role has notifications; each user reaches only
// their own (the session's user id, never an id from the request).
import { endpointDefs } from '@halsa/api/contract';
import type { AppModule } from '../../context.ts';
import { requireSession } from '../../http/access.ts';
import { defineRoute } from '../../http/route.ts';

export const notificationsModule: AppModule = (app, ctx) => {
  const { notifications } = ctx;

  defineRoute(app, endpointDefs.notifications, { audit: 'none' }, async (request) => {
    const s = requireSession(request);
    return notifications.list(s.userId);
  });

  defineRoute(
    app,
    endpointDefs.markNotificationRead,
    { audit: 'none' },
    async (request, _reply, { params }) => {
      const s = requireSession(request);
      await notifications.markRead(s.userId, params.id);
    },
  );

  defineRoute(app, endpointDefs.markAllNotificationsRead, { audit: 'none' }, async (request) => {
    const s = requireSession(request);
    await notifications.markAllRead(s.userId);
  });
};
