// Administration (spec §6, §7, design §4.11): clients, the access log and its export, reset
// links, the staff list and the clinic's reports. A part of the route table (routes.ts).
import type { RouteDef } from './routes.ts';
import { ADMIN, STAFF } from './route-shared.ts';

export const adminRouteDefs = {
  userStats: {
    method: 'GET',
    path: '/api/v1/admin/user-stats',
    response: 'json',
    fallback: 'Kunde inte hämta användarstatistik',
    roles: ADMIN,
  },
  clients: {
    method: 'GET',
    path: '/api/v1/admin/clients',
    response: 'json',
    fallback: 'Kunde inte hämta klienter',
    roles: STAFF,
    clientData: true,
  },
  client: {
    method: 'GET',
    path: '/api/v1/admin/clients/:id',
    response: 'json',
    fallback: 'Kunde inte hämta klientdata',
    roles: STAFF,
    clientData: true,
  },
  subjectLogs: {
    method: 'GET',
    path: '/api/v1/admin/subject/:userId',
    response: 'json',
    fallback: 'Kunde inte hämta aktivitetsloggar',
    roles: STAFF,
    clientData: true,
  },
  logs: {
    method: 'GET',
    path: '/api/v1/admin/get-logs',
    response: 'json',
    fallback: 'Kunde inte hämta loggar',
    roles: STAFF,
    clientData: true,
  },
  exportLogs: {
    method: 'GET',
    path: '/api/v1/admin/export-logs',
    response: 'blob',
    fallback: 'Kunde inte exportera loggar',
    roles: ADMIN,
    clientData: true,
  },
  exportSubjectLogs: {
    method: 'GET',
    path: '/api/v1/admin/subject/:userId/export-logs',
    response: 'blob',
    fallback: 'Kunde inte exportera loggar',
    roles: ADMIN,
    clientData: true,
  },
  // The 'Utförd av' choices of the activity log: STAFF and ADMIN by name, never a client. Names
  // of staff are no client's data, so not clientData and no access row.
  staff: {
    method: 'GET',
    path: '/api/v1/admin/staff',
    response: 'json',
    fallback: 'Kunde inte hämta personal',
    roles: STAFF,
  },
  sendResetLink: {
    method: 'POST',
    path: '/api/v1/admin/send-reset-link/:userId',
    response: 'empty',
    fallback: 'Ett fel uppstod vid försök att skicka återställningslänken',
    roles: ADMIN,
    clientData: true,
  },
  // Clinic figures over a period (design §4.11): counts only, no client's data, so STAFF too.
  reports: {
    method: 'GET',
    path: '/api/v1/admin/reports',
    response: 'json',
    fallback: 'Kunde inte hämta rapporten',
    roles: STAFF,
  },
  exportReports: {
    method: 'GET',
    path: '/api/v1/admin/reports/export',
    response: 'blob',
    fallback: 'Kunde inte exportera rapporten',
    roles: STAFF,
  },
} as const satisfies Record<string, RouteDef>;
