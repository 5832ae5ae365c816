// Notification rules of spec §4 and §2.5 that need no React: where a click leads and the
// order (the date is lib/format's formatDayMonth). Pure, so unit tests pin them down.
import type { KnownNotificationType, Notification } from '@halsa/api/contract';
import { paths } from '../../config/paths';
import { questionnairePaths } from '../../config/questionnaire-paths';

/** Click navigation by type (spec §4); any other type only marks the notification read. */
export const NOTIFICATION_PATHS: Record<KnownNotificationType, string> = {
  LAB_RESULT: paths.labResults,
  ACTION_PLAN: paths.actionPlan,
  DAILY_NOTE: paths.journal,
  // Design §4.20: ADMIN's notice that an emergency access opened.
  EMERGENCY_ACCESS: paths.activityReview,
  // Design §4.19: a questionnaire sent to her.
  QUESTIONNAIRE: questionnairePaths.list,
};

/** Where clicking a notification of `type` leads, or null when it only marks it read. */
export function notificationPath(type: string): string | null {
  return Object.hasOwn(NOTIFICATION_PATHS, type)
    ? NOTIFICATION_PATHS[type as KnownNotificationType]
    : null;
}

/** Newest first (spec §2.5 shows the list; live inserts arrive on top). */
export function sortNewestFirst(list: readonly Notification[]): Notification[] {
  return [...list].sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp));
}

/** Notifications with status UNREAD (spec §9: the bell's badge). */
export const unreadOf = (list: readonly Notification[] | undefined): number =>
  list?.filter((n) => n.status === 'UNREAD').length ?? 0;
