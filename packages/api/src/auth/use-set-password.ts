import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { SetPasswordRequest } from '../contract/auth.ts';
import { authRouteDefs } from '../contract/routes/auth.ts';
import { mutationKeyOf } from '../mutation-key.ts';

/** `POST /api/v1/auth/set-password` (design §4.3). */
export const setPassword = (body: SetPasswordRequest): Promise<undefined> =>
  call('setPassword', { body });

export const SET_PASSWORD_KEY = mutationKeyOf(authRouteDefs.setPassword);

export function useSetPassword() {
  return useSWRMutation<undefined, ApiError, string, SetPasswordRequest>(
    SET_PASSWORD_KEY,
    (_key, { arg }) => setPassword(arg),
    { throwOnError: true },
  );
}
