import useSWR, { type SWRConfiguration } from 'swr';
import { call, type ApiError } from '../client.ts';
import type { StaffAccount } from '../contract/staff.ts';
import { keyFor } from '../keys.ts';

/** `GET /api/v1/admin/staff/accounts` (design §4.14): every STAFF and ADMIN account, by name. */
export const fetchStaffAccounts = (): Promise<StaffAccount[]> => call('staffAccounts');

export const STAFF_ACCOUNTS_KEY = keyFor('staffAccounts');

export function useStaffAccounts(config?: SWRConfiguration<StaffAccount[], ApiError>) {
  const swr = useSWR<StaffAccount[], ApiError>(STAFF_ACCOUNTS_KEY, fetchStaffAccounts, config);
  return { ...swr, accounts: swr.data };
}
