import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { CreateStaffRequest, StaffAccount } from '../contract/staff.ts';
import { mutationKey } from '../keys.ts';
import { STAFF_ACCOUNTS_KEY } from './use-staff-accounts.ts';

/** `POST /api/v1/admin/staff`: the new person gets the set-password mail (design §4.3). */
export const createStaff = (body: CreateStaffRequest): Promise<StaffAccount> =>
  call('createStaff', { body });

export const CREATE_STAFF_KEY = mutationKey('createStaff');

export function useCreateStaff() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<StaffAccount, ApiError, string, CreateStaffRequest>(
    CREATE_STAFF_KEY,
    async (_key, { arg }) => {
      const account = await createStaff(arg);
      await mutate(STAFF_ACCOUNTS_KEY);
      return account;
    },
    { throwOnError: true },
  );
}
