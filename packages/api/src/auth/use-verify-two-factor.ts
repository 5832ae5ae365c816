import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { SessionUser, VerifyTwoFactorRequest } from '../contract/auth.ts';
import { authRouteDefs } from '../contract/routes/auth.ts';
import { mutationKeyOf } from '../mutation-key.ts';
import { SESSION_KEY } from '../session-key.ts';

/** `POST /api/v1/auth/verify-2fa` → the session user. */
export const verifyTwoFactor = (body: VerifyTwoFactorRequest): Promise<SessionUser> =>
  call('verifyTwoFactor', { body });

export const VERIFY_TWO_FACTOR_KEY = mutationKeyOf(authRouteDefs.verifyTwoFactor);

/** On success the user is stored as the session (spec §7). */
export function useVerifyTwoFactor() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<SessionUser, ApiError, string, VerifyTwoFactorRequest>(
    VERIFY_TWO_FACTOR_KEY,
    async (_key, { arg }) => {
      const user = await verifyTwoFactor(arg);
      await mutate(SESSION_KEY, user, { revalidate: false });
      return user;
    },
    { throwOnError: true },
  );
}
