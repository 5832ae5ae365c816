import useSWR, { type SWRConfiguration } from 'swr';
import { call, type ApiError } from '../client.ts';
import type { MyAccount } from '../contract/profile.ts';
import { keyFor } from '../keys.ts';

/** `GET /api/v1/user/account`: her own details (a USER's personal details too). */
export const fetchMyAccount = (): Promise<MyAccount> => call('myAccount');

export const MY_ACCOUNT_KEY = keyFor('myAccount');

export function useMyAccount(config?: SWRConfiguration<MyAccount, ApiError>) {
  const swr = useSWR<MyAccount, ApiError>(MY_ACCOUNT_KEY, fetchMyAccount, config);
  return { ...swr, account: swr.data };
}
