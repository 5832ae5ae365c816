import { z } from 'zod';
import { idSchema, roleSchema } from './common.ts';
import { STAFF_MESSAGES } from './staff.ts';
import { emailSchema, passwordSchema } from './validation.ts';

export { registerRequestSchema, type RegisterRequest } from './validation.ts';

/** Session user (spec §3), cached under the SWR key `sessionUser`. */
export const sessionUserSchema = z.object({
  id: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  role: roleSchema,
  imageUrl: z.string().nullable(),
  /**
   * Design §4.17: the clinic requires a passkey or an authenticator app of staff and she has
   * neither, so every client-data call answers 403 until she adds one on /profile/security. The
   * server always sends it (false for a client); optional only for older fixtures.
   */
  mustSetUpStrongSignIn: z.boolean().optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/**
 * Why the server ended a session, when it knows: the `reason` beside `message` in a 401 answer
 * (issue 13); the message then says so in Swedish and the login page shows it.
 */
export const SESSION_END_REASONS = ['PASSWORD_CHANGED', 'EXPIRED', 'DEACTIVATED'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/**
 * The 401 message when the server knows why the session ended (the server's access check and
 * the mocks both answer with it). The login page shows it as the notice, so it is never in the
 * /login bundle.
 */
export const SESSION_END_MESSAGES: Record<SessionEndReason, string> = {
  PASSWORD_CHANGED:
    'Du har loggats ut eftersom lösenordet för ditt konto ändrades. Logga in med ditt nya lösenord.',
  EXPIRED: 'Din session har gått ut och du har loggats ut. Logga in igen för att fortsätta.',
  DEACTIVATED: STAFF_MESSAGES.deactivated,
};

/** `POST /api/v1/auth/authenticate`. No client-side validation on the login form (spec §5). */
export const loginRequestSchema = z.object({
  email: z.string().trim().min(1),
  password: z.string().min(1),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** Login answer: `message` holds the twoFactorId (design §4.1). */
export const loginResponseSchema = z.object({ message: z.string().min(1) });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** `POST /api/v1/auth/verify-2fa`; answers the session user. */
export const verifyTwoFactorRequestSchema = z.object({
  twoFactorId: z.string().min(1),
  code: z.string().regex(/^\d{6}$/),
});
export type VerifyTwoFactorRequest = z.infer<typeof verifyTwoFactorRequestSchema>;

/** `POST /api/v1/auth/resend-2fa`. */
export const resendTwoFactorRequestSchema = z.object({ twoFactorId: z.string().min(1) });
export type ResendTwoFactorRequest = z.infer<typeof resendTwoFactorRequestSchema>;

/** `POST /api/v1/auth/forgot-password`: same answer for unknown addresses (design §5). */
export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

/** `POST /api/v1/auth/reset-password`. */
export const resetPasswordRequestSchema = z.object({
  token: z.string().min(1),
  password: passwordSchema,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** `POST /api/v1/auth/set-password` (design §4.3). */
export const setPasswordRequestSchema = resetPasswordRequestSchema;
export type SetPasswordRequest = z.infer<typeof setPasswordRequestSchema>;

/** Query of `POST /api/v1/auth/register?token=…` (design §4.4). */
export const registerQuerySchema = z.object({ token: z.string().min(1) });
export type RegisterQuery = z.infer<typeof registerQuerySchema>;
