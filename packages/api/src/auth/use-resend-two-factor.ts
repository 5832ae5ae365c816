import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { ResendTwoFactorRequest } from '../contract/auth.ts';
import { authRouteDefs } from '../contract/routes/auth.ts';
import { mutationKeyOf } from '../mutation-key.ts';

/** `POST /api/v1/auth/resend-2fa`. */
export const resendTwoFactor = (body: ResendTwoFactorRequest): Promise<undefined> =>
  call('resendTwoFactor', { body });

export const RESEND_TWO_FACTOR_KEY = mutationKeyOf(authRouteDefs.resendTwoFactor);

export function useResendTwoFactor() {
  return useSWRMutation<undefined, ApiError, string, ResendTwoFactorRequest>(
    RESEND_TWO_FACTOR_KEY,
    (_key, { arg }) => resendTwoFactor(arg),
    { throwOnError: true },
  );
}
