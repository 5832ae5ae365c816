// Care teams and emergency access (design §4.14, PDL 4 kap. 2 §): the STAFF who work with a
// client, what a STAFF member outside the team is told, 'Nödåtkomst' with its reasons, and
// ADMIN's follow-up of the log on `/activity/review` ('Logguppföljning').
import { z } from 'zod';
import { dateSchema, hasControlCharacters, idSchema, timestampSchema } from './common.ts';
import { activityActionSchema, staffMemberSchema } from './activity.ts';

/** `GET/PUT /api/v1/admin/clients/:id/care-team`: the team, by name. */
export const careTeamSchema = z.object({ clientId: idSchema, staff: z.array(staffMemberSchema) });
export type CareTeam = z.infer<typeof careTeamSchema>;

export const updateCareTeamRequestSchema = z.object({
  staffIds: z.array(idSchema).max(100, 'Högst 100 personer i ett vårdteam.'),
});
export type UpdateCareTeamRequest = z.infer<typeof updateCareTeamRequestSchema>;

/**
 * A client whose care team a staff member is in, as `/staff` lists her clients (design §4.14,
 * issue 35): name and the personal number masked as lists show it.
 */
export const staffClientSchema = z.object({
  id: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  socialSecurityNumber: z.string().nullable(),
});
export type StaffClient = z.infer<typeof staffClientSchema>;

/** `GET /api/v1/admin/users/:id/clients`: the clients whose care team she is in, by name. */
export const staffClientsSchema = z.object({
  staffId: idSchema,
  clients: z.array(staffClientSchema),
});
export type StaffClients = z.infer<typeof staffClientsSchema>;

/**
 * `POST /api/v1/admin/users/:id/clients`: puts her in the client's care team, from the person's
 * side (`DELETE /api/v1/admin/users/:id/clients/:clientId` takes her out). Same rules and log row
 * as the client's own care-team editor.
 */
export const addStaffClientRequestSchema = z.object({
  clientId: z.number({ error: 'Välj en klient.' }).int().positive('Välj en klient.'),
});
export type AddStaffClientRequest = z.infer<typeof addStaffClientRequestSchema>;

export const STAFF_CLIENT_MESSAGES = {
  /** Adding a client to a deactivated person (400): she cannot work with anyone. */
  deactivated: 'Kontot är inaktiverat. Återaktivera det innan du lägger till klienter.',
} as const;

/** The 403 of a client-data route for STAFF outside the client's care team. */
export const NO_CARE_RELATION = 'NO_CARE_RELATION';
export const NO_CARE_RELATION_MESSAGE = 'Du har ingen vårdrelation med klienten.';

export const EMERGENCY_REASONS = ['URGENT_CARE', 'CLIENT_ASKED', 'COVERING', 'OTHER'] as const;
export const emergencyReasonSchema = z.enum(EMERGENCY_REASONS, {
  error: 'Välj ett skäl till nödåtkomsten.',
});
export type EmergencyReason = z.infer<typeof emergencyReasonSchema>;
export const emergencyReasonLabels: Record<EmergencyReason, string> = {
  URGENT_CARE: 'Akut vårdbehov',
  CLIENT_ASKED: 'Klienten har bett om det',
  COVERING: 'Ersätter kollega',
  OTHER: 'Annat',
};

/** How long an emergency access stays open (design §4.14: 4 hours, then it closes by itself). */
export const EMERGENCY_ACCESS_HOURS = 4;
export const EMERGENCY_COMMENT_MAX = 500;
export const EMERGENCY_MESSAGES = {
  commentRequired: 'Beskriv skälet när du väljer Annat.',
  commentTooLong: `Kommentaren får vara högst ${EMERGENCY_COMMENT_MAX} tecken.`,
  notStaff: 'Nödåtkomst gäller personal utanför klientens vårdteam.',
  /** 'Granskad' on an access that is still open (409, design §4.20). */
  reviewStillOpen: 'Nödåtkomsten pågår fortfarande. Den kan granskas när den har avslutats.',
  /** 'Granskad' by the person who used the access (403, design §4.20). */
  reviewOwnAccess: 'Du kan inte granska en nödåtkomst som du själv har använt.',
} as const;

const commentSchema = z
  .string()
  .trim()
  .max(EMERGENCY_COMMENT_MAX, EMERGENCY_MESSAGES.commentTooLong)
  .refine((v) => !hasControlCharacters(v, true), 'Kommentaren innehåller otillåtna tecken.');

/** `POST /api/v1/admin/clients/:id/emergency-access`. */
export const emergencyAccessRequestSchema = z
  .object({ reason: emergencyReasonSchema, comment: commentSchema.optional() })
  .refine((b) => b.reason !== 'OTHER' || (b.comment ?? '').length > 0, {
    message: EMERGENCY_MESSAGES.commentRequired,
    path: ['comment'],
  });
export type EmergencyAccessRequest = z.infer<typeof emergencyAccessRequestSchema>;

export const emergencyAccessSchema = z.object({
  id: idSchema,
  clientId: idSchema,
  reason: emergencyReasonSchema,
  comment: z.string().nullable(),
  openedAt: timestampSchema,
  expiresAt: timestampSchema,
});
export type EmergencyAccess = z.infer<typeof emergencyAccessSchema>;

/**
 * `GET /api/v1/admin/emergency-access` (design §4.20): the caller's own open emergency accesses,
 * for the banner on that client's pages and the mark in her client list. Ids and times only.
 */
export const openEmergencyAccessSchema = z.object({
  id: idSchema,
  clientId: idSchema,
  openedAt: timestampSchema,
  expiresAt: timestampSchema,
});
export type OpenEmergencyAccess = z.infer<typeof openEmergencyAccessSchema>;
export const openEmergencyAccessListSchema = z.array(openEmergencyAccessSchema);

/**
 * `GET /api/v1/user/notifications` type of the notice every ADMIN gets when an emergency access
 * opens (design §4.20); it leads to 'Logguppföljning'.
 */
export const EMERGENCY_ACCESS_NOTICE_TYPE = 'EMERGENCY_ACCESS';

/**
 * `GET /api/v1/admin/clients/lookup?personalNumber=`: outside her care team a STAFF member finds
 * a client only by her whole personal number, and sees only the name (to ask for 'Nödåtkomst').
 */
export const clientLookupQuerySchema = z.object({
  personalNumber: z
    .string({ error: 'Ange ett helt personnummer.' })
    .trim()
    .regex(/^(\d{8})-?(\d{4})$/, 'Ange ett helt personnummer, ÅÅÅÅMMDD-NNNN.'),
});
export const clientLookupSchema = z.object({
  id: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  inCareTeam: z.boolean(),
});
export type ClientLookup = z.infer<typeof clientLookupSchema>;

/** Is a search text a whole personal number (12 digits, with or without the dash)? */
export const isWholePersonalNumber = (q: string): boolean => /^\d{8}-?\d{4}$/.test(q.trim());

/** A personal number as lists show it (design §4.14): `19850412-****`. */
export const maskPersonalNumber = (ssn: string | null): string | null =>
  ssn === null ? null : ssn.replace(/^(\d{8})-?\d{4}$/, '$1-****');

// ---- Logguppföljning (/activity/review) ------------------------------------------------------

const personRef = z.object({ id: idSchema, name: z.string() });

/** One emergency access as ADMIN follows it up: who, whom, why, and what was read under it. */
export const emergencyAccessReviewSchema = emergencyAccessSchema.extend({
  staff: personRef,
  client: personRef,
  /** Log rows written under this access. */
  rows: z.number().int().min(0),
  /** What was read under it: each kind of row with how many (design §4.20, the card's line). */
  read: z.array(z.object({ action: activityActionSchema, count: z.number().int().min(1) })),
  reviewedAt: timestampSchema.nullable(),
  reviewedBy: z.string().nullable(),
  reviewComment: z.string().nullable(),
});
export type EmergencyAccessReview = z.infer<typeof emergencyAccessReviewSchema>;

/** A staff member's day worth a look: reads outside her care team, or many clients opened. */
export const accessPatternSchema = z.object({
  kind: z.enum(['OUTSIDE_CARE_TEAM', 'MANY_CLIENTS']),
  staff: personRef,
  day: dateSchema,
  /** Distinct clients read that day (outside her team, or in all). */
  clients: z.number().int().min(0),
});
export type AccessPattern = z.infer<typeof accessPatternSchema>;

/** More distinct clients opened in a day than this is a pattern worth a look. */
export const MANY_CLIENTS_PER_DAY = 50;

/** `GET /api/v1/admin/activity/review?reviewed=`: unreviewed (default) or reviewed accesses. */
export const accessReviewQuerySchema = z.object({
  reviewed: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export const accessReviewSchema = z.object({
  emergencyAccesses: z.array(emergencyAccessReviewSchema),
  patterns: z.array(accessPatternSchema),
});
export type AccessReview = z.infer<typeof accessReviewSchema>;

/** `GET /api/v1/admin/activity/review/count`: emergency accesses not yet reviewed (the menu). */
export const accessReviewCountSchema = z.object({ unreviewed: z.number().int().min(0) });
export type AccessReviewCount = z.infer<typeof accessReviewCountSchema>;

/** `POST /api/v1/admin/activity/review/:id`: 'Markera som granskad' with a comment. */
export const reviewEmergencyAccessRequestSchema = z.object({
  comment: z
    .string({ error: 'Kommentar till granskningen måste anges.' })
    .trim()
    .min(1, 'Kommentar till granskningen måste anges.')
    .max(EMERGENCY_COMMENT_MAX, EMERGENCY_MESSAGES.commentTooLong)
    .refine((v) => !hasControlCharacters(v, true), 'Kommentaren innehåller otillåtna tecken.'),
});
export type ReviewEmergencyAccessRequest = z.infer<typeof reviewEmergencyAccessRequestSchema>;

/** `GET/PUT /api/v1/admin/access-settings`: the clinic's care-team switch
 * 'Åtkomst endast via vårdteam' (default on). */
export const careTeamSettingSchema = z.object({ careTeamOnly: z.boolean() });
export type CareTeamSetting = z.infer<typeof careTeamSettingSchema>;
