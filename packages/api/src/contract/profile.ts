// My account (spec §7 "Authentication and account"): change password, profile picture.
import { z } from 'zod';
import { passwordSchema } from './validation.ts';

/** `POST /api/v1/user/change-password`. */
export const changePasswordRequestSchema = z.object({
  currentPassword: z.string().min(1),
  newPassword: passwordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** Multipart field of `POST /api/v1/user/upload` (profile picture). */
export const PROFILE_IMAGE_FIELD = 'file';
