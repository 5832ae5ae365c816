// Clients (spec §7 Administration, design.md §4.13): the register, one client, and a reset link
// an ADMIN sends her. Every staff read is one activity-log row (Patientdatalagen).
import { endpointDefs, isPageRequest } from '@halsa/api/contract';
import type { AppModule } from '../../context.ts';
import { requireSession } from '../../http/access.ts';
import { defineRoute } from '../../http/route.ts';
import { ClientService } from './service.ts';

export const clientsModule: AppModule = (app, ctx) => {
  const clients = new ClientService(ctx.db);

  defineRoute(
    app,
    endpointDefs.clients,
    {
      audit: {
        action: 'CLIENT_LIST_VIEWED',
        subject: () => null,
        details: ({ input }) => (isPageRequest(input.query) ? { ...input.query } : undefined),
      },
    },
    (_request, _reply, { query }) => (isPageRequest(query) ? clients.page(query) : clients.all()),
  );

  defineRoute(
    app,
    endpointDefs.client,
    { audit: { action: 'CLIENT_VIEWED', subject: ({ input }) => input.params.id } },
    (_request, _reply, { params }) => clients.get(params.id),
  );

  defineRoute(
    app,
    endpointDefs.sendResetLink,
    {
      rateLimit: { max: 30, windowMs: 60_000 },
      audit: { action: 'RESET_LINK_SENT', subject: ({ input }) => input.params.userId },
    },
    async (request, _reply, { params }) => {
      const s = requireSession(request);
      await clients.require(params.userId);
      // The mail goes through the outbox with its token: sent once, retried while SMTP is down.
      await ctx.auth.sendPasswordLink(params.userId, 'RESET_PASSWORD', s.userId);
    },
  );
};
