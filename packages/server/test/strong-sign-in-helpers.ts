// Strong sign-in in tests (issue 32): enrolment and login by method through the real routes,
// with codes computed as an authenticator app does and keys answered by a software passkey.
import type { LightMyRequestResponse } from 'fastify';
import { totpCodeAt } from '../src/modules/security/totp.ts';
import { PASSWORD, PUBLIC_URL, send, sessionCookieOf, type TestApp } from './helpers.ts';
import { SoftAuthenticator } from './soft-authenticator.ts';

export const RP_ID = new URL(PUBLIC_URL).hostname;
export const ORIGIN_URL = new URL(PUBLIC_URL).origin;

export const TOTP_STEP_MS = 30_000;

/** Moves the clock to the next time step, so the next code is a new one. */
export const nextStep = (t: TestApp) => t.clock.advance(TOTP_STEP_MS);

/** Sets up and confirms an authenticator app; returns its key (base32), as the QR carries it. */
export async function addTotp(t: TestApp, cookie: string): Promise<string> {
  const setup = await send(t, 'POST', '/api/v1/user/security/totp', { cookie, body: {} });
  if (setup.statusCode !== 200) throw new Error(`totp setup ${setup.statusCode} ${setup.body}`);
  const { setupId, secret } = setup.json<{ setupId: number; secret: string }>();
  const confirm = await send(t, 'POST', `/api/v1/user/security/totp/${setupId}/confirm`, {
    cookie,
    body: { code: totpCodeAt(secret, t.clock.now()) },
  });
  if (confirm.statusCode !== 200)
    throw new Error(`totp confirm ${confirm.statusCode} ${confirm.body}`);
  nextStep(t);
  return secret;
}

/** Registers a software passkey for the signed-in person. */
export async function addPasskey(
  t: TestApp,
  cookie: string,
  name = 'Testnyckel',
): Promise<SoftAuthenticator> {
  const key = new SoftAuthenticator(RP_ID, ORIGIN_URL);
  const options = await send(t, 'POST', '/api/v1/user/security/passkeys/options', {
    cookie,
    body: {},
  });
  if (options.statusCode !== 200) throw new Error(`options ${options.statusCode} ${options.body}`);
  const res = await send(t, 'POST', '/api/v1/user/security/passkeys', {
    cookie,
    body: { name, credential: key.register(options.json().options) },
  });
  if (res.statusCode !== 200) throw new Error(`register ${res.statusCode} ${res.body}`);
  return key;
}

/** The password step: the twoFactorId of the pending login. */
export async function authenticate(t: TestApp, email: string): Promise<string> {
  const res = await send(t, 'POST', '/api/v1/auth/authenticate', {
    body: { email, password: PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`authenticate ${res.statusCode} ${res.body}`);
  return res.json<{ message: string }>().message;
}

export const verifyStep = (t: TestApp, body: Record<string, unknown>) =>
  send(t, 'POST', '/api/v1/auth/login-step/verify', { body });

/** Password, then the app's code of now: the session cookie. */
export async function loginWithTotp(t: TestApp, email: string, secret: string): Promise<string> {
  const twoFactorId = await authenticate(t, email);
  const res = await verifyStep(t, {
    twoFactorId,
    method: 'TOTP',
    code: totpCodeAt(secret, t.clock.now()),
  });
  nextStep(t);
  const cookie = sessionCookieOf(res);
  if (res.statusCode !== 200 || !cookie)
    throw new Error(`totp login ${res.statusCode} ${res.body}`);
  return cookie;
}

/** The passkey options of a pending login, answered by `key` (options of the answer apply). */
export async function passkeyStep(
  t: TestApp,
  twoFactorId: string,
  key: SoftAuthenticator,
  answer: Parameters<SoftAuthenticator['assert']>[1] = {},
): Promise<LightMyRequestResponse> {
  const options = await send(t, 'POST', '/api/v1/auth/login-step/passkey-options', {
    body: { twoFactorId },
  });
  if (options.statusCode !== 200) throw new Error(`options ${options.statusCode} ${options.body}`);
  return verifyStep(t, {
    twoFactorId,
    method: 'PASSKEY',
    credential: key.assert(options.json().options, answer),
  });
}

/** The activity rows of one action, newest last. */
export async function logRows(t: TestApp, action: string) {
  return t.db.db
    .selectFrom('activity_log')
    .select(['action', 'actor_user_id', 'subject_user_id', 'details'])
    .where('action', '=', action)
    .orderBy('id')
    .execute();
}
