// People of the clinic (design §4.14): `/staff`'s accounts, roles, deactivation and unlocking
// (the clinic's care-team switch is in modules/care-team). ADMIN only; the rules live in service.ts.
import { endpointDefs } from '@halsa/api/contract';
import type { FastifyRequest } from 'fastify';
import type { AppModule } from '../../context.ts';
import { requireSession } from '../../http/access.ts';
import { defineRoute } from '../../http/route.ts';
import { StaffService } from './service.ts';

const actorOf = (request: FastifyRequest) => ({
  userId: requireSession(request).userId,
  ip: request.ip,
});

export const staffModule: AppModule = (app, ctx) => {
  const staff = new StaffService(ctx);

  // Names and e-mail of staff: no client's data.
  defineRoute(app, endpointDefs.staffAccounts, { audit: 'none' }, () => staff.list());

  defineRoute(
    app,
    endpointDefs.createStaff,
    { rateLimit: { max: 30, windowMs: 60_000 }, audit: { records: ['STAFF_CREATED'] } },
    async (request, reply, { body }) => {
      const account = await staff.create(body, actorOf(request));
      reply.code(201);
      return account;
    },
  );

  defineRoute(
    app,
    endpointDefs.changeRole,
    { audit: { records: ['ROLE_CHANGED'] } },
    (request, _reply, { params, body }) => staff.changeRole(params.id, body.role, actorOf(request)),
  );

  defineRoute(
    app,
    endpointDefs.setPersonalNumber,
    { audit: { records: ['PERSONAL_NUMBER_CHANGED'] } },
    (request, _reply, { params, body }) =>
      staff.setPersonalNumber(params.id, body.personalNumber || null, actorOf(request)),
  );

  defineRoute(
    app,
    endpointDefs.accountState,
    { audit: { action: 'ACCOUNT_STATE_VIEWED', subject: ({ input }) => input.params.id } },
    (_request, _reply, { params }) => staff.state(params.id),
  );

  defineRoute(
    app,
    endpointDefs.deactivateUser,
    { audit: { records: ['ACCOUNT_DEACTIVATED'] } },
    (request, _reply, { params }) => staff.deactivate(params.id, actorOf(request)),
  );

  defineRoute(
    app,
    endpointDefs.reactivateUser,
    { audit: { records: ['ACCOUNT_REACTIVATED'] } },
    (request, _reply, { params }) => staff.reactivate(params.id, actorOf(request)),
  );

  defineRoute(
    app,
    endpointDefs.unlockUser,
    { audit: { records: ['ACCOUNT_UNLOCKED'] } },
    (request, _reply, { params }) => staff.unlock(params.id, actorOf(request)),
  );
};
