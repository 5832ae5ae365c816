// Links to the signed-in routes with parameters. Apart from config/paths.ts, which /login's
// first JavaScript carries (the signed-out route table reads it): these are used by signed-in
// screens only, and in that file they cost /login 0.15 kB gzipped (issue 37, `pnpm budget`).
import type { ClientTab } from './pages';
import { paths } from './paths';

/** Links to routes with parameters. */
export const to = {
  client: (clientId: number, tab: ClientTab = 'overview') => `${paths.clients}/${clientId}/${tab}`,
  clientJournalForm: (clientId: number, formId: number) =>
    `${paths.clients}/${clientId}/journal/${formId}`,
  journalTemplate: (formId: number) => `${paths.journalTemplates}/${formId}`,
  /** Staff's /appointments showing one client's meetings (and booking for her). */
  clientAppointments: (clientId: number) =>
    `${paths.appointments}?${new URLSearchParams({ klient: String(clientId) })}`,
  /** The activity log narrowed as 'Logguppföljning' links it (design §4.14). */
  activityFiltered: (filters: { performedBy?: number; day?: string; emergencyAccess?: number }) =>
    `${paths.activity}?${new URLSearchParams(
      Object.entries(filters).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
    )}`,
} as const;
