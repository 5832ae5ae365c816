// My account (spec §7 "Authentication and account"): change password, profile picture.
import { z } from 'zod';
import { emergencyReasonSchema } from './care-team.ts';
import { activityActionSchema } from './activity.ts';
import {
  dateSchema,
  pageQuerySchema,
  pageSchema,
  roleSchema,
  timestampSchema,
  type Page,
} from './common.ts';
import { passwordSchema } from './validation.ts';

/** `POST /api/v1/user/change-password`. */
export const changePasswordRequestSchema = z.object({
  currentPassword: z.string().min(1),
  newPassword: passwordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** Multipart field of `POST /api/v1/user/upload` (profile picture). */
export const PROFILE_IMAGE_FIELD = 'file';

/** Swedish message when a profile picture is not found (also for a malformed id). */
export const PROFILE_IMAGE_NOT_FOUND = 'Bilden finns inte.';

/** `GET /api/v1/user/image/:fileId` (`imageUrl`). */
export const profileImageParamsSchema = z.object({ fileId: z.guid(PROFILE_IMAGE_NOT_FOUND) });

// ---- 'Vem har läst mina uppgifter' (issue 13, design §4.11) -------------------------------------

/**
 * Appearances of her in lists and logs (design §4.20): staff saw her name in the client list,
 * the activity log, the conversation list… Shown only under 'Visa även listor och loggar'.
 */
export const LIST_AND_LOG_ACTIONS = [
  'CLIENT_LIST_VIEWED',
  'ACTIVITY_LOG_VIEWED',
  'ACTIVITY_LOG_EXPORTED',
  'CONVERSATION_LIST_VIEWED',
  'MESSAGE_PUSHED',
  'ACCESS_REVIEW_VIEWED',
] as const satisfies readonly z.infer<typeof activityActionSchema>[];

/**
 * One line of 'Vem har läst mina uppgifter' (design §4.20): one person on one Swedish day, with
 * what she read (each kind once), and the reason's label when it was under 'Nödåtkomst' (the
 * free-text comment stays in the log for ADMIN).
 */
export const accessLogEntrySchema = z.object({
  /** `day:personId`, stable across pages. */
  id: z.string(),
  day: dateSchema,
  performedByName: z.string(),
  /** STAFF or ADMIN; `null` when the account no longer exists. */
  performedByRole: roleSchema.nullable(),
  /** The kinds of rows that day, most read first. */
  actions: z.array(activityActionSchema),
  /** Last time that day. */
  lastAt: timestampSchema,
  /** Read under 'Nödåtkomst': the reason's code (its label is shown). */
  emergency: z.object({ reason: emergencyReasonSchema }).nullable(),
});
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;

export const ACCESS_LOG_PAGE_SIZE = 20;

/** `GET /api/v1/user/access-log?page=&size=`: always her own, newest first. */
export const accessLogQuerySchema = pageQuerySchema.pick({ page: true, size: true }).extend({
  /** 'Visa även listor och loggar': also the days she only appeared in a list or a log. */
  lists: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type AccessLogQuery = z.infer<typeof accessLogQuerySchema>;
export const accessLogPageSchema = pageSchema(accessLogEntrySchema);
export type AccessLogPage = Page<AccessLogEntry>;

// ---- my account details (issue 13, design §4.11) ------------------------------------------------

/** A client's personal details as registered (read-only on her account page). */
export const personalDetailsSchema = z.object({
  socialSecurityNumber: z.string().nullable(),
  birthDate: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  street: z.string().nullable(),
  zipCode: z.string().nullable(),
  city: z.string().nullable(),
});
export type PersonalDetails = z.infer<typeof personalDetailsSchema>;

/** `GET /api/v1/user/account`: the signed-in user's own details; `personal` for a USER only. */
export const myAccountSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: roleSchema,
  personal: personalDetailsSchema.nullable(),
});
export type MyAccount = z.infer<typeof myAccountSchema>;
