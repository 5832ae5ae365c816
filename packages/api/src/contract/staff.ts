// People of the clinic (design §4.14): staff accounts on `/staff` ('Personal'), their roles, and
// deactivating, reactivating and unlocking any account (a client's too, from her page), and the
// clinic setting 'Åtkomst endast via vårdteam'.
import { z } from 'zod';
import { hasControlCharacters, idSchema, roleSchema, timestampSchema } from './common.ts';

export const staffRoleSchema = roleSchema.extract(['STAFF', 'ADMIN']);
export type StaffRole = z.infer<typeof staffRoleSchema>;

/** Swedish names of the two staff roles, as `/staff` shows them. */
export const staffRoleLabels: Record<StaffRole, string> = {
  STAFF: 'Personal',
  ADMIN: 'Administratör',
};

/**
 * Where an account stands: `INVITED` has not set a password yet, `INACTIVE` was deactivated
 * (keeps her data and log rows, cannot sign in).
 */
export const accountStatusSchema = z.enum(['ACTIVE', 'INVITED', 'INACTIVE']);
export type AccountStatus = z.infer<typeof accountStatusSchema>;

export const accountStatusLabels: Record<AccountStatus, string> = {
  ACTIVE: 'Aktiv',
  INVITED: 'Inbjuden',
  INACTIVE: 'Inaktiverad',
};

/** One account on `/staff`. `locked`: too many failed logins, until an ADMIN lifts it or it ends. */
export const staffAccountSchema = z.object({
  id: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  status: accountStatusSchema,
  locked: z.boolean(),
  lastActive: timestampSchema.nullable(),
  /** Her own personal number for e-legitimation (§4.18), masked as lists show it: `19850412-****`. */
  personalNumber: z.string().nullable(),
  /** How many clients' care teams she is in (issue 35): the count `/staff` shows. */
  clientCount: z.number().int().min(0),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;

/** `GET /api/v1/admin/staff/accounts`: every STAFF and ADMIN account, by name. */
export const staffAccountListSchema = z.array(staffAccountSchema);

/** What an account page needs to offer deactivate, reactivate and unlock (a client's too). */
export const accountStateSchema = z.object({
  id: idSchema,
  status: accountStatusSchema,
  locked: z.boolean(),
});
export type AccountState = z.infer<typeof accountStateSchema>;

const nameField = (label: string) =>
  z
    .string({ error: `${label} måste anges.` })
    .trim()
    .min(1, `${label} måste anges.`)
    .max(100, `${label} får vara högst 100 tecken.`)
    .refine((v) => !hasControlCharacters(v), `${label} innehåller otillåtna tecken.`);

/** A staff member's personal number as she writes it: like a client's, `YYYYMMDD-XXXX`. */
const personalNumberField = z
  .string()
  .trim()
  .regex(/^\d{8}-\d{4}$/, 'Personnummer måste vara i formatet YYYYMMDD-XXXX.');

/** `POST /api/v1/admin/staff`: the new person gets the set-password mail (design §4.3). */
export const createStaffRequestSchema = z.object({
  firstName: nameField('Förnamn'),
  lastName: nameField('Efternamn'),
  email: z
    .string({ error: 'E-postadress måste anges.' })
    .trim()
    .max(254, 'E-postadressen är för lång.')
    .pipe(z.email('Ange en giltig e-postadress.')),
  role: staffRoleSchema,
  /**
   * Her own personal number, optional (design §4.18): lets her sign in with e-legitimation.
   * Written as a client's (YYYYMMDD-XXXX); empty means none. Unique among STAFF and ADMIN.
   */
  personalNumber: z.union([z.literal(''), personalNumberField]).optional(),
});
export type CreateStaffRequest = z.infer<typeof createStaffRequestSchema>;

/**
 * `PUT /api/v1/admin/users/:id/personal-number`: set, change or clear (null or '') the personal
 * number of an existing STAFF or ADMIN (design §4.18). Unique among them.
 */
export const setPersonalNumberRequestSchema = z.object({
  personalNumber: z.union([z.null(), z.literal(''), personalNumberField]),
});
export type SetPersonalNumberRequest = z.infer<typeof setPersonalNumberRequestSchema>;

/** `PUT /api/v1/admin/users/:id/role`. */
export const changeRoleRequestSchema = z.object({ role: staffRoleSchema });
export type ChangeRoleRequest = z.infer<typeof changeRoleRequestSchema>;

/** The Swedish words of people and access (design §4.14), one place for server and screens. */
export const STAFF_MESSAGES = {
  deactivated: 'Kontot är inaktiverat. Kontakta mottagningen.',
  /** Staff's "send reset link" to a deactivated account (409): no mail goes out. */
  deactivatedNoLink: 'Kontot är inaktiverat. Återaktivera det innan du skickar en länk.',
  emailTaken: 'Det finns redan ett konto med den e-postadressen.',
  personalNumberTaken: 'Personnumret används redan av någon annan i personalen.',
  notStaff: 'Kontot är inte ett personalkonto.',
  notFound: 'Kontot hittades inte.',
  self: 'Du kan inte inaktivera eller byta roll på ditt eget konto.',
  lastAdmin: 'Det måste finnas minst en aktiv administratör.',
  careTeamOnly: 'Åtkomst endast via vårdteam',
} as const;
