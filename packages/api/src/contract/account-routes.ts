// The signed-in calls about one's own account and time (spec §7, design §4.11): password,
// profile picture, my account and who has read my data, the self-check, appointments, and the
// ADMIN's invitations. A part of the route table (routes.ts).
import type { RouteDef } from './routes.ts';
import { SIGNED_IN } from './route-base.ts';
import { ADMIN, fileFile, STAFF } from './route-shared.ts';

export const accountRouteDefs = {
  changePassword: {
    method: 'POST',
    path: '/api/v1/user/change-password',
    response: 'empty',
    fallback: 'Kunde inte byta lösenord',
    roles: SIGNED_IN,
  },
  uploadProfileImage: {
    method: 'POST',
    path: '/api/v1/user/upload',
    body: 'multipart',
    files: fileFile,
    response: 'json',
    fallback: 'Kunde inte ladda upp profilbilden',
    roles: SIGNED_IN,
  },
  removeProfileImage: {
    method: 'DELETE',
    path: '/api/v1/user/removeImage',
    response: 'json',
    fallback: 'Kunde inte ta bort profilbilden',
    roles: SIGNED_IN,
  },
  /**
   * The address behind a session user's `imageUrl`. Profile pictures are shown to every
   * signed-in user (messaging partners), so any signed-in role may fetch one.
   */
  profileImage: {
    method: 'GET',
    path: '/api/v1/user/image/:fileId',
    response: 'blob',
    fallback: 'Kunde inte hämta profilbilden',
    roles: SIGNED_IN,
  },
  selfTest: {
    method: 'POST',
    path: '/api/v1/user/self-test',
    response: 'json',
    fallback: 'Kunde inte skicka testnotisen',
    roles: SIGNED_IN,
  },
  appointments: {
    method: 'GET',
    path: '/api/v1/user/appointments',
    response: 'json',
    fallback: 'Kunde inte hämta bokningar',
    roles: SIGNED_IN,
    clientData: true,
  },
  appointmentIcs: {
    method: 'GET',
    path: '/api/v1/user/appointments/:id/ics',
    response: 'blob',
    fallback: 'Kunde inte hämta kalenderfilen',
    roles: SIGNED_IN,
    clientData: true,
  },
  createAppointment: {
    method: 'POST',
    path: '/api/v1/admin/appointments',
    response: 'json',
    fallback: 'Kunde inte boka mötet',
    roles: STAFF,
    clientData: true,
  },
  updateAppointment: {
    method: 'PUT',
    path: '/api/v1/admin/appointments/:id',
    response: 'json',
    fallback: 'Kunde inte flytta mötet',
    roles: STAFF,
    clientData: true,
  },
  cancelAppointment: {
    method: 'POST',
    path: '/api/v1/admin/appointments/:id/cancel',
    response: 'json',
    fallback: 'Kunde inte avboka mötet',
    roles: STAFF,
    clientData: true,
  },
  myAccount: {
    method: 'GET',
    path: '/api/v1/user/account',
    response: 'json',
    fallback: 'Kunde inte hämta dina kontouppgifter',
    roles: SIGNED_IN,
  },
  accessLog: {
    method: 'GET',
    path: '/api/v1/user/access-log',
    response: 'json',
    fallback: 'Kunde inte hämta vem som har läst dina uppgifter',
    roles: ['USER'],
  },
  createInvitation: {
    method: 'POST',
    path: '/api/v1/admin/invitations',
    response: 'json',
    fallback: 'Kunde inte skicka inbjudan',
    roles: ADMIN,
  },
} as const satisfies Record<string, RouteDef>;
