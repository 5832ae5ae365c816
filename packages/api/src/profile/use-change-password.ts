import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { ChangePasswordRequest } from '../contract/profile.ts';
import { mutationKey } from '../keys.ts';

/** `POST /api/v1/user/change-password`. */
export const changePassword = (body: ChangePasswordRequest): Promise<undefined> =>
  call('changePassword', { body });

export const CHANGE_PASSWORD_KEY = mutationKey('changePassword');

export function useChangePassword() {
  return useSWRMutation<undefined, ApiError, string, ChangePasswordRequest>(
    CHANGE_PASSWORD_KEY,
    (_key, { arg }) => changePassword(arg),
    { throwOnError: true },
  );
}
