// Action plans (spec §7): read by the client and by staff, uploaded by ADMIN, downloaded.
// A part of the route table (routes.ts).
import type { RouteDef } from '../routes.ts';
import { SIGNED_IN } from '../route-base.ts';
import { ADMIN, fallbacks, fileFile, STAFF } from '../route-shared.ts';

export const actionPlanRouteDefs = {
  actionPlan: {
    method: 'GET',
    path: '/api/v1/user/action-plan',
    response: 'json',
    fallback: 'Kunde inte hämta handlingsplan',
    roles: SIGNED_IN,
    clientData: true,
  },
  actionPlanHistory: {
    method: 'GET',
    path: '/api/v1/admin/action-plan-data/:userId',
    response: 'json',
    fallback: 'Kunde inte hämta historik för handlingsplaner',
    roles: STAFF,
    clientData: true,
  },
  uploadActionPlan: {
    method: 'POST',
    path: '/api/v1/admin/upload-action-plan/:userId',
    body: 'multipart',
    files: fileFile,
    response: 'json',
    fallback: 'Kunde inte ladda upp handlingsplan',
    roles: ADMIN,
    clientData: true,
  },
  downloadActionPlan: {
    method: 'GET',
    path: '/api/v1/user/download/action-plan/:fileName',
    response: 'blob',
    fallback: fallbacks.download,
    roles: SIGNED_IN,
    clientData: true,
  },
} as const satisfies Record<string, RouteDef>;
