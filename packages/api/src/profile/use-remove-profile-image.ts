import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { SessionUser } from '../contract/auth.ts';
import { mutationKey, SESSION_KEY } from '../keys.ts';

/** `DELETE /api/v1/user/removeImage` → the updated session user. */
export const removeProfileImage = (): Promise<SessionUser> => call('removeProfileImage');

export const REMOVE_PROFILE_IMAGE_KEY = mutationKey('removeProfileImage');

export function useRemoveProfileImage() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<SessionUser, ApiError, string>(
    REMOVE_PROFILE_IMAGE_KEY,
    async () => {
      const user = await removeProfileImage();
      await mutate(SESSION_KEY, user, { revalidate: false });
      return user;
    },
    { throwOnError: true },
  );
}
