import useSWR, { type SWRConfiguration } from 'swr';
import { call, type ApiError } from '../client.ts';
import type { Id } from '../contract/common.ts';
import type { AccountState } from '../contract/staff.ts';
import { keyFor } from '../keys.ts';

/** `GET /api/v1/admin/users/:id/account-state`: active, invited or inactive, and locked. */
export const fetchAccountState = (id: Id): Promise<AccountState> =>
  call('accountState', { params: { id } });

export const accountStateKey = (id: Id): string => keyFor('accountState', { id });

export function useAccountState(
  id: Id | null | undefined,
  config?: SWRConfiguration<AccountState, ApiError>,
) {
  const swr = useSWR<AccountState, ApiError>(
    id == null ? null : accountStateKey(id),
    () => fetchAccountState(id as Id),
    config,
  );
  return { ...swr, accountState: swr.data };
}
