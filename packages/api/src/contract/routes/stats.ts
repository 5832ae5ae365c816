// ADMIN's user statistics. A part of the route table (routes.ts).
import type { RouteDef } from '../routes.ts';
import { ADMIN } from '../route-shared.ts';

export const statsRouteDefs = {
  userStats: {
    method: 'GET',
    path: '/api/v1/admin/user-stats',
    response: 'json',
    fallback: 'Kunde inte hämta användarstatistik',
    roles: ADMIN,
  },
} as const satisfies Record<string, RouteDef>;
