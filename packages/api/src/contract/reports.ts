import { z } from 'zod';
import { exportIntervalSchema, type ExportInterval } from './activity.ts';
import { dateSchema, timestampSchema } from './common.ts';

/**
 * /reports (spec §2.4, design §4.11): clinic figures over one of the spec §9 intervals, in
 * buckets sized to the period so a chart has between about 7 and 30 points:
 * 2 veckor and 30 dagar by day, 3 and 6 månader by week (Monday), 1 år and Alla by month.
 * Buckets are Swedish calendar days, weeks and months (Europe/Stockholm).
 */
export const REPORT_BUCKETS = ['day', 'week', 'month'] as const;
export type ReportBucket = (typeof REPORT_BUCKETS)[number];

export const reportBucketFor: Record<ExportInterval, ReportBucket> = {
  all: 'month',
  '2veckor': 'day',
  '30dagar': 'day',
  '3man': 'week',
  '6man': 'week',
  '1ar': 'month',
};

const count = z.number().int().nonnegative();

/** The figures of one bucket, or of the whole period. */
export const reportFiguresSchema = z.object({
  /** Clients (role USER) whose account was created. */
  newClients: count,
  /** Distinct clients who signed in, did anything the activity log records, or sent a message. */
  activeClients: count,
  /** Messages sent by clients. */
  clientMessages: count,
  /** Messages sent by staff (STAFF and ADMIN). */
  staffMessages: count,
  /**
   * Median seconds from a client's message that waited for an answer (the first one after the
   * staff's last message in that conversation) to the staff's first reply; by the time of the
   * client's message. Null when no such message was answered.
   */
  medianReplySeconds: z.number().int().nonnegative().nullable(),
  /** Client messages that started a wait and were answered (the median's sample). */
  repliedMessages: count,
  labUploads: count,
  actionPlanUploads: count,
  signedNotes: count,
});
export type ReportFigures = z.infer<typeof reportFiguresSchema>;

export const reportBucketSchema = reportFiguresSchema.extend({
  /** First Swedish calendar day of the bucket, `YYYY-MM-DD`. */
  start: dateSchema,
});
export type ReportBucketFigures = z.infer<typeof reportBucketSchema>;

export const reportSchema = z.object({
  interval: exportIntervalSchema,
  bucket: z.enum(REPORT_BUCKETS),
  /** Start of the period (for `all`: the clinic's first account), and when it was computed. */
  from: timestampSchema,
  to: timestampSchema,
  /** The whole period (active clients counted once each). */
  totals: reportFiguresSchema,
  /** Oldest first; every bucket of the period, zeros included. */
  buckets: z.array(reportBucketSchema),
});
export type Report = z.infer<typeof reportSchema>;

/** `GET /api/v1/admin/reports?interval=` and `/reports/export?interval=` (default 30dagar). */
export const reportQuerySchema = z.object({ interval: exportIntervalSchema.default('30dagar') });
export type ReportQuery = z.input<typeof reportQuerySchema>;

/** The Swedish names of the figures: headings, table columns and the CSV header. */
export const reportFigureLabels = {
  newClients: 'Nya klienter',
  activeClients: 'Aktiva klienter',
  clientMessages: 'Meddelanden från klienter',
  staffMessages: 'Meddelanden från personal',
  medianReplySeconds: 'Median svarstid',
  repliedMessages: 'Besvarade meddelanden',
  labUploads: 'Uppladdade provsvar',
  actionPlanUploads: 'Uppladdade handlingsplaner',
  signedNotes: 'Signerade journalanteckningar',
} as const satisfies Record<keyof ReportFigures, string>;
