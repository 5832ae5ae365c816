import useSWR, { type SWRConfiguration } from 'swr';
import { call, type ApiError } from '../client.ts';
import type { Id } from '../contract/common.ts';
import type { FileEntry } from '../contract/common.ts';
import { keyFor } from '../keys.ts';

/** `GET /api/v1/user/lab-data?userId=`: the user's lab-result files (a USER gets only their own). */
export const fetchLabData = (userId: Id): Promise<FileEntry[]> =>
  call('labData', { query: { userId } });

export const labDataKey = (userId: Id): string => keyFor('labData', undefined, { userId });

export function useLabData(
  userId: Id | null | undefined,
  config?: SWRConfiguration<FileEntry[], ApiError>,
) {
  const swr = useSWR<FileEntry[], ApiError>(
    userId == null ? null : labDataKey(userId),
    () => fetchLabData(userId as Id),
    config,
  );
  return { ...swr, files: swr.data };
}
