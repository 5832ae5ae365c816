import useSWR, { type SWRConfiguration } from 'swr';
import type { ApiError } from '../client.ts';
import type { ActivityLog, ActivityLogPage, ActivityLogQuery } from '../contract/activity.ts';
import { keyFor } from '../keys.ts';
import { callList, callPage } from '../paging.ts';

/** `GET /api/v1/admin/get-logs`: all activity. */
export const fetchActivityLogs = (): Promise<ActivityLog[]> => callList<ActivityLog>('logs');

export const ACTIVITY_LOGS_KEY = keyFor('logs');

export function useActivityLogs(config?: SWRConfiguration<ActivityLog[], ApiError>) {
  const swr = useSWR<ActivityLog[], ApiError>(ACTIVITY_LOGS_KEY, fetchActivityLogs, config);
  return { ...swr, logs: swr.data };
}

/** One page of the whole log, newest first, narrowed by action or performer (design §4.13). */
export const fetchActivityLogPage = (query: ActivityLogQuery): Promise<ActivityLogPage> =>
  callPage<ActivityLog>('logs', { query });

export const activityLogPageKey = (query: ActivityLogQuery): string =>
  keyFor('logs', undefined, { page: 1, ...query });

export function useActivityLogPage(
  query: ActivityLogQuery,
  config?: SWRConfiguration<ActivityLogPage, ApiError>,
) {
  const swr = useSWR<ActivityLogPage, ApiError>(
    activityLogPageKey(query),
    () => fetchActivityLogPage(query),
    { keepPreviousData: true, ...config },
  );
  return { ...swr, page: swr.data };
}
