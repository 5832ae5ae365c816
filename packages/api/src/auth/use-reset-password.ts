import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { ResetPasswordRequest } from '../contract/auth.ts';
import { mutationKey } from '../keys.ts';

/** `POST /api/v1/auth/reset-password`. */
export const resetPassword = (body: ResetPasswordRequest): Promise<undefined> =>
  call('resetPassword', { body });

export const RESET_PASSWORD_KEY = mutationKey('resetPassword');

export function useResetPassword() {
  return useSWRMutation<undefined, ApiError, string, ResetPasswordRequest>(
    RESET_PASSWORD_KEY,
    (_key, { arg }) => resetPassword(arg),
    { throwOnError: true },
  );
}
