import useSWR, { type SWRConfiguration } from 'swr';
import type { ApiError } from '../client.ts';
import type { ActivityLog, ActivityLogPage, ActivityLogQuery } from '../contract/activity.ts';
import type { Id } from '../contract/common.ts';
import { keyFor } from '../keys.ts';
import { callList, callPage } from '../paging.ts';

/** `GET /api/v1/admin/subject/:userId`: activity about one user. */
export const fetchSubjectLogs = (userId: Id): Promise<ActivityLog[]> =>
  callList<ActivityLog>('subjectLogs', { params: { userId } });

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

/** One page of one client's log, newest first (design §4.13). */
export const fetchSubjectLogPage = (
  userId: Id,
  query: ActivityLogQuery,
): Promise<ActivityLogPage> => callPage<ActivityLog>('subjectLogs', { params: { userId }, query });

export const subjectLogPageKey = (userId: Id, query: ActivityLogQuery): string =>
  keyFor('subjectLogs', { userId }, { page: 1, ...query });

export function useSubjectLogPage(
  userId: Id | null | undefined,
  query: ActivityLogQuery,
  config?: SWRConfiguration<ActivityLogPage, ApiError>,
) {
  const swr = useSWR<ActivityLogPage, ApiError>(
    userId == null ? null : subjectLogPageKey(userId, query),
    () => fetchSubjectLogPage(userId as Id, query),
    { keepPreviousData: true, ...config },
  );
  return { ...swr, page: swr.data };
}
