// Staff's clients (spec §6, §7): the list, one client, and the reset link ADMIN sends her.
// A part of the route table (routes.ts).
import type { RouteDef } from '../routes.ts';
import { ADMIN, STAFF } from '../route-shared.ts';

export const clientsRouteDefs = {
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
  sendResetLink: {
    method: 'POST',
    path: '/api/v1/admin/send-reset-link/:userId',
    response: 'empty',
    fallback: 'Ett fel uppstod vid försök att skicka återställningslänken',
    roles: ADMIN,
    clientData: true,
  },
} as const satisfies Record<string, RouteDef>;
