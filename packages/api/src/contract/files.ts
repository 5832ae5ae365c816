import { z } from 'zod';
import { idParamSchema, timestampSchema } from './common.ts';

/** Lab or action-plan history entry (spec §3), e.g. `Blodprov_2026-10-12.pdf`. */
export const fileEntrySchema = z.object({
  fileName: z.string().min(1),
  timestamp: timestampSchema,
});
export type FileEntry = z.infer<typeof fileEntrySchema>;
export const fileEntryListSchema = z.array(fileEntrySchema);

/** `userId` query of the user lab-data, action-plan and download calls. */
export const userIdQuerySchema = z.object({ userId: idParamSchema });
export type UserIdQuery = z.infer<typeof userIdQuerySchema>;

/** Multipart field of the lab-data and action-plan uploads. */
export const UPLOAD_FILE_FIELD = 'file';
