import useSWR, { type SWRConfiguration } from 'swr';
import type { ApiError } from '../client.ts';
import type { ActivityLog, ActivityLogPage, ActivityLogQuery } from '../contract/activity.ts';
import type { Id } from '../contract/common.ts';
import { keyFor } from '../keys.ts';
import { callPage } from '../paging.ts';

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
