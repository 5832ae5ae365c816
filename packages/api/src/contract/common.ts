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

/**
 * Paging and search of lists that grow (design.md §4.13): `page` from 1, `size` up to 200, `q`
 * a search text. All optional; a call without `page` and `size` answers the plain list of spec
 * §7, a call with either answers one page (`pageSchema`).
 */
export const MAX_PAGE_SIZE = 200;
export const DEFAULT_PAGE_SIZE = 50;
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'Sidan måste vara 1 eller högre.').optional(),
  size: z.coerce
    .number()
    .int()
    .min(1, 'Minst 1 rad per sida.')
    .max(MAX_PAGE_SIZE, `Högst ${MAX_PAGE_SIZE} rader per sida.`)
    .optional(),
  q: z.string().trim().max(100, 'Söktexten får vara högst 100 tecken.').optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** One page of a list: the rows, how many match in all, and which page of what size. */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    size: z.number().int().min(1).max(MAX_PAGE_SIZE),
  });
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  size: number;
}

/** Whether a list call asks for a page (else it answers the whole list). */
export const isPageRequest = (query: { page?: unknown; size?: unknown } | undefined): boolean =>
  query?.page !== undefined || query?.size !== undefined;

export const sortOrderSchema = z.enum(['asc', 'desc']);
export type SortOrder = z.infer<typeof sortOrderSchema>;

/** A PUT that carries the version it edited answers this status when a newer one was saved. */
export const VERSION_CONFLICT_STATUS = 409;

// Text that ends up in a mail, a mail header or a calendar file (issue 22): a CR or LF there
// could add a header or an iCalendar property (ATTACH, ORGANIZER, VALARM), and new URL() drops
// them silently. Single-line text refuses every C0 and C1 control and DEL; multi-line text keeps
// only LF, which its writers escape.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_SINGLE_LINE = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- as above, LF allowed
const CONTROL_MULTI_LINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

/** Does the text hold a control character (LF allowed when `multiLine`)? */
export const hasControlCharacters = (value: string, multiLine = false): boolean =>
  (multiLine ? CONTROL_MULTI_LINE : CONTROL_SINGLE_LINE).test(value);
