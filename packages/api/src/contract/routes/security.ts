// Strong sign-in (design §4.17): her methods on /profile/security, the login's second step by
// method, 'Logga in med nyckel', the clinic's sign-in settings and ADMIN's reset. A part of the
// route table (routes.ts), not of routes/auth.ts: /login's first JavaScript does not carry it
// (the login screens load it with their first call, issue 32).
import type { RouteDef } from '../routes.ts';
import { PUBLIC, SIGNED_IN } from '../route-base.ts';
import { ADMIN } from '../route-shared.ts';

export const securityRouteDefs = {
  // ---- her methods --------------------------------------------------------------------------
  securityOverview: {
    method: 'GET',
    path: '/api/v1/user/security',
    response: 'json',
    fallback: 'Kunde inte hämta dina inloggningsmetoder',
    roles: SIGNED_IN,
  },
  passkeyRegistrationOptions: {
    method: 'POST',
    path: '/api/v1/user/security/passkeys/options',
    response: 'json',
    fallback: 'Kunde inte förbereda nyckeln',
    roles: SIGNED_IN,
  },
  registerPasskey: {
    method: 'POST',
    path: '/api/v1/user/security/passkeys',
    response: 'json',
    fallback: 'Kunde inte lägga till nyckeln',
    roles: SIGNED_IN,
  },
  startTotpSetup: {
    method: 'POST',
    path: '/api/v1/user/security/totp',
    response: 'json',
    fallback: 'Kunde inte förbereda autentiseringsappen',
    roles: SIGNED_IN,
  },
  confirmTotp: {
    method: 'POST',
    path: '/api/v1/user/security/totp/:id/confirm',
    response: 'json',
    fallback: 'Kunde inte bekräfta autentiseringsappen',
    roles: SIGNED_IN,
  },
  createReserveCodes: {
    method: 'POST',
    path: '/api/v1/user/security/reserve-codes',
    response: 'json',
    fallback: 'Kunde inte skapa reservkoder',
    roles: SIGNED_IN,
  },
  removeSignInMethod: {
    method: 'POST',
    path: '/api/v1/user/security/methods/:id/remove',
    response: 'empty',
    fallback: 'Kunde inte ta bort inloggningsmetoden',
    roles: SIGNED_IN,
  },

  // ---- the login's second step and 'Logga in med nyckel' -----------------------------------
  loginStep: {
    method: 'POST',
    path: '/api/v1/auth/login-step',
    response: 'json',
    fallback: 'Kunde inte hämta inloggningssätten',
    roles: PUBLIC,
  },
  loginPasskeyOptions: {
    method: 'POST',
    path: '/api/v1/auth/login-step/passkey-options',
    response: 'json',
    fallback: 'Kunde inte förbereda nyckeln',
    roles: PUBLIC,
  },
  verifyLoginStep: {
    method: 'POST',
    path: '/api/v1/auth/login-step/verify',
    response: 'json',
    fallback: 'Verifiering misslyckades. Försök igen.',
    roles: PUBLIC,
  },
  passkeyLoginOptions: {
    method: 'POST',
    path: '/api/v1/auth/passkey/options',
    response: 'json',
    fallback: 'Kunde inte förbereda inloggning med nyckel',
    roles: PUBLIC,
  },
  passkeyLogin: {
    method: 'POST',
    path: '/api/v1/auth/passkey',
    response: 'json',
    fallback: 'Inloggning med nyckel misslyckades',
    roles: PUBLIC,
  },

  // ---- the clinic's settings and ADMIN's reset ---------------------------------------------
  signInSettings: {
    method: 'GET',
    path: '/api/v1/admin/sign-in-settings',
    response: 'json',
    fallback: 'Kunde inte hämta inloggningsinställningarna',
    roles: ADMIN,
  },
  updateSignInSettings: {
    method: 'PUT',
    path: '/api/v1/admin/sign-in-settings',
    response: 'json',
    fallback: 'Kunde inte spara inloggningsinställningarna',
    roles: ADMIN,
  },
  // A client's account too (her page): clientData, so every call is logged.
  userSignInMethods: {
    method: 'GET',
    path: '/api/v1/admin/users/:id/sign-in-methods',
    response: 'json',
    fallback: 'Kunde inte hämta inloggningsmetoderna',
    roles: ADMIN,
    clientData: true,
  },
  resetSignInMethods: {
    method: 'POST',
    path: '/api/v1/admin/users/:id/reset-sign-in-methods',
    response: 'json',
    fallback: 'Kunde inte återställa inloggningsmetoderna',
    roles: ADMIN,
    clientData: true,
  },
} as const satisfies Record<string, RouteDef>;
