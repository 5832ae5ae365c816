// Care teams, emergency access and 'Logguppföljning' (design §4.14). The access rule itself is
// in access/care-relation.ts and runs for every client-data route (http/route.ts `careTeam`).
import { endpointDefs } from '@halsa/api/contract';
import type { FastifyRequest } from 'fastify';
import type { AppModule } from '../../context.ts';
import { requireSession } from '../../http/access.ts';
import { defineRoute } from '../../http/route.ts';
import { EmergencyAccesses } from './emergency.ts';
import { CareTeamService } from './service.ts';
import { StaffClientsService } from './staff-clients.ts';

const actorOf = (request: FastifyRequest) => {
  const s = requireSession(request);
  return { userId: s.userId, role: s.role, ip: request.ip };
};

export const careTeamModule: AppModule = (app, ctx) => {
  const teams = new CareTeamService(ctx);
  const emergency = new EmergencyAccesses(ctx);
  const staffClients = new StaffClientsService(ctx, teams);

  defineRoute(
    app,
    endpointDefs.clientLookup,
    {
      rateLimit: { max: 30, windowMs: 60_000 },
      audit: { action: 'CLIENT_LOOKED_UP', subject: ({ result }) => (result as { id: number }).id },
      // Outside her team she finds a client only by the whole number, and sees only the name.
      careTeam: 'filtered',
    },
    (request, _reply, { query }) => teams.lookup(query.personalNumber, actorOf(request)),
  );

  defineRoute(
    app,
    endpointDefs.careTeam,
    {
      audit: { action: 'CARE_TEAM_VIEWED', subject: ({ input }) => input.params.id },
      careTeam: { client: ({ params }) => params.id },
    },
    (_request, _reply, { params }) => teams.get(params.id),
  );

  defineRoute(
    app,
    endpointDefs.updateCareTeam,
    { audit: { records: ['CARE_TEAM_CHANGED'] } },
    (request, _reply, { params, body }) => teams.set(params.id, body.staffIds, actorOf(request)),
  );

  // The person's side (/staff, issue 35). Her list names each client on it: one row per client,
  // as every client list does (design §4.14).
  defineRoute(
    app,
    endpointDefs.staffClients,
    {
      audit: {
        action: 'CLIENT_LIST_VIEWED',
        subject: ({ result }) => (result as { clients: { id: number }[] }).clients.map((c) => c.id),
      },
    },
    (_request, _reply, { params }) => staffClients.list(params.id),
  );

  defineRoute(
    app,
    endpointDefs.addStaffClient,
    { audit: { records: ['CARE_TEAM_CHANGED'] } },
    (request, _reply, { params, body }) =>
      staffClients.add(params.id, body.clientId, actorOf(request)),
  );

  defineRoute(
    app,
    endpointDefs.removeStaffClient,
    { audit: { records: ['CARE_TEAM_CHANGED'] } },
    async (request, _reply, { params }) => {
      await staffClients.remove(params.id, params.clientId, actorOf(request));
    },
  );

  defineRoute(
    app,
    endpointDefs.emergencyAccess,
    {
      rateLimit: { max: 20, windowMs: 60_000 },
      audit: { records: ['EMERGENCY_ACCESS'] },
      // The way in for a STAFF member outside the team: not itself behind the care-team check.
      careTeam: { client: () => null },
    },
    async (request, reply, { params, body }) => {
      const access = await teams.openEmergency(params.id, body, actorOf(request));
      reply.code(201);
      return access;
    },
  );

  // Her own open accesses: ids and times only, no client's data (ADMIN has none: she needs none).
  defineRoute(app, endpointDefs.myEmergencyAccesses, { audit: 'none' }, async (request) => {
    const { userId, role } = actorOf(request);
    return role === 'STAFF' ? emergency.mine(userId) : [];
  });

  defineRoute(
    app,
    endpointDefs.closeEmergencyAccess,
    { audit: { records: ['EMERGENCY_ACCESS_CLOSED'] } },
    (request, _reply, { params }) => emergency.close(params.id, actorOf(request)),
  );

  defineRoute(app, endpointDefs.accessReviewCount, { audit: 'none' }, async () => ({
    unreviewed: await emergency.unreviewed(),
  }));

  defineRoute(
    app,
    endpointDefs.accessReview,
    {
      audit: {
        action: 'ACCESS_REVIEW_VIEWED',
        // One row per client named on the page (design §4.14: a list names each client).
        subject: ({ result }) => [
          ...new Set(
            (result as { emergencyAccesses: { clientId: number }[] }).emergencyAccesses.map(
              (a) => a.clientId,
            ),
          ),
        ],
      },
    },
    (_request, _reply, { query }) => teams.review(query.reviewed ?? false),
  );

  defineRoute(
    app,
    endpointDefs.reviewEmergencyAccess,
    { audit: { records: ['EMERGENCY_ACCESS_REVIEWED'] } },
    (request, _reply, { params, body }) =>
      teams.markReviewed(params.id, body.comment, actorOf(request)),
  );

  defineRoute(app, endpointDefs.careTeamSetting, { audit: 'none' }, () => teams.careTeamSetting());

  defineRoute(
    app,
    endpointDefs.updateCareTeamSetting,
    { audit: { records: ['ACCESS_SETTING_CHANGED'] } },
    (request, _reply, { body }) => teams.updateCareTeamSetting(body, actorOf(request)),
  );
};
