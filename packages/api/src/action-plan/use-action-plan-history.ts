import useSWR, { type SWRConfiguration } from 'swr';
import { call, type ApiError } from '../client.ts';
import type { Id } from '../contract/common.ts';
import type { FileEntry } from '../contract/common.ts';
import { keyFor } from '../keys.ts';

/** Upload history of a client's action-plan files (staff). */
export const fetchActionPlanHistory = (userId: Id): Promise<FileEntry[]> =>
  call('actionPlanHistory', { params: { userId } });

export const actionPlanHistoryKey = (userId: Id): string => keyFor('actionPlanHistory', { userId });

export function useActionPlanHistory(
  userId: Id | null | undefined,
  config?: SWRConfiguration<FileEntry[], ApiError>,
) {
  const swr = useSWR<FileEntry[], ApiError>(
    userId == null ? null : actionPlanHistoryKey(userId),
    () => fetchActionPlanHistory(userId as Id),
    config,
  );
  return { ...swr, history: swr.data };
}
