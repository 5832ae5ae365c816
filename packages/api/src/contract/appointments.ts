// Appointments /appointments (design §4.11, issue 13): meetings between a client and a staff
// member. STAFF/ADMIN book, move and cancel them; the client sees hers (upcoming and past), is
// told by an APPOINTMENT notice and can add one to her calendar (.ics).
import { z } from 'zod';
import { hasControlCharacters, idParamSchema, idSchema, timestampSchema } from './common.ts';

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
} as const;

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

/** `GET /api/v1/user/appointments?userId=`: staff name a client; a USER always gets her own. */
export const appointmentListQuerySchema = z.object({ userId: idParamSchema.optional() });

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
