// ADMIN's side of strong sign-in (design §4.17): the clinic's two sign-in settings on /staff and
// a person's methods with 'Återställ inloggningsmetoder'. The server logs each change.
import useSWR, { useSWRConfig, type SWRConfiguration } from 'swr';
import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { Id } from '../contract/common.ts';
import type { SignInSettings, UserSignInMethods } from '../contract/security.ts';
import { keyFor, mutationKey } from '../keys.ts';

/** `GET /api/v1/admin/sign-in-settings`. */
export const fetchSignInSettings = (): Promise<SignInSettings> => call('signInSettings');

export const SIGN_IN_SETTINGS_KEY = keyFor('signInSettings');

export function useSignInSettings(config?: SWRConfiguration<SignInSettings, ApiError>) {
  const swr = useSWR<SignInSettings, ApiError>(SIGN_IN_SETTINGS_KEY, fetchSignInSettings, config);
  return { ...swr, settings: swr.data };
}

/** `PUT /api/v1/admin/sign-in-settings`. */
export const updateSignInSettings = (body: SignInSettings): Promise<SignInSettings> =>
  call('updateSignInSettings', { body });

export const UPDATE_SIGN_IN_SETTINGS_KEY = mutationKey('updateSignInSettings');

export function useUpdateSignInSettings() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<SignInSettings, ApiError, string, SignInSettings>(
    UPDATE_SIGN_IN_SETTINGS_KEY,
    async (_key, { arg }) => {
      const settings = await updateSignInSettings(arg);
      await mutate(SIGN_IN_SETTINGS_KEY, settings, { revalidate: false });
      return settings;
    },
    { throwOnError: true },
  );
}

/** `POST /api/v1/admin/users/:id/reset-sign-in-methods`: she sets up again. */
export const resetSignInMethods = (id: Id): Promise<UserSignInMethods> =>
  call('resetSignInMethods', { params: { id }, body: {} });

export const RESET_SIGN_IN_METHODS_KEY = mutationKey('resetSignInMethods');

/** `trigger(id)`. */
export function useResetSignInMethods() {
  return useSWRMutation<UserSignInMethods, ApiError, string, Id>(
    RESET_SIGN_IN_METHODS_KEY,
    (_key, { arg: id }) => resetSignInMethods(id),
    { throwOnError: true },
  );
}
