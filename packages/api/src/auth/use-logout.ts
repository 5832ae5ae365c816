import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { call, isApiError, type ApiError } from '../client.ts';
import { authRouteDefs } from '../contract/routes/auth.ts';
import { mutationKeyOf } from '../mutation-key.ts';
import { SESSION_KEY } from '../session-key.ts';
import { clearPendingMessages } from '../messaging/pending-messages-storage.ts';

/** `POST /api/v1/user/logout` (no body). */
export const logout = (): Promise<undefined> => call('logout');

export const LOGOUT_KEY = mutationKeyOf(authRouteDefs.logout);

/**
 * On success the session becomes `null`, every other cached answer is dropped and the unsent
 * messages kept for a reload are removed from sessionStorage (also on a 401: the session is
 * gone already). Any other failure keeps them: the user is still signed in.
 */
export function useLogout() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<undefined, ApiError, string>(
    LOGOUT_KEY,
    async () => {
      try {
        await logout();
      } catch (error) {
        if (isApiError(error) && error.status === 401) clearPendingMessages();
        throw error;
      }
      clearPendingMessages();
      await mutate(SESSION_KEY, null, { revalidate: false });
      await mutate((key) => key !== SESSION_KEY, undefined, { revalidate: false });
      return undefined;
    },
    { throwOnError: true },
  );
}
