// Invitations (design.md §4.8): ADMIN invites a client by e-mail.
import { z } from 'zod';
import { timestampSchema } from './common.ts';
import { emailSchema } from './validation.ts';

/** `POST /api/v1/admin/invitations` (design §4.8). */
export const invitationRequestSchema = z.object({ email: emailSchema });
export type InvitationRequest = z.infer<typeof invitationRequestSchema>;

export const invitationResponseSchema = z.object({
  email: z.string(),
  expiresAt: timestampSchema,
});
export type InvitationResponse = z.infer<typeof invitationResponseSchema>;
