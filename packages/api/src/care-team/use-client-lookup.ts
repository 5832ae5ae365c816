import useSWR, { type SWRConfiguration } from 'swr';
import { call, isApiError, type ApiError } from '../client.ts';
import type { ClientLookup } from '../contract/care-team.ts';
import { keyFor } from '../keys.ts';

/**
 * `GET /api/v1/admin/clients/lookup?personalNumber=`: a client found by her whole personal
 * number, by name only (design §4.14). `null` when nobody has that number (404).
 */
export const fetchClientLookup = async (personalNumber: string): Promise<ClientLookup | null> => {
  try {
    return await call('clientLookup', { query: { personalNumber } });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
};

export const clientLookupKey = (personalNumber: string): string =>
  keyFor('clientLookup', undefined, { personalNumber });

/** Looks a whole personal number up; `null` asks nothing. */
export function useClientLookup(
  personalNumber: string | null | undefined,
  config?: SWRConfiguration<ClientLookup | null, ApiError>,
) {
  const swr = useSWR<ClientLookup | null, ApiError>(
    personalNumber ? clientLookupKey(personalNumber) : null,
    () => fetchClientLookup(personalNumber as string),
    { revalidateOnFocus: false, ...config },
  );
  return { ...swr, lookup: swr.data };
}
