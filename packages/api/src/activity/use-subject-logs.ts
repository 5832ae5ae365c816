import useSWR, { type SWRConfiguration } from 'swr';
import { call, type ApiError } from '../client.ts';
import type { ActivityLog } from '../contract/activity.ts';
import type { Id } from '../contract/common.ts';
import { keyFor } from '../keys.ts';

/** `GET /api/v1/admin/subject/:userId`: activity about one user. */
export const fetchSubjectLogs = (userId: Id): Promise<ActivityLog[]> =>
  call('subjectLogs', { params: { userId } });

export const subjectLogsKey = (userId: Id): string => keyFor('subjectLogs', { userId });

export function useSubjectLogs(
  userId: Id | null | undefined,
  config?: SWRConfiguration<ActivityLog[], ApiError>,
) {
  const swr = useSWR<ActivityLog[], ApiError>(
    userId == null ? null : subjectLogsKey(userId),
    () => fetchSubjectLogs(userId as Id),
    config,
  );
  return { ...swr, logs: swr.data };
}
