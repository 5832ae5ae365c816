// 'E-postavisering' (design §4.16): each person's notice-mail settings, and the public one-click
// unsubscribe (RFC 8058) a notice mail links to, and its 'Ångra'. A part of the route table (routes.ts).
import type { RouteDef } from '../routes.ts';
import { PUBLIC, SIGNED_IN } from '../route-base.ts';

export const noticeMailsRouteDefs = {
  noticeMailSettings: {
    method: 'GET',
    path: '/api/v1/user/notification-settings',
    response: 'json',
    fallback: 'Kunde inte hämta inställningarna för e-postavisering',
    roles: SIGNED_IN,
  },
  updateNoticeMailSettings: {
    method: 'PUT',
    path: '/api/v1/user/notification-settings',
    response: 'json',
    fallback: 'Kunde inte spara inställningen',
    roles: SIGNED_IN,
  },
  unsubscribe: {
    method: 'GET',
    path: '/api/v1/public/unsubscribe',
    response: 'json',
    fallback: 'Kunde inte avsluta e-postaviseringen',
    roles: PUBLIC,
  },
  unsubscribeOneClick: {
    method: 'POST',
    path: '/api/v1/public/unsubscribe',
    response: 'json',
    fallback: 'Kunde inte avsluta e-postaviseringen',
    roles: PUBLIC,
  },
  resubscribe: {
    method: 'POST',
    path: '/api/v1/public/resubscribe',
    response: 'json',
    fallback: 'Kunde inte slå på e-postaviseringen igen',
    roles: PUBLIC,
  },
} as const satisfies Record<string, RouteDef>;
