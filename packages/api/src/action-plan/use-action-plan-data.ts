import useSWR, { type SWRConfiguration } from 'swr';
import { call, type ApiError } from '../client.ts';
import type { Id } from '../contract/common.ts';
import type { FileEntry } from '../contract/common.ts';
import { keyFor } from '../keys.ts';

/** `GET /api/v1/user/action-plan?userId=`: the user's action-plan files (a USER gets only their own). */
export const fetchActionPlan = (userId: Id): Promise<FileEntry[]> =>
  call('actionPlan', { query: { userId } });

export const actionPlanKey = (userId: Id): string => keyFor('actionPlan', undefined, { userId });

export function useActionPlan(
  userId: Id | null | undefined,
  config?: SWRConfiguration<FileEntry[], ApiError>,
) {
  const swr = useSWR<FileEntry[], ApiError>(
    userId == null ? null : actionPlanKey(userId),
    () => fetchActionPlan(userId as Id),
    config,
  );
  return { ...swr, files: swr.data };
}
