// The clinic's reports (design §4.11): figures over a period and their export. A part of the
// route table (routes.ts).
import type { RouteDef } from '../routes.ts';
import { STAFF } from '../route-shared.ts';

export const reportsRouteDefs = {
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
