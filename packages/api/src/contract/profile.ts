// My account (spec §7 "Authentication and account"): change password, profile picture.
import { z } from 'zod';
import { emergencyReasonSchema } from './care-team.ts';
import { activityActionSchema } from './activity.ts';
import {
  idSchema,
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

/** One access by staff to her data: who, what, when (from the activity log). */
export const accessLogEntrySchema = z.object({
  id: idSchema,
  action: activityActionSchema,
  performedByName: z.string(),
  /** STAFF or ADMIN; `null` when the account no longer exists. */
  performedByRole: roleSchema.nullable(),
  timestamp: timestampSchema,
  /**
   * Read under 'Nödåtkomst' (design §4.14): the reason given, and the comment with 'Annat'.
   * Absent or null for reads through the care team.
   */
  emergency: z.object({ reason: emergencyReasonSchema, comment: z.string().nullable() }).nullish(),
});
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;

export const ACCESS_LOG_PAGE_SIZE = 20;

/** `GET /api/v1/user/access-log?page=&size=`: always her own, newest first. */
export const accessLogQuerySchema = pageQuerySchema.pick({ page: true, size: true });
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
