import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { ForgotPasswordRequest } from '../contract/auth.ts';
import { authRouteDefs } from '../contract/routes/auth.ts';
import { mutationKeyOf } from '../mutation-key.ts';

/** `POST /api/v1/auth/forgot-password`. */
export const forgotPassword = (body: ForgotPasswordRequest): Promise<undefined> =>
  call('forgotPassword', { body });

export const FORGOT_PASSWORD_KEY = mutationKeyOf(authRouteDefs.forgotPassword);

export function useForgotPassword() {
  return useSWRMutation<undefined, ApiError, string, ForgotPasswordRequest>(
    FORGOT_PASSWORD_KEY,
    (_key, { arg }) => forgotPassword(arg),
    { throwOnError: true },
  );
}
