import useSWR, { type SWRConfiguration } from 'swr';
import { call, type ApiError } from '../client.ts';
import type { SecurityOverview } from '../contract/security.ts';
import { keyFor } from '../keys.ts';

/** `GET /api/v1/user/security`: her methods and whether she must set one up (design §4.17). */
export const fetchSecurityOverview = (): Promise<SecurityOverview> => call('securityOverview');

export const SECURITY_OVERVIEW_KEY = keyFor('securityOverview');

export function useSecurityOverview(config?: SWRConfiguration<SecurityOverview, ApiError>) {
  const swr = useSWR<SecurityOverview, ApiError>(
    SECURITY_OVERVIEW_KEY,
    fetchSecurityOverview,
    config,
  );
  return { ...swr, overview: swr.data };
}
