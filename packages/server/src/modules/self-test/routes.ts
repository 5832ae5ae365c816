// The self-check page /test (design §4.11, issue 13): sends the caller a test notice, which the
// page waits for on the live connection, and answers the server's time for the clock check.
// Only ever to the caller herself (no id is read); nobody else's data is touched.
import { endpointDefs, SELF_TEST_MESSAGE, SELF_TEST_NOTIFICATION_TYPE } from '@halsa/api/contract';
import type { AppModule } from '../../context.ts';
import { requireSession } from '../../http/access.ts';
import { defineRoute } from '../../http/route.ts';

export const selfTestModule: AppModule = (app, ctx) => {
  defineRoute(
    app,
    endpointDefs.selfTest,
    { audit: 'none', rateLimit: { max: 10, windowMs: 60_000 } },
    async (request) => {
      const { userId } = requireSession(request);
      const notice = await ctx.notifications.notify(
        userId,
        SELF_TEST_NOTIFICATION_TYPE,
        SELF_TEST_MESSAGE,
      );
      return { notificationId: notice.id, serverTime: ctx.clock.now().toISOString() };
    },
  );
};
