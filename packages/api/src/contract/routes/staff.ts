// People of the clinic (design §4.14): staff accounts, roles, deactivation and unlocking
// (the care-team switch is in routes/care-team.ts). A part of the route table (routes.ts).
import type { RouteDef } from '../routes.ts';
import { ADMIN } from '../route-shared.ts';

export const staffRouteDefs = {
  staffAccounts: {
    method: 'GET',
    path: '/api/v1/admin/staff/accounts',
    response: 'json',
    fallback: 'Kunde inte hämta personal',
    roles: ADMIN,
  },
  createStaff: {
    method: 'POST',
    path: '/api/v1/admin/staff',
    response: 'json',
    fallback: 'Kunde inte lägga till personal',
    roles: ADMIN,
  },
  changeRole: {
    method: 'PUT',
    path: '/api/v1/admin/users/:id/role',
    response: 'json',
    fallback: 'Kunde inte byta roll',
    roles: ADMIN,
  },
  setPersonalNumber: {
    method: 'PUT',
    path: '/api/v1/admin/users/:id/personal-number',
    response: 'json',
    fallback: 'Kunde inte spara personnumret',
    roles: ADMIN,
  },
  // A client's account too (her page's actions): clientData, so every call is logged.
  accountState: {
    method: 'GET',
    path: '/api/v1/admin/users/:id/account-state',
    response: 'json',
    fallback: 'Kunde inte hämta kontots status',
    roles: ADMIN,
    clientData: true,
  },
  deactivateUser: {
    method: 'POST',
    path: '/api/v1/admin/users/:id/deactivate',
    response: 'json',
    fallback: 'Kunde inte inaktivera kontot',
    roles: ADMIN,
    clientData: true,
  },
  reactivateUser: {
    method: 'POST',
    path: '/api/v1/admin/users/:id/reactivate',
    response: 'json',
    fallback: 'Kunde inte återaktivera kontot',
    roles: ADMIN,
    clientData: true,
  },
  unlockUser: {
    method: 'POST',
    path: '/api/v1/admin/users/:id/unlock',
    response: 'json',
    fallback: 'Kunde inte låsa upp inloggningen',
    roles: ADMIN,
    clientData: true,
  },
} as const satisfies Record<string, RouteDef>;
