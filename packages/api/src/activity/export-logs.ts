import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { ExportInterval } from '../contract/activity.ts';
import type { Id } from '../contract/common.ts';
import { mutationKey } from '../keys.ts';

/** `GET /api/v1/admin/export-logs`; the interval query is left out for `all` (spec §7). */
export const exportLogs = (interval: ExportInterval = 'all'): Promise<Blob> =>
  call('exportLogs', { query: { interval: interval === 'all' ? undefined : interval } });

/** `GET /api/v1/admin/subject/:userId/export-logs?interval=` (CSV). */
export const exportSubjectLogs = (userId: Id, interval: ExportInterval): Promise<Blob> =>
  call('exportSubjectLogs', { params: { userId }, query: { interval } });

export const EXPORT_LOGS_KEY = mutationKey('exportLogs');
export const EXPORT_SUBJECT_LOGS_KEY = mutationKey('exportSubjectLogs');

/** `trigger(interval)` resolves with the CSV blob. */
export function useExportLogs() {
  return useSWRMutation<Blob, ApiError, string, ExportInterval>(
    EXPORT_LOGS_KEY,
    (_key, { arg }) => exportLogs(arg),
    { throwOnError: true },
  );
}

/** `trigger({ userId, interval })` resolves with the CSV blob. */
export function useExportSubjectLogs() {
  return useSWRMutation<Blob, ApiError, string, { userId: Id; interval: ExportInterval }>(
    EXPORT_SUBJECT_LOGS_KEY,
    (_key, { arg }) => exportSubjectLogs(arg.userId, arg.interval),
    { throwOnError: true },
  );
}
