// Invitations (design.md §4.8): an ADMIN invites a client by e-mail; the mail carries a
// `/register?token=…` link valid for 7 days. The token logic lives with registration in auth.
import { endpointDefs } from '@halsa/api/contract';
import type { AppModule } from '../../context.ts';
import { requireSession } from '../../http/access.ts';
import { defineRoute } from '../../http/route.ts';

export const invitationsModule: AppModule = (app, ctx) => {
  defineRoute(
    app,
    endpointDefs.createInvitation,
    { rateLimit: { max: 30, windowMs: 60_000 }, audit: { records: ['INVITATION_SENT'] } },
    async (request, reply, { body }) => {
      const s = requireSession(request);
      const invitation = await ctx.auth.invite(body.email, s.userId, { ip: request.ip });
      reply.code(201);
      return { email: invitation.email, expiresAt: invitation.expiresAt.toISOString() };
    },
  );
};
