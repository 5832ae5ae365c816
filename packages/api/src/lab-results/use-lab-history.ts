import useSWR, { type SWRConfiguration } from 'swr';
import { call, type ApiError } from '../client.ts';
import type { Id } from '../contract/common.ts';
import type { LabResultEntry } from '../contract/lab-results.ts';
import { keyFor } from '../keys.ts';

/** Upload history of a client's lab-result files (staff), with what was read from each. */
export const fetchLabHistory = (userId: Id): Promise<LabResultEntry[]> =>
  call('labHistory', { params: { userId } });

export const labHistoryKey = (userId: Id): string => keyFor('labHistory', { userId });

export function useLabHistory(
  userId: Id | null | undefined,
  config?: SWRConfiguration<LabResultEntry[], ApiError>,
) {
  const swr = useSWR<LabResultEntry[], ApiError>(
    userId == null ? null : labHistoryKey(userId),
    () => fetchLabHistory(userId as Id),
    config,
  );
  return { ...swr, history: swr.data };
}
