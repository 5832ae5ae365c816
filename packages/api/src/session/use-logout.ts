import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import { mutationKey, SESSION_KEY } from '../keys.ts';

/** `POST /api/v1/user/logout` (no body). */
export const logout = (): Promise<undefined> => call('logout');

export const LOGOUT_KEY = mutationKey('logout');

/** On success the session becomes `null` and every other cached answer is dropped. */
export function useLogout() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<undefined, ApiError, string>(
    LOGOUT_KEY,
    async () => {
      await logout();
      await mutate(SESSION_KEY, null, { revalidate: false });
      await mutate((key) => key !== SESSION_KEY, undefined, { revalidate: false });
      return undefined;
    },
    { throwOnError: true },
  );
}
