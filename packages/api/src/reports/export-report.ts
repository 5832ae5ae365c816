import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { ExportInterval } from '../contract/activity.ts';
import { mutationKey } from '../keys.ts';

/** `GET /api/v1/admin/reports/export?interval=`: the same figures as CSV. */
export const exportReport = (interval: ExportInterval): Promise<Blob> =>
  call('exportReports', { query: { interval } });

/** File name for a saved report, e.g. `rapport_30dagar.csv`. */
export const reportFileName = (interval: ExportInterval): string => `rapport_${interval}.csv`;

export const EXPORT_REPORT_KEY = mutationKey('exportReports');

/** `trigger(interval)` resolves with the CSV blob. */
export function useExportReport() {
  return useSWRMutation<Blob, ApiError, string, ExportInterval>(
    EXPORT_REPORT_KEY,
    (_key, { arg }) => exportReport(arg),
    { throwOnError: true },
  );
}
