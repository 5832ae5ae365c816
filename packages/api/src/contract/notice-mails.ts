// Notices outside the portal (design §4.16): 'E-postavisering' on /profile/notifications, one
// switch per kind, and the public one-click unsubscribe a notice mail links to.
import { z } from 'zod';

/**
 * The kinds of notice mail, in the order the settings page lists them: the one list the
 * settings schema is built from and the labels and phrases are keyed by (QUESTIONNAIRE, 'Ny
 * enkät': a questionnaire sent to her, and the reminder 3 days before its last day).
 */
export const NOTICE_KINDS = [
  'NEW_MESSAGE',
  'LAB_RESULT',
  'ACTION_PLAN',
  'JOURNAL_NOTE',
  'APPOINTMENT',
  'APPOINTMENT_REMINDER',
  'QUESTIONNAIRE',
] as const;
export const noticeKindSchema = z.enum(NOTICE_KINDS);
export type NoticeKind = z.infer<typeof noticeKindSchema>;

/** Each switch's Swedish label on the settings page. */
export const NOTICE_KIND_LABELS: Record<NoticeKind, string> = {
  NEW_MESSAGE: 'Nya meddelanden',
  LAB_RESULT: 'Nya provsvar',
  ACTION_PLAN: 'Ny handlingsplan',
  JOURNAL_NOTE: 'Ny journalanteckning',
  APPOINTMENT: 'Möten som bokas, flyttas eller avbokas',
  APPOINTMENT_REMINDER: 'Påminnelse dagen före ett möte',
  QUESTIONNAIRE: 'Ny enkät',
};

/** What a turned-off kind is called in a sentence: 'Du får inte längre e-post om …'. */
export const NOTICE_KIND_PHRASES: Record<NoticeKind, string> = {
  NEW_MESSAGE: 'nya meddelanden',
  LAB_RESULT: 'nya provsvar',
  ACTION_PLAN: 'nya handlingsplaner',
  JOURNAL_NOTE: 'nya journalanteckningar',
  APPOINTMENT: 'möten som bokas, flyttas eller avbokas',
  APPOINTMENT_REMINDER: 'påminnelser dagen före ett möte',
  QUESTIONNAIRE: 'enkäter att fylla i',
};

/** Defaults (design §4.16): a USER has every kind on; STAFF and ADMIN only new messages. */
export const defaultNoticeSetting = (role: 'USER' | 'STAFF' | 'ADMIN', kind: NoticeKind) =>
  role === 'USER' || kind === 'NEW_MESSAGE';

/** `GET/PUT /api/v1/user/notification-settings`: one boolean per kind of NOTICE_KINDS. */
export const noticeMailSettingsSchema = z.object(
  Object.fromEntries(NOTICE_KINDS.map((kind) => [kind, z.boolean()])) as Record<
    NoticeKind,
    z.ZodBoolean
  >,
);
export type NoticeMailSettings = z.infer<typeof noticeMailSettingsSchema>;

/** PUT: the kinds to change (one switch at a time, or all); the answer is the whole set. */
export const updateNoticeMailSettingsSchema = noticeMailSettingsSchema
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Ange minst en inställning.');
export type UpdateNoticeMailSettings = z.infer<typeof updateNoticeMailSettingsSchema>;

export const NOTICE_MAIL_MESSAGES = {
  saved: 'Inställningen är sparad.',
  badToken: 'Länken för att avsluta e-postaviseringen är ogiltig.',
  /** The page's button or 'Ångra' failed without a message of the server's. */
  actionFailed: 'Det gick inte att ändra e-postaviseringen. Försök igen.',
} as const;

/**
 * `GET /api/v1/public/unsubscribe?token=` reads what the token names and changes nothing (mail
 * scanners open links); `POST` of the same address (RFC 8058 one-click, or the page's button)
 * turns it off; `POST /api/v1/public/resubscribe?token=` ('Ångra') turns it on again.
 */
export const unsubscribeQuerySchema = z.object({
  token: z
    .string({ error: NOTICE_MAIL_MESSAGES.badToken })
    .min(1, NOTICE_MAIL_MESSAGES.badToken)
    .max(200, NOTICE_MAIL_MESSAGES.badToken),
});

/** What the token names and what was done: the page's question, or what was turned off/on. */
export const unsubscribeResponseSchema = z.object({
  kind: noticeKindSchema,
  label: z.string(),
  message: z.string(),
});
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponseSchema>;

export const unsubscribedMessage = (kind: NoticeKind) =>
  `Du får inte längre e-post om ${NOTICE_KIND_PHRASES[kind]}. Du kan slå på det igen under Notiser i Hälsoportalen.`;

/** What GET answers: the question the page asks before anything is turned off. */
export const unsubscribeQuestion = (kind: NoticeKind) =>
  `Vill du sluta få e-post om ${NOTICE_KIND_PHRASES[kind]}?`;

/** After 'Ångra'. */
export const resubscribedMessage = (kind: NoticeKind) =>
  `Du får e-post om ${NOTICE_KIND_PHRASES[kind]} igen.`;
