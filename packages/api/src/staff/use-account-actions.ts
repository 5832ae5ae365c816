// Changes to one account (design §4.14): role, deactivate, reactivate, unlock. Each revalidates
// the staff list and the account's state, so `/staff` and a client's page show the change at once.
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { Id } from '../contract/common.ts';
import type { AccountState, StaffAccount, StaffRole } from '../contract/staff.ts';
import { mutationKey } from '../keys.ts';
import { accountStateKey } from './use-account-state.ts';
import { STAFF_ACCOUNTS_KEY } from './use-staff-accounts.ts';

/** Revalidates the accounts list and the account's state after a change. */
function useRevalidateAccount() {
  const { mutate } = useSWRConfig();
  return async (id: Id, state?: AccountState) => {
    await Promise.all([
      mutate(STAFF_ACCOUNTS_KEY),
      state
        ? mutate(accountStateKey(id), state, { revalidate: false })
        : mutate(accountStateKey(id)),
    ]);
  };
}

/** `PUT /api/v1/admin/users/:id/role`. */
export const changeRole = (id: Id, role: StaffRole): Promise<StaffAccount> =>
  call('changeRole', { params: { id }, body: { role } });

export const CHANGE_ROLE_KEY = mutationKey('changeRole');

/** `trigger({ id, role })`. */
export function useChangeRole() {
  const revalidate = useRevalidateAccount();
  return useSWRMutation<StaffAccount, ApiError, string, { id: Id; role: StaffRole }>(
    CHANGE_ROLE_KEY,
    async (_key, { arg }) => {
      const account = await changeRole(arg.id, arg.role);
      await revalidate(arg.id);
      return account;
    },
    { throwOnError: true },
  );
}

/** `PUT /api/v1/admin/users/:id/personal-number`: null clears it. */
export const setPersonalNumber = (id: Id, personalNumber: string | null): Promise<StaffAccount> =>
  call('setPersonalNumber', { params: { id }, body: { personalNumber } });

export const SET_PERSONAL_NUMBER_KEY = mutationKey('setPersonalNumber');

/** `trigger({ id, personalNumber })`; 409 when another of the staff has the number. */
export function useSetPersonalNumber() {
  const revalidate = useRevalidateAccount();
  return useSWRMutation<StaffAccount, ApiError, string, { id: Id; personalNumber: string | null }>(
    SET_PERSONAL_NUMBER_KEY,
    async (_key, { arg }) => {
      const account = await setPersonalNumber(arg.id, arg.personalNumber);
      await revalidate(arg.id);
      return account;
    },
    { throwOnError: true },
  );
}

type StateChange = 'deactivateUser' | 'reactivateUser' | 'unlockUser';

const changeState = (name: StateChange, id: Id): Promise<AccountState> =>
  call(name, { params: { id }, body: {} });

/** `POST /api/v1/admin/users/:id/deactivate`. */
export const deactivateUser = (id: Id) => changeState('deactivateUser', id);
/** `POST /api/v1/admin/users/:id/reactivate`. */
export const reactivateUser = (id: Id) => changeState('reactivateUser', id);
/** `POST /api/v1/admin/users/:id/unlock`. */
export const unlockUser = (id: Id) => changeState('unlockUser', id);

function useStateChange(name: StateChange) {
  const revalidate = useRevalidateAccount();
  return useSWRMutation<AccountState, ApiError, string, Id>(
    mutationKey(name),
    async (_key, { arg }) => {
      const state = await changeState(name, arg);
      await revalidate(arg, state);
      return state;
    },
    { throwOnError: true },
  );
}

/** `trigger(id)`; the server refuses herself (400) and the last active ADMIN (409). */
export const useDeactivateUser = () => useStateChange('deactivateUser');
/** `trigger(id)`. */
export const useReactivateUser = () => useStateChange('reactivateUser');
/** `trigger(id)`: lifts a login lock. */
export const useUnlockUser = () => useStateChange('unlockUser');
