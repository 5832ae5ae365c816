// One's own account (spec §7, design §4.11): password, profile picture, my account and who has
// read my data. A part of the route table (routes.ts).
import type { RouteDef } from '../routes.ts';
import { SIGNED_IN } from '../route-base.ts';
import { fileFile } from '../route-shared.ts';

export const profileRouteDefs = {
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
} as const satisfies Record<string, RouteDef>;
