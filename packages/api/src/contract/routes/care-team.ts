// Care teams, emergency access and ADMIN's follow-up of the log (design §4.14). A part of the
// route table (routes.ts).
import type { RouteDef } from '../routes.ts';
import { ADMIN, STAFF } from '../route-shared.ts';

export const careTeamRouteDefs = {
  // Before `client` in the table: a path without a parameter wins in every router we use.
  clientLookup: {
    method: 'GET',
    path: '/api/v1/admin/clients/lookup',
    response: 'json',
    fallback: 'Kunde inte söka klient',
    roles: STAFF,
    clientData: true,
  },
  careTeam: {
    method: 'GET',
    path: '/api/v1/admin/clients/:id/care-team',
    response: 'json',
    fallback: 'Kunde inte hämta vårdteamet',
    roles: STAFF,
    clientData: true,
  },
  updateCareTeam: {
    method: 'PUT',
    path: '/api/v1/admin/clients/:id/care-team',
    response: 'json',
    fallback: 'Kunde inte spara vårdteamet',
    roles: ADMIN,
    clientData: true,
  },
  // The person's side of care teams (/staff, issue 35): her clients, add one, take one away.
  staffClients: {
    method: 'GET',
    path: '/api/v1/admin/users/:id/clients',
    response: 'json',
    fallback: 'Kunde inte hämta klienterna',
    roles: ADMIN,
    clientData: true,
  },
  addStaffClient: {
    method: 'POST',
    path: '/api/v1/admin/users/:id/clients',
    response: 'json',
    fallback: 'Kunde inte lägga till klienten',
    roles: ADMIN,
    clientData: true,
  },
  removeStaffClient: {
    method: 'DELETE',
    path: '/api/v1/admin/users/:id/clients/:clientId',
    response: 'empty',
    fallback: 'Kunde inte ta bort klienten',
    roles: ADMIN,
    clientData: true,
  },
  emergencyAccess: {
    method: 'POST',
    path: '/api/v1/admin/clients/:id/emergency-access',
    response: 'json',
    fallback: 'Kunde inte öppna nödåtkomst',
    // ADMIN reads every client: the server tells her she needs none (400).
    roles: STAFF,
    clientData: true,
  },
  // The caller's own open emergency accesses (design §4.20): the banner and the list's mark.
  myEmergencyAccesses: {
    method: 'GET',
    path: '/api/v1/admin/emergency-access',
    response: 'json',
    fallback: 'Kunde inte hämta dina nödåtkomster',
    roles: STAFF,
  },
  // 'Avsluta nu': she closes her own open access before its 4 hours are up (logged).
  closeEmergencyAccess: {
    method: 'POST',
    path: '/api/v1/admin/emergency-access/:id/close',
    response: 'json',
    fallback: 'Kunde inte avsluta nödåtkomsten',
    roles: STAFF,
  },
  // Before `reviewEmergencyAccess`: the menu's count of accesses not yet reviewed.
  accessReviewCount: {
    method: 'GET',
    path: '/api/v1/admin/activity/review/count',
    response: 'json',
    fallback: 'Kunde inte hämta antalet att granska',
    roles: ADMIN,
  },
  accessReview: {
    method: 'GET',
    path: '/api/v1/admin/activity/review',
    response: 'json',
    fallback: 'Kunde inte hämta logguppföljningen',
    roles: ADMIN,
    clientData: true,
  },
  reviewEmergencyAccess: {
    method: 'POST',
    path: '/api/v1/admin/activity/review/:id',
    response: 'json',
    fallback: 'Kunde inte markera som granskad',
    roles: ADMIN,
    clientData: true,
  },
  // The clinic's care-team switch 'Åtkomst endast via vårdteam' (URL as the spec has it).
  careTeamSetting: {
    method: 'GET',
    path: '/api/v1/admin/access-settings',
    response: 'json',
    fallback: 'Kunde inte hämta inställningen',
    roles: ADMIN,
  },
  updateCareTeamSetting: {
    method: 'PUT',
    path: '/api/v1/admin/access-settings',
    response: 'json',
    fallback: 'Kunde inte spara inställningen',
    roles: ADMIN,
  },
} as const satisfies Record<string, RouteDef>;
