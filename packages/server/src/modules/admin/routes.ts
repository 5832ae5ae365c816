// Administration routes owned by this issue: invitations (design.md §4.8).
import { endpointDefs } from '@halsa/api/contract';
import type { AppModule } from '../../context.ts';
import { requireSession } from '../../http/access.ts';
import { defineRoute } from '../../http/route.ts';

export const adminModule: AppModule = (app, ctx) => {
  defineRoute(
    app,
    endpointDefs.createInvitation,
    { rateLimit: { max: 30, windowMs: 60_000 } },
    async (request, reply, { body }) => {
      const s = requireSession(request);
      const invitation = await ctx.auth.invite(body.email, s.userId, { ip: request.ip });
      reply.code(201);
      return { email: invitation.email, expiresAt: invitation.expiresAt.toISOString() };
    },
  );
};
