import { z } from 'zod';
import { idSchema, timestampSchema } from './common.ts';

export const registrationStatusSchema = z.enum(['INVITED', 'REGISTERED']);
export type RegistrationStatus = z.infer<typeof registrationStatusSchema>;

/** A client (spec §3). Missing values are `null` and shown as N/A. */
export const clientSchema = z.object({
  id: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  socialSecurityNumber: z.string().nullable(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  email: z.string(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  membership: z.string().nullable(),
  package: z.string().nullable(),
  lastActive: timestampSchema.nullable(),
  registrationStatus: registrationStatusSchema,
});
export type Client = z.infer<typeof clientSchema>;
export const clientListSchema = z.array(clientSchema);
