import useSWR, { type SWRConfiguration } from 'swr';
import { call, type ApiError } from '../client.ts';
import type { Id } from '../contract/common.ts';
import type { LabResultsOverview } from '../contract/lab-results.ts';
import { keyFor } from '../keys.ts';

/**
 * `GET /api/v1/admin/lab-results/:userId` (STAFF in her care team or with an open emergency
 * access, ADMIN; design §4.7): a client's lab files and every value read from them, the same
 * answer her own `/lab-results` draws. Every read is logged for her.
 */
export const fetchClientLabResults = (userId: Id): Promise<LabResultsOverview> =>
  call('clientLabResults', { params: { userId } });

export const clientLabResultsKey = (userId: Id): string => keyFor('clientLabResults', { userId });

export function useClientLabResults(
  userId: Id | null | undefined,
  config?: SWRConfiguration<LabResultsOverview, ApiError>,
) {
  const swr = useSWR<LabResultsOverview, ApiError>(
    userId == null ? null : clientLabResultsKey(userId),
    () => fetchClientLabResults(userId as Id),
    config,
  );
  return { ...swr, overview: swr.data };
}
