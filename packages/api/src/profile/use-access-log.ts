import useSWR, { type SWRConfiguration } from 'swr';
import { call, type ApiError } from '../client.ts';
import {
  ACCESS_LOG_PAGE_SIZE,
  type AccessLogPage,
  type AccessLogQuery,
} from '../contract/profile.ts';
import { keyFor } from '../keys.ts';

/** `GET /api/v1/user/access-log` (USER only): staff reads of her data, newest first, paged. */
export const fetchAccessLog = (query: AccessLogQuery): Promise<AccessLogPage> =>
  call('accessLog', { query });

export const accessLogKey = (query: AccessLogQuery): string =>
  keyFor('accessLog', undefined, query);

export function useAccessLog(
  page: number,
  enabled = true,
  config?: SWRConfiguration<AccessLogPage, ApiError>,
) {
  const query = { page, size: ACCESS_LOG_PAGE_SIZE };
  const swr = useSWR<AccessLogPage, ApiError>(
    enabled ? accessLogKey(query) : null,
    () => fetchAccessLog(query),
    { keepPreviousData: true, ...config },
  );
  return { ...swr, page: swr.data };
}
