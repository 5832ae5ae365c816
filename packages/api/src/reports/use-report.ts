import useSWR, { type SWRConfiguration } from 'swr';
import { call, type ApiError } from '../client.ts';
import type { ExportInterval } from '../contract/activity.ts';
import type { Report } from '../contract/reports.ts';
import { keyFor } from '../keys.ts';

/** `GET /api/v1/admin/reports?interval=`: the clinic's figures over a period (STAFF, ADMIN). */
export const fetchReport = (interval: ExportInterval): Promise<Report> =>
  call('reports', { query: { interval } });

export const reportKey = (interval: ExportInterval): string =>
  keyFor('reports', undefined, { interval });

/** Keeps the last period's figures on screen while another period loads. */
export function useReport(interval: ExportInterval, config?: SWRConfiguration<Report, ApiError>) {
  const swr = useSWR<Report, ApiError>(reportKey(interval), () => fetchReport(interval), {
    keepPreviousData: true,
    ...config,
  });
  return { ...swr, report: swr.data };
}
