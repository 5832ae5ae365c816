// Clinic reports (/reports): the figures of a period and their CSV (STAFF and ADMIN).
import type { HttpHandler } from 'msw';
import { reportFigureLabels, reportQuerySchema, type Report } from '../../contract/index.ts';
import { mockReport } from '../fixtures/reports.ts';
import { answer, on } from './endpoint.ts';
import { readQuery } from './request.ts';
import { errorResponse, HttpResponse } from './respond.ts';
import { scenariosFor } from './scenarios.ts';

/** A small CSV like the server's: BOM, `;`, CRLF, Swedish header, one row per bucket. */
function reportCsv(report: Report): string {
  const keys = Object.keys(reportFigureLabels) as (keyof typeof reportFigureLabels)[];
  const rows = [
    ['Period', ...keys.map((k) => reportFigureLabels[k])],
    ...report.buckets.map((b) => [b.start, ...keys.map((k) => String(b[k] ?? ''))]),
  ];
  return `\uFEFF${rows.map((r) => r.join(';')).join('\r\n')}\r\n`;
}

export const reportHandlers: HttpHandler[] = [
  on('reports', ({ request }) =>
    HttpResponse.json(mockReport(readQuery(request, reportQuerySchema).interval)),
  ),
  on('exportReports', ({ request }) => {
    const { interval } = readQuery(request, reportQuerySchema);
    return new HttpResponse(reportCsv(mockReport(interval)), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="rapport_${interval}.csv"`,
      },
    });
  }),
];

export const reportScenarios = {
  ...scenariosFor(['reports', 'exportReports']),
  /** Every period without any figures (→ 'Inga händelser under perioden.'). */
  empty: [
    answer('reports', ({ request }) =>
      HttpResponse.json(
        mockReport(readQuery(request, reportQuerySchema).interval, { empty: true }),
      ),
    ),
  ],
  /** The export fails without a message: the call's Swedish fallback. */
  exportFailure: [answer('exportReports', () => errorResponse(500))],
};
