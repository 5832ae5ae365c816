// Appointments /appointments (design §4.11, issue 13): meetings between a client and a staff
// member. STAFF/ADMIN book, move and cancel them; the client sees hers (upcoming and past), is
// told by an APPOINTMENT notice and can add one to her calendar (.ics).
import { z } from 'zod';
import {
  hasControlCharacters,
  idParamSchema,
  idSchema,
  MAX_PAGE_SIZE,
  timestampSchema,
} from './common.ts';

/** Type of the notice the client gets when a meeting is booked, moved or cancelled. */
export const APPOINTMENT_NOTIFICATION_TYPE = 'APPOINTMENT';
export const APPOINTMENT_MIN_MINUTES = 15;
export const APPOINTMENT_MAX_MINUTES = 240;

export const APPOINTMENT_MESSAGES = {
  booked: 'Du har fått en ny bokning.',
  moved: 'En av dina bokningar har flyttats.',
  cancelled: 'En av dina bokningar har avbokats.',
  startInPast: 'Mötet kan inte börja i det förflutna.',
  length: `Längden måste vara mellan ${APPOINTMENT_MIN_MINUTES} och ${APPOINTMENT_MAX_MINUTES} minuter.`,
  notClient: 'Mötet kan bara bokas med en klient.',
  badLink: 'Videolänken måste börja med http:// eller https://.',
  placeControl: 'Platsen får inte innehålla radbrytningar eller styrtecken.',
  linkControl: 'Videolänken får inte innehålla radbrytningar eller styrtecken.',
  noteControl: 'Anteckningen får inte innehålla styrtecken.',
  placeOrLink: 'Ange plats eller videolänk.',
  alreadyCancelled: 'Mötet är redan avbokat.',
  notFound: 'Mötet finns inte.',
  // No double booking (issue 22): the client's or the staff member's time is taken (409).
  clientBusy: 'Klienten har redan ett möte den tiden.',
  staffBusy: 'Du har redan ett möte den tiden.',
  otherStaffBusy: 'Personalen som har mötet har redan ett annat möte den tiden.',
  notYours: 'Du kan bara ändra möten som du har bokat.',
  // The list's pages (issue 38).
  badTime: 'Tiden måste vara en tidpunkt med tidszon, t.ex. 2026-11-29T08:00:00Z.',
  fromAndBefore: 'Välj antingen möten från en tid (from) eller före en tid (before), inte båda.',
  afterIdAlone: 'Ange from tillsammans med afterId.',
  beforeIdAlone: 'Ange before tillsammans med beforeId.',
  size: `Antalet möten per sida måste vara mellan 1 och ${MAX_PAGE_SIZE}.`,
} as const;

/**
 * Meetings come a page of this many at a time (issue 38: the list answered every meeting ever,
 * 50 000 for ADMIN at a chain's scale): the next ones from a time, or the latest before one.
 */
export const APPOINTMENT_PAGE = 20;

export const appointmentStatusSchema = z.enum(['BOOKED', 'CANCELLED']);
export type AppointmentStatus = z.infer<typeof appointmentStatusSchema>;

/** The link as the browser would read it; a string that is no URL is left for the refine. */
const normaliseUrl = (v: string) => {
  try {
    return new URL(v).href;
  } catch {
    return v;
  }
};

// Controls are refused on the raw text: new URL() drops tabs, CR and LF without a word. The
// normalised href is what is stored and written to the calendar file.
const videoLinkSchema = z
  .string()
  .trim()
  .max(2000, APPOINTMENT_MESSAGES.badLink)
  .refine((v) => !hasControlCharacters(v), {
    message: APPOINTMENT_MESSAGES.linkControl,
    abort: true,
  })
  .refine((v) => {
    try {
      const url = new URL(v);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, APPOINTMENT_MESSAGES.badLink)
  .overwrite(normaliseUrl);

export const appointmentSchema = z.object({
  id: idSchema,
  clientId: idSchema,
  clientName: z.string(),
  staffId: idSchema,
  staffName: z.string(),
  startsAt: timestampSchema,
  minutes: z.number().int(),
  place: z.string().nullable(),
  videoLink: z.string().nullable(),
  note: z.string().nullable(),
  status: appointmentStatusSchema,
});
export type Appointment = z.infer<typeof appointmentSchema>;
export const appointmentListSchema = z.array(appointmentSchema);

const queryTime = z.iso.datetime({ offset: true, error: APPOINTMENT_MESSAGES.badTime });

/**
 * `GET /api/v1/user/appointments?userId=&from=[&afterId=]&size=` or `?…&before=[&beforeId=]`:
 * staff name a client (or get every client they may read); a USER always gets her own. One page
 * of at most `size` (default APPOINTMENT_PAGE, ≤ 200) meetings, by start and id, oldest first
 * (issue 38):
 * - `from`: the first meetings that start at or after it; with `afterId`, those after the
 *   meeting at (`from`, `afterId`) in (start, id) order (the next page after the last one shown);
 * - `before`: the latest meetings that start before it; with `beforeId`, those before the
 *   meeting at (`before`, `beforeId`) (the next older page);
 * - neither: as `from` now (the next upcoming meetings), never every meeting ever.
 */
export const appointmentListQuerySchema = z
  .object({
    userId: idParamSchema.optional(),
    from: queryTime.optional(),
    afterId: idParamSchema.optional(),
    before: queryTime.optional(),
    beforeId: idParamSchema.optional(),
    size: z.coerce
      .number(APPOINTMENT_MESSAGES.size)
      .int(APPOINTMENT_MESSAGES.size)
      .min(1, APPOINTMENT_MESSAGES.size)
      .max(MAX_PAGE_SIZE, APPOINTMENT_MESSAGES.size)
      .optional(),
  })
  .refine((q) => q.from === undefined || q.before === undefined, {
    message: APPOINTMENT_MESSAGES.fromAndBefore,
  })
  .refine((q) => q.afterId === undefined || q.from !== undefined, {
    message: APPOINTMENT_MESSAGES.afterIdAlone,
  })
  .refine((q) => q.beforeId === undefined || q.before !== undefined, {
    message: APPOINTMENT_MESSAGES.beforeIdAlone,
  });
export type AppointmentListQuery = z.infer<typeof appointmentListQuerySchema>;
/** Which page of the list, the query without the client (`from`/`afterId`, `before`/`beforeId`, `size`). */
export type AppointmentWindow = Omit<AppointmentListQuery, 'userId'>;

const fields = {
  startsAt: timestampSchema,
  minutes: z
    .number()
    .int(APPOINTMENT_MESSAGES.length)
    .min(APPOINTMENT_MIN_MINUTES, APPOINTMENT_MESSAGES.length)
    .max(APPOINTMENT_MAX_MINUTES, APPOINTMENT_MESSAGES.length),
  place: z
    .string()
    .trim()
    .max(200)
    .refine((v) => !hasControlCharacters(v), APPOINTMENT_MESSAGES.placeControl)
    .nullable()
    .optional(),
  videoLink: videoLinkSchema.nullable().optional(),
  // A note may span lines (LF, escaped in the .ics); no CR or other control.
  note: z
    .string()
    .trim()
    .max(2000)
    .refine((v) => !hasControlCharacters(v, true), APPOINTMENT_MESSAGES.noteControl)
    .nullable()
    .optional(),
};

/** `POST /api/v1/admin/appointments`. */
export const appointmentCreateSchema = z.object({ clientId: idSchema, ...fields });
export type AppointmentCreate = z.infer<typeof appointmentCreateSchema>;
/** `PUT /api/v1/admin/appointments/:id` (reschedule or change place/link/note). */
export const appointmentUpdateSchema = z.object(fields);
export type AppointmentUpdate = z.infer<typeof appointmentUpdateSchema>;
