import useSWR, { type SWRConfiguration } from 'swr';
import { call, type ApiError } from '../client.ts';
import type { Id } from '../contract/common.ts';
import type { FileEntry } from '../contract/common.ts';
import { keyFor } from '../keys.ts';

/** Upload history of a client's lab-result files (staff). */
export const fetchLabHistory = (userId: Id): Promise<FileEntry[]> =>
  call('labHistory', { params: { userId } });

export const labHistoryKey = (userId: Id): string => keyFor('labHistory', { userId });

export function useLabHistory(
  userId: Id | null | undefined,
  config?: SWRConfiguration<FileEntry[], ApiError>,
) {
  const swr = useSWR<FileEntry[], ApiError>(
    userId == null ? null : labHistoryKey(userId),
    () => fetchLabHistory(userId as Id),
    config,
  );
  return { ...swr, history: swr.data };
}
