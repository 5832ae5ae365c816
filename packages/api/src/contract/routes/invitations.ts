// ADMIN's invitations of new users (design §4.8). A part of the route table (routes.ts).
import type { RouteDef } from '../routes.ts';
import { ADMIN } from '../route-shared.ts';

export const invitationsRouteDefs = {
  createInvitation: {
    method: 'POST',
    path: '/api/v1/admin/invitations',
    response: 'json',
    fallback: 'Kunde inte skicka inbjudan',
    roles: ADMIN,
  },
} as const satisfies Record<string, RouteDef>;
