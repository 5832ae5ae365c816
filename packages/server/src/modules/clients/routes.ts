// Clients (spec §7 Administration, design.md §4.13): the register, one client, and a reset link
// an ADMIN sends her. Every staff read is one activity-log row (Patientdatalagen).
import {
  endpointDefs,
  isPageRequest,
  isWholePersonalNumber,
  maskPersonalNumber,
  type ClientPage,
} from '@halsa/api/contract';
import type { AppModule } from '../../context.ts';
import { requireSession } from '../../http/access.ts';
import { defineRoute } from '../../http/route.ts';
import { ClientService } from './service.ts';

export const clientsModule: AppModule = (app, ctx) => {
  const clients = new ClientService(ctx.db);

  // A list page writes one access row per client on it (design §4.14); STAFF sees her team's.
  defineRoute(
    app,
    endpointDefs.clients,
    {
      audit: {
        action: 'CLIENT_LIST_VIEWED',
        subject: ({ result }) =>
          (Array.isArray(result) ? result : (result as ClientPage).items).map((c) => c.id),
        // A whole personal number searched for is kept masked (issue 34): when it finds nobody
        // it may be anyone's, and the log is read by every ADMIN.
        details: ({ input }) =>
          isPageRequest(input.query)
            ? {
                ...input.query,
                ...(input.query.q && isWholePersonalNumber(input.query.q)
                  ? { q: maskPersonalNumber(input.query.q.trim()) }
                  : {}),
              }
            : undefined,
      },
      careTeam: 'filtered',
    },
    (request, _reply, { query }) => {
      const viewer = requireSession(request);
      const now = ctx.clock.now();
      return isPageRequest(query) ? clients.page(query, viewer, now) : clients.all(viewer, now);
    },
  );

  defineRoute(
    app,
    endpointDefs.client,
    {
      audit: { action: 'CLIENT_VIEWED', subject: ({ input }) => input.params.id },
      careTeam: { client: ({ params }) => params.id },
    },
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
