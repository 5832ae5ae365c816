import { z } from 'zod';
import { idSchema, timestampSchema } from './common.ts';

export const notificationStatusSchema = z.enum(['UNREAD', 'READ']);
export type NotificationStatus = z.infer<typeof notificationStatusSchema>;

/**
 * Types with their own navigation (spec §4); any other value only shows its message. Design
 * §4.20 adds EMERGENCY_ACCESS: every ADMIN's notice that an emergency access opened, which
 * leads to 'Logguppföljning'. §4.19 adds QUESTIONNAIRE: a questionnaire sent to her, which opens
 * '/questionnaires'.
 */
export const KNOWN_NOTIFICATION_TYPES = [
  'LAB_RESULT',
  'ACTION_PLAN',
  'DAILY_NOTE',
  'EMERGENCY_ACCESS',
  'QUESTIONNAIRE',
] as const;
export type KnownNotificationType = (typeof KNOWN_NOTIFICATION_TYPES)[number];

export const notificationSchema = z.object({
  id: idSchema,
  status: notificationStatusSchema,
  type: z.string().min(1),
  message: z.string(),
  timestamp: timestampSchema,
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.array(notificationSchema);
export type NotificationList = z.infer<typeof notificationListSchema>;
