import useSWR, { type SWRConfiguration } from 'swr';
import type { ApiError } from '../client.ts';
import type { ActivityLog, ActivityLogPage, ActivityLogQuery } from '../contract/activity.ts';
import { keyFor } from '../keys.ts';
import { callPage } from '../paging.ts';

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
