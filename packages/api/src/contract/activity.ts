import { z } from 'zod';
import { idSchema, timestampSchema } from './common.ts';

export const activityLogSchema = z.object({
  id: idSchema,
  action: z.string(),
  performedByName: z.string(),
  timestamp: timestampSchema,
  subjectUserName: z.string().nullable(),
  ipAddress: z.string().nullable(),
});
export type ActivityLog = z.infer<typeof activityLogSchema>;
export const activityLogListSchema = z.array(activityLogSchema);

/** Export intervals (spec §9). `all` is sent by leaving the query out of `/export-logs`. */
export const EXPORT_INTERVALS = ['all', '2veckor', '30dagar', '3man', '6man', '1ar'] as const;
export const exportIntervalSchema = z.enum(EXPORT_INTERVALS);
export type ExportInterval = z.infer<typeof exportIntervalSchema>;

/** Swedish labels for the interval selector. */
export const exportIntervalLabels: Record<ExportInterval, string> = {
  all: 'Alla',
  '2veckor': '2 veckor',
  '30dagar': '30 dagar',
  '3man': '3 månader',
  '6man': '6 månader',
  '1ar': '1 år',
};

/** `GET /api/v1/admin/export-logs?interval=` (optional). */
export const exportLogsQuerySchema = z.object({ interval: exportIntervalSchema.optional() });
export type ExportLogsQuery = z.infer<typeof exportLogsQuerySchema>;

/** `GET /api/v1/admin/subject/:userId/export-logs?interval=` (required). */
export const subjectExportLogsQuerySchema = z.object({ interval: exportIntervalSchema });
export type SubjectExportLogsQuery = z.infer<typeof subjectExportLogsQuerySchema>;
