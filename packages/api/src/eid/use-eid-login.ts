import useSWR from 'swr';
import { call, type ApiError } from '../client.ts';
import type { EidLogin } from '../contract/eid.ts';
import { keyFor } from '../keys.ts';

/** `GET /api/v1/auth/eid`: the e-legitimation button's word, or null without a broker. */
export const fetchEidLogin = (): Promise<EidLogin> => call('eidLogin');

export const EID_LOGIN_KEY = keyFor('eidLogin');

/** Asked once per page: the setting changes only with a restart. */
export function useEidLogin() {
  const swr = useSWR<EidLogin, ApiError>(EID_LOGIN_KEY, fetchEidLogin, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  return { ...swr, label: swr.data?.label ?? null };
}
