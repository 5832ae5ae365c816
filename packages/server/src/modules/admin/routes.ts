// Administration routes: invitations (design.md §4.8) and new-user counts (spec §2.7).
import { endpointDefs } from '@halsa/api/contract';
import type { AppModule } from '../../context.ts';
import { requireSession } from '../../http/access.ts';
import { defineRoute } from '../../http/route.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export const adminModule: AppModule = (app, ctx) => {
  // New clients (role USER) created in the last 7, 30 and 365 days, counted back from now.
  defineRoute(app, endpointDefs.userStats, {}, async () => {
    const now = ctx.clock.now().getTime();
    const since = (days: number) => new Date(now - days * DAY_MS);
    const row = await ctx.db
      .selectFrom('users')
      .where('role', '=', 'USER')
      .select((eb) => [
        eb.fn.countAll<string>().filterWhere('created_at', '>=', since(7)).as('weekly'),
        eb.fn.countAll<string>().filterWhere('created_at', '>=', since(30)).as('monthly'),
        eb.fn.countAll<string>().filterWhere('created_at', '>=', since(365)).as('yearly'),
      ])
      .executeTakeFirstOrThrow();
    return { weekly: Number(row.weekly), monthly: Number(row.monthly), yearly: Number(row.yearly) };
  });

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
