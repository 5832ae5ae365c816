// Clinic reports (design §4.11): the figures of a period as JSON for /reports and as CSV. STAFF
// and ADMIN both: the figures are counts over the clinic, no client's data, so neither route
// writes an access row; the export of the activity log (names, IPs) stays ADMIN's alone. The
// CSV counts against the user's exports (security/export-limit.ts).
import { endpointDefs } from '@halsa/api/contract';
import type { AppModule } from '../../context.ts';
import { requireSession } from '../../http/access.ts';
import { defineRoute } from '../../http/route.ts';
import { reportCsv, reportFileName } from './csv.ts';
import { ReportService } from './service.ts';

export const reportsModule: AppModule = (app, ctx) => {
  const reports = new ReportService(ctx.db, ctx.clock);

  defineRoute(app, endpointDefs.reports, { audit: 'none' }, (_request, _reply, { query }) =>
    reports.report(query.interval),
  );

  defineRoute(
    app,
    endpointDefs.exportReports,
    { audit: 'none' },
    async (request, reply, { query }) => {
      await ctx.exportLimits.admit(requireSession(request).userId, reply);
      const now = reports.now();
      const csv = reportCsv(await reports.report(query.interval, now));
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${reportFileName(query.interval, now)}"`,
        )
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff');
      return csv;
    },
  );
};
