import useSWR, { type SWRConfiguration } from 'swr';
import { call, type ApiError } from '../client.ts';
import type { ActivityLog } from '../contract/activity.ts';
import { keyFor } from '../keys.ts';

/** `GET /api/v1/admin/get-logs`: all activity. */
export const fetchActivityLogs = (): Promise<ActivityLog[]> => call('logs');

export const ACTIVITY_LOGS_KEY = keyFor('logs');

export function useActivityLogs(config?: SWRConfiguration<ActivityLog[], ApiError>) {
  const swr = useSWR<ActivityLog[], ApiError>(ACTIVITY_LOGS_KEY, fetchActivityLogs, config);
  return { ...swr, logs: swr.data };
}
