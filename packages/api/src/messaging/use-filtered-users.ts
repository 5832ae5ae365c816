import useSWR, { type SWRConfiguration } from 'swr';
import { call, type ApiError } from '../client.ts';
import type { FilteredUser } from '../contract/messaging.ts';
import { keyFor } from '../keys.ts';

/** `GET /api/v1/user/messaging/filteredUsers`: people the caller may write to. */
export const fetchFilteredUsers = (): Promise<FilteredUser[]> => call('filteredUsers');

export const FILTERED_USERS_KEY = keyFor('filteredUsers');

/** Pass `enabled: false` until the new-conversation view opens. */
export function useFilteredUsers(
  options: { enabled?: boolean } = {},
  config?: SWRConfiguration<FilteredUser[], ApiError>,
) {
  const swr = useSWR<FilteredUser[], ApiError>(
    options.enabled === false ? null : FILTERED_USERS_KEY,
    fetchFilteredUsers,
    config,
  );
  return { ...swr, users: swr.data };
}
