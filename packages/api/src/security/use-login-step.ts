// The login's second step by method (design §4.17): which ways this login may take, a passkey's
// challenge for it, and the verification that ends in a session. The e-mailed code stays
// verify-2fa / resend-2fa (auth/); resend-2fa also sends the first code when none was sent.
import useSWR, { useSWRConfig, type SWRConfiguration } from 'swr';
import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { SessionUser } from '../contract/auth.ts';
import type {
  LoginPasskeyOptions,
  LoginStep,
  PasskeyLoginOptions,
  PasskeyLoginRequest,
  VerifyLoginStepRequest,
} from '../contract/security.ts';
import { mutationKey, SESSION_KEY } from '../keys.ts';

/** `POST /api/v1/auth/login-step`: the ways, strongest first, and whether a mail went out. */
export const fetchLoginStep = (twoFactorId: string): Promise<LoginStep> =>
  call('loginStep', { body: { twoFactorId } });

/** SWR key of one login's step (a POST read: the id stays out of URLs and logs). */
export const loginStepKey = (twoFactorId: string) => ['loginStep', twoFactorId] as const;

export function useLoginStep(
  twoFactorId: string | null | undefined,
  config?: SWRConfiguration<LoginStep, ApiError>,
) {
  const swr = useSWR<LoginStep, ApiError>(
    twoFactorId ? loginStepKey(twoFactorId) : null,
    () => fetchLoginStep(twoFactorId ?? ''),
    { revalidateOnFocus: false, ...config },
  );
  return { ...swr, step: swr.data };
}

/** `POST …/login-step/passkey-options`: pass `options` to `startAuthentication()`. */
export const fetchLoginPasskeyOptions = (twoFactorId: string): Promise<LoginPasskeyOptions> =>
  call('loginPasskeyOptions', { body: { twoFactorId } });

/** `POST …/login-step/verify` → the session user, stored as the session (as verify-2fa). */
export const verifyLoginStep = (body: VerifyLoginStepRequest): Promise<SessionUser> =>
  call('verifyLoginStep', { body });

export const VERIFY_LOGIN_STEP_KEY = mutationKey('verifyLoginStep');

export function useVerifyLoginStep() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<SessionUser, ApiError, string, VerifyLoginStepRequest>(
    VERIFY_LOGIN_STEP_KEY,
    async (_key, { arg }) => {
      const user = await verifyLoginStep(arg);
      await mutate(SESSION_KEY, user, { revalidate: false });
      return user;
    },
    { throwOnError: true },
  );
}

/** `POST /api/v1/auth/passkey/options`: 'Logga in med nyckel' (no e-mail, no password). */
export const fetchPasskeyLoginOptions = (): Promise<PasskeyLoginOptions> =>
  call('passkeyLoginOptions', { body: {} });

/** `POST /api/v1/auth/passkey` → the session user. */
export const passkeyLogin = (body: PasskeyLoginRequest): Promise<SessionUser> =>
  call('passkeyLogin', { body });
