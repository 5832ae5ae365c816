import {
  memo,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { Outlet, useSearchParams } from 'react-router';
import {
  isApiError,
  openConversation,
  useAccessReviewCount,
  useAfterUsable,
  useLogout,
  useNotifications,
  useUnreadCount,
  useUserStats,
} from '@halsa/api';
import { CONVERSATION_PARAM, type SessionUser } from '@halsa/api/contract';
import { paths } from '../../../config/paths';
import { Sidebar } from '../../../components/sidebar/sidebar';
import { StrongSignInNotice } from '../../../components/strong-sign-in-notice/strong-sign-in-notice';
import { TopBar } from '../../../components/top-bar/top-bar';
import { Widget, WIDGET_CLEARANCE, type WidgetProps } from '../../../components/widget/widget';
import { useToast } from '../../../primitives/toast/toast';
import { ConversationsLive } from '../../messaging/conversation-list/conversations-live';
import { NotificationCenter } from '../../notifications/notification-center/notification-center';
import { useNotificationsLive } from '../../notifications/notification-center/use-notifications-live';
import { ShellUserContext } from './shell-user';

export const MAIN_CONTENT_ID = 'innehall';
export const SKIP_LINK_TEXT = 'Hoppa till innehållet';
const LOGOUT_FALLBACK = 'Utloggning misslyckades';
/** Height of the sticky top bar plus a little air, kept as the page's scroll padding. */
export const TOP_BAR_CLEARANCE = '5rem';

// The shell's counts arrive one answer at a time after the page is usable (the bell's, the
// widget's), and each answer renders AppShell again at once: on a slowed phone that was the top
// bar, the side menu and the widget again for every answer, 50–90 ms each (issue 39). Each part
// now renders again only when its own props change.
const ShellTopBar = memo(TopBar);
const ShellSidebar = memo(Sidebar);
const ShellWidget = memo(Widget);

export interface AppShellProps {
  /** The signed-in user (spec §3 session user). */
  user: SessionUser;
  /** Content of the messaging widget's Meddelande tab (see Widget). */
  messagesTab?: WidgetProps['messagesTab'];
  /** Rendered in the main area instead of the router's `<Outlet/>`. */
  children?: ReactNode;
}

/**
 * The signed-in layout (spec §2.5): a skip link, the top bar (title, notification bell, user
 * menu), the notification panel under the bell, the sidebar, the main area with the current
 * route, and the floating messaging widget. Use it as the element of a layout route:
 * `<Route element={<AppShell user={user} />}>…signed-in routes…</Route>`.
 * It keeps the notifications live over `/user/queue/notifications` and the conversations (the
 * widget button's unread count, and the list once loaded) over `/topic/users/{id}/conversations`,
 * and provides `user` to the screens below it (`useShellUser()`).
 */
export function AppShell({ user, messagesTab, children }: AppShellProps) {
  // The bell's and the widget's counts load once the page itself is usable (after-usable.tsx in
  // @halsa/api): on a slow phone the page's own data and drawing come first.
  const usable = useAfterUsable();
  const { unreadCount } = useNotifications({ enabled: usable });
  useNotificationsLive();
  const userStats = useUserStats({ enabled: usable && user.role === 'ADMIN' });
  // The widget button's badge: unread messages over all conversations, kept live below.
  // Not while the staff rule holds her back (design §4.17): the server refuses both until she has
  // set up a passkey or an authenticator app, and a refused SUBSCRIBE would close the socket.
  const heldBack = user.mustSetUpStrongSignIn === true;
  // The count alone (issue 38): the whole list, with a log row per client it previews, is
  // fetched only when the widget's panel shows it.
  const unreadMessages = useUnreadCount({ enabled: usable && !heldBack }).unreadMessages ?? 0;
  const { trigger: logout, isMutating: loggingOut } = useLogout();
  const toast = useToast();
  // ADMIN's menu: 'Logguppföljning' with the emergency accesses not yet reviewed (design
  // §4.20); a new notice (an access opened) counts again.
  const review = useAccessReviewCount(usable ? user.role : undefined);
  const { mutate: recount } = review;
  useEffect(() => {
    if (unreadCount > 0) void recount();
  }, [unreadCount, recount]);
  const menuCounts = useMemo(
    () => ({
      [paths.activityReview]:
        review.unreviewed !== undefined
          ? { count: review.unreviewed, label: 'att granska' }
          : undefined,
    }),
    [review.unreviewed],
  );
  const { stats, isLoading: statsLoading, error: statsError } = userStats;
  const widgetStats = useMemo(
    () => ({ stats, isLoading: statsLoading, error: statsError }),
    [stats, statsLoading, statsError],
  );

  // A new-message mail's link (`?samtal=12`) opens that conversation in the widget, once: the
  // parameter is then dropped from the address (issue 35). The widget, a child, already listens.
  const [searchParams, setSearchParams] = useSearchParams();
  const mailedConversation = searchParams.get(CONVERSATION_PARAM);
  useEffect(() => {
    if (mailedConversation === null) return;
    const id = Number(mailedConversation);
    if (Number.isSafeInteger(id) && id > 0) openConversation(id);
    setSearchParams(
      (params) => {
        params.delete(CONVERSATION_PARAM);
        return params;
      },
      { replace: true },
    );
  }, [mailedConversation, setSearchParams]);

  const [panelOpen, setPanelOpen] = useState(false);
  const bellRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const mainRef = useRef<HTMLElement>(null);
  const panelId = useId();

  const closePanel = useCallback(() => {
    setPanelOpen(false);
    bellRef.current?.focus();
  }, []);
  const togglePanel = useCallback(() => setPanelOpen((open) => !open), []);

  // Focus moves into the panel when it opens.
  useEffect(() => {
    if (panelOpen) panelRef.current?.focus();
  }, [panelOpen]);

  // A click or focus outside the panel (and outside the bell, which toggles it) closes it, so
  // the panel never covers the element that has focus.
  useEffect(() => {
    if (!panelOpen) return;
    const onOutside = (event: Event) => {
      const target = event.target as Node;
      if (panelRef.current?.contains(target) || bellRef.current?.contains(target)) return;
      setPanelOpen(false);
    };
    document.addEventListener('pointerdown', onOutside);
    document.addEventListener('focusin', onOutside);
    return () => {
      document.removeEventListener('pointerdown', onOutside);
      document.removeEventListener('focusin', onOutside);
    };
  }, [panelOpen]);

  // The sticky top bar never covers an element scrolled into view by focus.
  useEffect(() => {
    const root = document.documentElement;
    const before = root.style.scrollPaddingTop;
    root.style.scrollPaddingTop = TOP_BAR_CLEARANCE;
    return () => {
      root.style.scrollPaddingTop = before;
    };
  }, []);

  const onLogout = useCallback(() => {
    // On success the session becomes null and the portal shows the signed-out routes.
    logout().catch((error: unknown) => {
      toast.error(isApiError(error) ? error.message : LOGOUT_FALLBACK);
    });
  }, [logout, toast]);

  const skipToContent = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    mainRef.current?.focus();
  };

  return (
    <ShellUserContext value={user}>
      <ConversationsLive userId={heldBack ? null : user.id}>
        <div className="flex min-h-dvh flex-col bg-surface-muted">
          <a
            href={`#${MAIN_CONTENT_ID}`}
            onClick={skipToContent}
            className="sr-only rounded-control bg-surface px-4 py-2 font-medium shadow-overlay focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
          >
            {SKIP_LINK_TEXT}
          </a>
          <ShellTopBar
            user={user}
            unreadCount={unreadCount}
            notificationsOpen={panelOpen}
            onNotificationsToggle={togglePanel}
            onNotificationsClose={closePanel}
            notificationsPanelId={panelId}
            bellRef={bellRef}
            onLogout={onLogout}
            loggingOut={loggingOut}
          />
          {panelOpen ? (
            <NotificationCenter
              ref={panelRef}
              id={panelId}
              onClose={closePanel}
              className="fixed top-[4.5rem] right-2 z-40 w-[calc(100vw-1rem)] max-w-md sm:right-4"
            />
          ) : null}
          <div className="flex flex-1 flex-col lg:flex-row">
            <ShellSidebar user={user} counts={menuCounts} />
            <main
              ref={mainRef}
              id={MAIN_CONTENT_ID}
              tabIndex={-1}
              className="min-w-0 flex-1"
              // Content never ends under the floating widget button.
              style={{ paddingBottom: WIDGET_CLEARANCE }}
            >
              <StrongSignInNotice user={user} />
              {children ?? <Outlet />}
            </main>
          </div>
          <ShellWidget
            user={user}
            userStats={widgetStats}
            messagesTab={messagesTab}
            unreadMessages={unreadMessages}
          />
        </div>
      </ConversationsLive>
    </ShellUserContext>
  );
}
