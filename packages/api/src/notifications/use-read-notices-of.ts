import { useEffect, useRef } from 'react';
import type { KnownNotificationType } from '../contract/notifications.ts';
import { useMarkNotificationRead } from './use-mark-notification-read.ts';
import { useNotifications } from './use-notifications.ts';

/**
 * The page a notice of `type` leads to marks those notices read while it shows what they were
 * about (issue 35: visiting /lab-results leaves 'Nya provsvar' unread otherwise), one call per
 * notice, also for one arriving live while she is there. `shown` is false until the page's own
 * data is on screen. As with a click, the bell changes only after the server said yes (spec §4);
 * a failure stays silent and leaves the notice unread.
 */
export function useReadNoticesOf(type: KnownNotificationType, shown: boolean): void {
  const { notifications } = useNotifications({ enabled: shown });
  const { trigger } = useMarkNotificationRead();
  const asked = useRef(new Set<number>());
  useEffect(() => {
    if (!shown || !notifications) return;
    for (const n of notifications) {
      if (n.type !== type || n.status !== 'UNREAD' || asked.current.has(n.id)) continue;
      asked.current.add(n.id);
      trigger(n.id).catch(() => asked.current.delete(n.id));
    }
  }, [shown, notifications, type, trigger]);
}
