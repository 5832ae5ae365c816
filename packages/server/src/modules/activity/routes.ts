// The activity log (spec §7 Administration): the whole log and one client's, paged and
// filtered, and both as CSV for an ADMIN (spec §9 intervals). Reading the log is itself one row
// per request (Patientdatalagen), never more. The staff list for its 'Utförd av' filter reads
// no client's data and writes no row. Exports are limited per user (security/export-limit.ts).
import { endpointDefs, isPageRequest } from '@halsa/api/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppModule } from '../../context.ts';
import { listScope } from '../../access/care-relation.ts';
import { requireSession } from '../../http/access.ts';
import { defineRoute } from '../../http/route.ts';
import { ClientService } from '../clients/service.ts';
import { activityCsv, exportFileName } from './csv.ts';
import { ActivityReader, intervalStart, type LogFilter } from './reader.ts';
import { listStaff } from './staff.ts';

export const activityModule: AppModule = (app, ctx) => {
  const reader = new ActivityReader(ctx.db, ctx.clock);
  const clients = new ClientService(ctx.db);

  /** Staff read the log: one row per client named in what was returned, or one without. */
  const recordLogRead = (request: FastifyRequest, subjects: number[], details: object) => {
    const session = requireSession(request);
    if (session.role === 'USER') return Promise.resolve();
    return ctx.activity.recordMany(
      (subjects.length > 0 ? subjects : [null]).map((subjectUserId) => ({
        action: 'ACTIVITY_LOG_VIEWED' as const,
        actorUserId: session.userId,
        subjectUserId,
        ip: request.ip,
        details: { ...details },
      })),
    );
  };

  /**
   * Sets the download headers and returns the CSV stream for defineRoute to send: the export's
   * access row is written before the first byte goes out, never racing the stream.
   */
  const csvDownload = (reply: FastifyReply, filter: LogFilter, fileName: string) => {
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff');
    return activityCsv(reader.batches(filter));
  };

  // One access row per client whose rows are on the page (design §4.14), none about staff.
  defineRoute(
    app,
    endpointDefs.logs,
    { audit: { records: ['ACTIVITY_LOG_VIEWED'] }, careTeam: 'filtered' },
    async (request, _reply, { query }) => {
      const session = requireSession(request);
      const filter: LogFilter = {
        action: query.action,
        performedBy: query.performedBy,
        day: query.day,
        emergencyAccess: query.emergencyAccess,
        scope: await listScope(ctx.db, session, reader.now()),
      };
      const { result, subjects } = isPageRequest(query)
        ? await reader.pageWithSubjects(filter, query).then((r) => ({ ...r, result: r.page }))
        : await reader.listWithSubjects(filter).then((r) => ({ ...r, result: r.items }));
      await recordLogRead(request, subjects, { ...query });
      return result;
    },
  );

  // Names and roles of STAFF and ADMIN only: no client's data, so no access row.
  defineRoute(app, endpointDefs.staff, { audit: 'none' }, () => listStaff(ctx.db));

  defineRoute(
    app,
    endpointDefs.subjectLogs,
    {
      audit: { action: 'ACTIVITY_LOG_VIEWED', subject: ({ input }) => input.params.userId },
      careTeam: { client: ({ params }) => params.userId },
    },
    async (_request, _reply, { params, query }) => {
      await clients.require(params.userId);
      const filter: LogFilter = {
        subjectUserId: params.userId,
        action: query.action,
        day: query.day,
        emergencyAccess: query.emergencyAccess,
      };
      return isPageRequest(query) ? reader.page(filter, query) : reader.list(filter);
    },
  );

  // The whole log as CSV names every client its rows are about: one access row each (design
  // §4.14, issue 34), or one without a client when it names none, before the first byte.
  defineRoute(
    app,
    endpointDefs.exportLogs,
    { audit: { records: ['ACTIVITY_LOG_EXPORTED'] } },
    async (request, reply, { query }) => {
      const session = requireSession(request);
      await ctx.exportLimits.admit(session.userId, reply);
      const interval = query.interval ?? 'all';
      const now = reader.now();
      const filter: LogFilter = { since: intervalStart(interval, now) };
      const subjects = await reader.exportSubjects(filter);
      await ctx.activity.recordMany(
        (subjects.length > 0 ? subjects : [null]).map((subjectUserId) => ({
          action: 'ACTIVITY_LOG_EXPORTED' as const,
          actorUserId: session.userId,
          subjectUserId,
          ip: request.ip,
          details: { interval },
        })),
      );
      return csvDownload(reply, filter, exportFileName(interval, now));
    },
  );

  defineRoute(
    app,
    endpointDefs.exportSubjectLogs,
    {
      audit: {
        action: 'ACTIVITY_LOG_EXPORTED',
        subject: ({ input }) => input.params.userId,
        details: ({ input }) => ({ interval: input.query.interval }),
      },
    },
    async (request, reply, { params, query }) => {
      await ctx.exportLimits.admit(requireSession(request).userId, reply);
      await clients.require(params.userId);
      const now = reader.now();
      return csvDownload(
        reply,
        { subjectUserId: params.userId, since: intervalStart(query.interval, now) },
        exportFileName(query.interval, now, params.userId),
      );
    },
  );
};
