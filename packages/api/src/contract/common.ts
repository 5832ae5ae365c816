import { z } from 'zod';

/** Database ids are positive integers. */
export const idSchema = z.number().int().positive();
export type Id = z.infer<typeof idSchema>;

/** A path parameter holding an id (`/clients/:id`): a string in the URL, a number after parsing. */
export const idParamSchema = z.coerce.number().int().positive();

/** ISO 8601 date-time, e.g. `2026-10-12T08:30:00.000Z` (an offset is accepted too). */
export const timestampSchema = z.iso.datetime({ offset: true });

/** ISO 8601 calendar date, e.g. `1984-05-17`. */
export const dateSchema = z.iso.date();

export const roleSchema = z.enum(['USER', 'STAFF', 'ADMIN']);
export type Role = z.infer<typeof roleSchema>;

/** Answer of calls that only say how it went, e.g. `{ message: 'Koden har skickats igen!' }`. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** Body the server sends with an error status (spec §8: the client shows `message`). */
export const errorBodySchema = z.object({ message: z.string() }).loose();
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Empty JSON object (`POST /api/v1/admin/forms` sends `{}`). */
export const emptyObjectSchema = z.object({});

/**
 * A lab-result or action-plan history entry (spec §3), e.g. `Blodprov_2026-10-12.pdf`: both
 * features keep uploaded files per client, so they share this shape.
 */
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
