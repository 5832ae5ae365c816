import useSWR, { type SWRConfiguration } from 'swr';
import { call, type ApiError } from '../client.ts';
import type { UserStats } from '../contract/stats.ts';
import { keyFor } from '../keys.ts';

/** `GET /api/v1/admin/user-stats`: new users this week, month and year. */
export const fetchUserStats = (): Promise<UserStats> => call('userStats');

export const USER_STATS_KEY = keyFor('userStats');

/** Pass `enabled: false` for non-admins (the widget shows the counts to ADMIN only). */
export function useUserStats(
  options: { enabled?: boolean } = {},
  config?: SWRConfiguration<UserStats, ApiError>,
) {
  const swr = useSWR<UserStats, ApiError>(
    options.enabled === false ? null : USER_STATS_KEY,
    fetchUserStats,
    config,
  );
  return { ...swr, stats: swr.data };
}
