// The session and the signed-out pages' calls (spec §2.1, §7): sign-in, two-factor, password
// reset and set, and registration, which is signed out too. The part of the route table the
// browser entry reads at once: the rest of routes.ts loads with the first other call (client.ts),
// so /login carries only these entries (issue 14, /login budget).
import type { RouteDef } from '../routes.ts';
import { authFallbacks, PUBLIC, SIGNED_IN } from '../route-base.ts';

export const authRouteDefs = {
  me: {
    method: 'GET',
    path: '/api/v1/auth/me',
    response: 'json',
    fallback: authFallbacks.session,
    roles: SIGNED_IN,
  },
  authenticate: {
    method: 'POST',
    path: '/api/v1/auth/authenticate',
    response: 'json',
    fallback: authFallbacks.login,
    roles: PUBLIC,
  },
  verifyTwoFactor: {
    method: 'POST',
    path: '/api/v1/auth/verify-2fa',
    response: 'json',
    fallback: authFallbacks.twoFactor,
    roles: PUBLIC,
  },
  resendTwoFactor: {
    method: 'POST',
    path: '/api/v1/auth/resend-2fa',
    response: 'empty',
    fallback: authFallbacks.resend,
    roles: PUBLIC,
  },
  logout: {
    method: 'POST',
    path: '/api/v1/user/logout',
    response: 'empty',
    fallback: authFallbacks.logout,
    roles: SIGNED_IN,
  },
  forgotPassword: {
    method: 'POST',
    path: '/api/v1/auth/forgot-password',
    response: 'empty',
    fallback: 'Kunde inte begära återställning av lösenord',
    roles: PUBLIC,
  },
  resetPassword: {
    method: 'POST',
    path: '/api/v1/auth/reset-password',
    response: 'empty',
    fallback: 'Kunde inte uppdatera lösenordet',
    roles: PUBLIC,
  },
  setPassword: {
    method: 'POST',
    path: '/api/v1/auth/set-password',
    response: 'empty',
    fallback: 'Kunde inte sätta lösenordet',
    roles: PUBLIC,
  },
  register: {
    method: 'POST',
    path: '/api/v1/auth/register',
    response: 'empty',
    fallback: authFallbacks.register,
    roles: PUBLIC,
  },
} as const satisfies Record<string, RouteDef>;

export type AuthEndpointName = keyof typeof authRouteDefs;
