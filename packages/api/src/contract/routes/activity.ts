// The activity log (spec §6, §7): all of it or one client's, its export, and the staff who
// may have performed an action. A part of the route table (routes.ts).
import type { RouteDef } from '../routes.ts';
import { ADMIN, STAFF } from '../route-shared.ts';

export const activityRouteDefs = {
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
} as const satisfies Record<string, RouteDef>;
