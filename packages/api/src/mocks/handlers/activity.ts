// Activity log (spec §7 Administration): the whole log, one client's log, CSV exports, and the
// staff the log can be narrowed to.
import type { HttpHandler } from 'msw';
import {
  activityActionLabels,
  type ActivityLog,
  type ExportInterval,
} from '../../contract/index.ts';
import { exportLogsQuerySchema, subjectExportLogsQuerySchema } from '../../contract/activity.ts';
import { staffOf } from '../fixtures/activity.ts';
import { fullName } from '../fixtures/users.ts';
import { MOCK_NOW, mockState } from '../state.ts';
import { clientOr404 } from './clients.ts';
import { answerPage } from './paging.ts';
import { answer, on, type MockParams } from './endpoint.ts';
import { readQuery } from './request.ts';
import { errorResponse, HttpResponse } from './respond.ts';
import { scenariosFor } from './scenarios.ts';

const DAY = 24 * 3600 * 1000;
const intervalDays: Record<ExportInterval, number> = {
  all: Number.POSITIVE_INFINITY,
  '2veckor': 14,
  '30dagar': 30,
  '3man': 91,
  '6man': 182,
  '1ar': 365,
};

const within = (logs: readonly ActivityLog[], interval: ExportInterval): ActivityLog[] => {
  const since = Date.parse(MOCK_NOW) - intervalDays[interval] * DAY;
  return logs.filter((l) => Date.parse(l.timestamp) >= since);
};

const byNewest = (logs: readonly ActivityLog[]) =>
  [...logs].sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp));

/** CSV with `;` (Swedish Excel), cells starting with = + - @ neutralised (design §5). */
export function toCsv(logs: readonly ActivityLog[]): string {
  const cell = (value: string | number | null) => {
    let text = value === null ? '' : String(value);
    if (/^[=+\-@]/.test(text)) text = `'${text}`;
    return /[;"\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const header = ['Id', 'Händelse', 'Utförd av', 'Tidpunkt', 'Berörd användare', 'IP-adress'];
  const rows = logs.map((l) =>
    [
      l.id,
      activityActionLabels[l.action],
      l.performedByName,
      l.timestamp,
      l.subjectUserName,
      l.ipAddress,
    ]
      .map(cell)
      .join(';'),
  );
  return `${[header.join(';'), ...rows].join('\n')}\n`;
}

const csvResponse = (logs: readonly ActivityLog[], fileName: string) =>
  new HttpResponse(`\uFEFF${toCsv(logs)}`, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileName}"`,
    },
  });

const subjectLogs = (params: MockParams) => {
  const client = clientOr404(params, 'userId');
  return mockState.activityLogs.filter((l) => l.subjectUserName === fullName(client));
};

const stockholmDay = (timestamp: string): string =>
  new Date(timestamp).toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });

/**
 * The log's filters: `action`; `performedBy` (an id, matched by the person's name, which is all
 * the fixtures carry); `day` (Europe/Stockholm); `emergencyAccess` (the rows its staff member
 * wrote about its client while it was open).
 */
const filtered = (logs: ActivityLog[], request: Request): ActivityLog[] => {
  const query = new URL(request.url).searchParams;
  const action = query.get('action');
  const performedBy = Number(query.get('performedBy'));
  const day = query.get('day');
  const accessId = Number(query.get('emergencyAccess'));
  const performer = performedBy ? mockState.users.find((u) => u.id === performedBy) : undefined;
  const access = accessId
    ? mockState.careTeam.emergencyAccesses.find((a) => a.id === accessId)
    : undefined;
  return logs.filter(
    (l) =>
      (!action || l.action === action) &&
      (!performedBy || (performer !== undefined && l.performedByName === fullName(performer))) &&
      (!day || stockholmDay(l.timestamp) === day) &&
      (!accessId ||
        (access !== undefined &&
          l.performedByName === access.staff.name &&
          l.subjectUserName === access.client.name &&
          l.timestamp >= access.openedAt &&
          l.timestamp <= access.expiresAt)),
  );
};

export const activityHandlers: HttpHandler[] = [
  on('logs', ({ request }) =>
    answerPage(filtered(byNewest(mockState.activityLogs), request), request),
  ),
  on('staff', () => HttpResponse.json(staffOf(mockState.users))),
  on('subjectLogs', ({ request, params }) =>
    answerPage(filtered(byNewest(subjectLogs(params)), request), request),
  ),
  on('exportLogs', ({ request }) => {
    const { interval = 'all' } = readQuery(request, exportLogsQuerySchema);
    return csvResponse(
      byNewest(within(mockState.activityLogs, interval)),
      `aktivitetslogg_${interval}.csv`,
    );
  }),
  on('exportSubjectLogs', ({ request, params }) => {
    const { interval } = readQuery(request, subjectExportLogsQuerySchema);
    return csvResponse(
      byNewest(within(subjectLogs(params), interval)),
      `aktivitetslogg_${interval}.csv`,
    );
  }),
];

export const activityScenarios = {
  ...scenariosFor(['logs', 'subjectLogs', 'exportLogs', 'exportSubjectLogs', 'staff']),
  /** No activity (→ 'Ingen aktivitet hittades för denna användaren.'). */
  empty: [
    answer('logs', ({ request }) => answerPage([], request)),
    answer('subjectLogs', ({ request }) => answerPage([], request)),
  ],
  /** Export fails without a message. */
  exportFailure: [
    answer('exportLogs', () => errorResponse(500)),
    answer('exportSubjectLogs', () => errorResponse(500)),
  ],
};
