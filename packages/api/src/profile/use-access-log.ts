import useSWR, { type SWRConfiguration } from 'swr';
import { call, type ApiError } from '../client.ts';
import {
  ACCESS_LOG_PAGE_SIZE,
  type AccessLogPage,
  type AccessLogQuery,
} from '../contract/profile.ts';
import { keyFor } from '../keys.ts';

type Query = Omit<AccessLogQuery, 'lists'> & { lists?: 'true' | 'false' };

/**
 * `GET /api/v1/user/access-log` (USER only): one line per staff member and day with what was
 * read, newest first, paged; `lists` adds the days she only appeared in a list or a log.
 */
export const fetchAccessLog = (query: Query): Promise<AccessLogPage> =>
  call('accessLog', { query });

export const accessLogKey = (query: Query): string => keyFor('accessLog', undefined, query);

export function useAccessLog(
  page: number,
  enabled = true,
  config?: SWRConfiguration<AccessLogPage, ApiError>,
  lists = false,
) {
  const query: Query = { page, size: ACCESS_LOG_PAGE_SIZE, ...(lists ? { lists: 'true' } : {}) };
  const swr = useSWR<AccessLogPage, ApiError>(
    enabled ? accessLogKey(query) : null,
    () => fetchAccessLog(query),
    { keepPreviousData: true, ...config },
  );
  return { ...swr, page: swr.data };
}
