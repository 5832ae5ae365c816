import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { LoginRequest, LoginResponse } from '../contract/auth.ts';
import { authRouteDefs } from '../contract/routes/auth.ts';
import { mutationKeyOf } from '../mutation-key.ts';

/** `POST /api/v1/auth/authenticate` → `{ message: twoFactorId }` (design §4.1). */
export const authenticate = (body: LoginRequest): Promise<LoginResponse> =>
  call('authenticate', { body });

export const LOGIN_KEY = mutationKeyOf(authRouteDefs.authenticate);

/** `trigger({ email, password })` resolves with `{ message: twoFactorId }`. */
export function useLogin() {
  return useSWRMutation<LoginResponse, ApiError, string, LoginRequest>(
    LOGIN_KEY,
    (_key, { arg }) => authenticate(arg),
    { throwOnError: true },
  );
}
