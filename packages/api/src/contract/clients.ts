import { z } from 'zod';
import {
  idSchema,
  pageQuerySchema,
  pageSchema,
  sortOrderSchema,
  timestampSchema,
  type Page,
} from './common.ts';

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

/** Sort keys of the client list. */
export const clientSortSchema = z.enum(['name', 'lastActive', 'createdAt']);
export type ClientSort = z.infer<typeof clientSortSchema>;

/**
 * `GET /api/v1/admin/clients?page=&size=&q=&sort=&order=&status=`: `q` matches name, personal
 * number or e-mail; without `page`/`size` the whole list (spec §7).
 */
export const clientListQuerySchema = pageQuerySchema.extend({
  sort: clientSortSchema.optional(),
  order: sortOrderSchema.optional(),
  status: registrationStatusSchema.optional(),
});
export type ClientListQuery = z.infer<typeof clientListQuerySchema>;
export const clientPageSchema = pageSchema(clientSchema);
export type ClientPage = Page<Client>;
export const clientListResponseSchema = z.union([clientListSchema, clientPageSchema]);
