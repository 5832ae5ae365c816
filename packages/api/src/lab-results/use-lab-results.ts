import useSWR, { preload, type SWRConfiguration } from 'swr';
import { call, type ApiError } from '../client.ts';
import type { Id } from '../contract/common.ts';
import type { LabResultsOverview } from '../contract/lab-results.ts';
import { keyFor } from '../keys.ts';

/**
 * `GET /api/v1/user/lab-results?userId=` (USER only): her lab files newest first and every value
 * read from the structured ones (design §4.12). The server answers her own whatever id is sent.
 */
export const fetchLabResults = (userId: Id): Promise<LabResultsOverview> =>
  call('labResults', { query: { userId } });

export const labResultsKey = (userId: Id): string => keyFor('labResults', undefined, { userId });

/**
 * Starts her lab-results call before /lab-results renders (the portal, once the session is
 * known; issue 14); useLabResults takes the answer when it mounts. A failure reaches the hook.
 */
export function preloadLabResults(userId: Id): void {
  preload(labResultsKey(userId), () => fetchLabResults(userId)).catch(() => undefined);
}

export function useLabResults(
  userId: Id | null | undefined,
  config?: SWRConfiguration<LabResultsOverview, ApiError>,
) {
  const swr = useSWR<LabResultsOverview, ApiError>(
    userId == null ? null : labResultsKey(userId),
    () => fetchLabResults(userId as Id),
    config,
  );
  return { ...swr, overview: swr.data };
}
