import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { RegisterRequest } from '../contract/auth.ts';
import type { RegistrationFormData } from '../contract/validation.ts';
import { authRouteDefs } from '../contract/routes/auth.ts';
import { mutationKeyOf } from '../mutation-key.ts';

export interface RegisterArgs {
  /** The token from the invitation link (`/register?token=…`). */
  token: string;
  /** The wizard's data; `confirmPassword` is left out before sending (design §4.4). */
  data: RegisterRequest | RegistrationFormData;
}

/** The request body: the wizard data without `confirmPassword`. */
export function toRegisterRequest(data: RegisterRequest | RegistrationFormData): RegisterRequest {
  const { confirmPassword: _confirm, ...body } = data as RegistrationFormData;
  return body;
}

/** `POST /api/v1/auth/register?token=…`. */
export const register = ({ token, data }: RegisterArgs): Promise<undefined> =>
  call('register', { query: { token }, body: toRegisterRequest(data) });

export const REGISTER_KEY = mutationKeyOf(authRouteDefs.register);

export function useRegister() {
  return useSWRMutation<undefined, ApiError, string, RegisterArgs>(
    REGISTER_KEY,
    (_key, { arg }) => register(arg),
    { throwOnError: true },
  );
}
