// Lab results (spec §7): read by the client and by staff, uploaded by ADMIN, downloaded, and
// marked opened by the client. A part of the route table (routes.ts).
import type { RouteDef } from '../routes.ts';
import { SIGNED_IN } from '../route-base.ts';
import { ADMIN, fallbacks, fileFile, STAFF } from '../route-shared.ts';

export const labResultsRouteDefs = {
  labData: {
    method: 'GET',
    path: '/api/v1/user/lab-data',
    response: 'json',
    fallback: 'Kunde inte hämta provsvar',
    roles: SIGNED_IN,
    clientData: true,
  },
  labHistory: {
    method: 'GET',
    path: '/api/v1/admin/lab-data/:userId',
    response: 'json',
    fallback: 'Kunde inte hämta historiken för provsvar',
    roles: STAFF,
    clientData: true,
  },
  uploadLab: {
    method: 'POST',
    path: '/api/v1/admin/upload-lab/:userId',
    body: 'multipart',
    files: fileFile,
    response: 'json',
    fallback: 'Kunde inte ladda upp provsvar',
    roles: ADMIN,
    clientData: true,
  },
  downloadLab: {
    method: 'GET',
    path: '/api/v1/user/download/lab-data/:fileName',
    response: 'blob',
    fallback: fallbacks.download,
    roles: SIGNED_IN,
    clientData: true,
  },
  labResults: {
    method: 'GET',
    path: '/api/v1/user/lab-results',
    response: 'json',
    fallback: 'Kunde inte hämta provsvar',
    roles: ['USER'],
  },
  // A client's values, flags and trends as staff read them on her page (design §4.7): her care
  // team (or an open emergency access) and ADMIN; every read is logged.
  clientLabResults: {
    method: 'GET',
    path: '/api/v1/admin/lab-results/:userId',
    response: 'json',
    fallback: 'Kunde inte hämta provsvar',
    roles: STAFF,
    clientData: true,
  },
  openLabFile: {
    method: 'POST',
    path: '/api/v1/user/lab-results/opened/:fileName',
    response: 'empty',
    fallback: 'Kunde inte markera filen som öppnad',
    roles: ['USER'],
  },
} as const satisfies Record<string, RouteDef>;
