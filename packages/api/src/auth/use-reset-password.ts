import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { ResetPasswordRequest } from '../contract/auth.ts';
import { authRouteDefs } from '../contract/routes/auth.ts';
import { mutationKeyOf } from '../mutation-key.ts';

/** `POST /api/v1/auth/reset-password`. */
export const resetPassword = (body: ResetPasswordRequest): Promise<undefined> =>
  call('resetPassword', { body });

export const RESET_PASSWORD_KEY = mutationKeyOf(authRouteDefs.resetPassword);

export function useResetPassword() {
  return useSWRMutation<undefined, ApiError, string, ResetPasswordRequest>(
    RESET_PASSWORD_KEY,
    (_key, { arg }) => resetPassword(arg),
    { throwOnError: true },
  );
}
