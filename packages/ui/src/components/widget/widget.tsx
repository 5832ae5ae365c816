import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { SessionUser, UserStats } from '@halsa/api/contract';
import { cn } from '../../lib/cn';
import { CloseIcon } from '../../lib/icons';
import { CountBadge, unreadCountText } from '../../primitives/badge/badge';
import { Spinner } from '../../primitives/spinner/spinner';
import type { HealthTip } from '../daily-tip/tips';
import { ChatIcon } from '../top-bar/shell-icons';
import {
  OPEN_CONVERSATION_EVENT,
  START_CONVERSATION_EVENT,
  parseOpenConversationDetail,
  parseStartConversationDetail,
  useStartSchedule,
} from '@halsa/api';
import type { WidgetIntent } from './widget-events';
import type * as WidgetTabsExports from './widget-tabs';

export type WidgetTab = 'hem' | 'meddelande';

/**
 * Space the floating button takes at the bottom of the viewport. The widget sets it as the
 * page's `scroll-padding-bottom`, so an element scrolled into view by focus never ends up
 * under the button; the shell gives its main area at least this much bottom padding.
 */
export const WIDGET_CLEARANCE = '6rem';

export const OPEN_WIDGET_LABEL = 'Öppna meddelanden';
export const CLOSE_WIDGET_LABEL = 'Stäng meddelanden';
export const MESSAGES_LOADING_TEXT = 'Meddelanden laddas…';

/**
 * Accessible name of the floating button, like the bell's: 'Öppna meddelanden',
 * 'Öppna meddelanden, 1 oläst', 'Öppna meddelanden, 3 olästa'; 'Stäng meddelanden' when open.
 */
export function widgetButtonLabel(open: boolean, unreadMessages: number): string {
  if (open) return CLOSE_WIDGET_LABEL;
  if (unreadMessages <= 0) return OPEN_WIDGET_LABEL;
  return `${OPEN_WIDGET_LABEL}, ${unreadCountText(unreadMessages)}`;
}

type WidgetTabsModule = typeof WidgetTabsExports;
let widgetTabs: WidgetTabsModule | undefined;
let widgetTabsLoading: Promise<WidgetTabsModule> | undefined;

/**
 * Loads the panel's tabs (widget-tabs.tsx, a chunk of its own, issue 39) once; a load that
 * failed is tried again on the next call. Stories call it before they render, so a widget that
 * starts open draws its tabs in its first render.
 */
export function loadWidgetTabs(): Promise<WidgetTabsModule> {
  widgetTabsLoading ??= import('./widget-tabs').then(
    (loaded) => (widgetTabs = loaded),
    (error: unknown) => {
      widgetTabsLoading = undefined;
      throw error;
    },
  );
  return widgetTabsLoading;
}

export interface WidgetUserStats {
  stats?: UserStats;
  isLoading?: boolean;
  error?: { message: string } | null;
}

export interface WidgetProps {
  user: SessionUser;
  /** New-user counts; shown to ADMIN only (spec §2.7). */
  userStats?: WidgetUserStats;
  /**
   * Content of the Meddelande tab. A function gets the latest intent from the window events
   * (which conversation to open or whom to write to), or null when opened by the button.
   */
  messagesTab?: ReactNode | ((intent: WidgetIntent | null) => ReactNode);
  /** Unread messages in all the user's conversations: a badge on the closed button. */
  unreadMessages?: number;
  defaultOpen?: boolean;
  defaultTab?: WidgetTab;
  /** Shows this tip instead of today's one (stories). */
  dailyTip?: HealthTip;
  className?: string;
}

/**
 * The floating messaging widget (spec §2.7): a round button at the bottom right
 * ('Öppna meddelanden' / 'Stäng meddelanden') and a non-modal dialog with the tabs 'Hem' and
 * 'Meddelande'. Escape or 'Stäng' closes it and focus returns to the button. The window events
 * `halsa:open-conversation` and `halsa:start-conversation` open it on the Meddelande tab and
 * hand their detail to `messagesTab`. It never hides focus or content: the page keeps
 * `WIDGET_CLEARANCE` of scroll padding at the bottom while the widget is mounted.
 */
export function Widget({
  user,
  userStats,
  messagesTab,
  unreadMessages = 0,
  defaultOpen = false,
  defaultTab = 'hem',
  dailyTip,
  className,
}: WidgetProps) {
  const [open, setOpen] = useState(defaultOpen);
  // The panel's tabs are drawn the first time it opens, then kept (an open conversation survives
  // closing it): a closed widget costs a page's first render only its button (issue 26).
  const [drawn, setDrawn] = useState(defaultOpen);
  if (open && !drawn) setDrawn(true);
  // The tabs' code: already in (loaded before, or by a story), or loaded when the page is usable
  // (in an idle moment after it) or at the first opening, whichever comes first.
  const [loadedTabs, setLoadedTabs] = useState(widgetTabs);
  const tabs = loadedTabs ?? widgetTabs;
  const schedule = useStartSchedule();
  // Each opening tries again a load that failed (a phone that lost its network for a moment).
  const [openings, setOpenings] = useState(0);
  useEffect(() => {
    if (tabs) return;
    let live = true;
    const load = () =>
      void loadWidgetTabs().then(
        (loaded) => {
          if (live) setLoadedTabs(loaded);
        },
        () => {},
      );
    if (drawn) load();
    const cancel = schedule(() => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(load);
      else setTimeout(load);
    });
    return () => {
      live = false;
      cancel();
    };
  }, [tabs, drawn, schedule, openings]);
  const [tab, setTab] = useState<WidgetTab>(defaultTab);
  const [intent, setIntent] = useState<WidgetIntent | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const seq = useRef(0);
  const panelId = useId();
  const titleId = useId();

  const show = () => {
    setOpen(true);
    setOpenings((n) => n + 1);
    setFocusRequest((n) => n + 1);
  };

  const hide = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  // Focus moves into the panel each time it is opened (not on a first render that is open).
  useEffect(() => {
    if (focusRequest > 0) panelRef.current?.focus();
  }, [focusRequest]);

  // Keep focused elements clear of the floating button.
  useEffect(() => {
    const root = document.documentElement;
    const before = root.style.scrollPaddingBottom;
    root.style.scrollPaddingBottom = WIDGET_CLEARANCE;
    return () => {
      root.style.scrollPaddingBottom = before;
    };
  }, []);

  // Escape closes the panel wherever focus is, unless something else (a menu, a modal
  // dialog, the notification panel) already handled it.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const inside = panelRef.current?.contains(document.activeElement) ?? false;
      setOpen(false);
      if (inside) buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  useEffect(() => {
    const openOnMessages = (next: WidgetIntent) => {
      setIntent(next);
      setTab('meddelande');
      setOpen(true);
      setOpenings((n) => n + 1);
      setFocusRequest((n) => n + 1);
    };
    const onOpenConversation = (event: Event) => {
      const detail = parseOpenConversationDetail((event as CustomEvent<unknown>).detail);
      if (!detail) return;
      seq.current += 1;
      openOnMessages({ type: 'open-conversation', seq: seq.current, ...detail });
    };
    const onStartConversation = (event: Event) => {
      const detail = parseStartConversationDetail((event as CustomEvent<unknown>).detail);
      if (!detail) return;
      seq.current += 1;
      openOnMessages({ type: 'start-conversation', seq: seq.current, ...detail });
    };
    window.addEventListener(OPEN_CONVERSATION_EVENT, onOpenConversation);
    window.addEventListener(START_CONVERSATION_EVENT, onStartConversation);
    return () => {
      window.removeEventListener(OPEN_CONVERSATION_EVENT, onOpenConversation);
      window.removeEventListener(START_CONVERSATION_EVENT, onStartConversation);
    };
  }, []);

  const messages = (typeof messagesTab === 'function' ? messagesTab(intent) : messagesTab) ?? (
    <div className="flex justify-center py-6">
      <Spinner label={MESSAGES_LOADING_TEXT} showLabel />
    </div>
  );

  return (
    <div className={className}>
      <section
        ref={panelRef}
        id={panelId}
        role="dialog"
        aria-labelledby={titleId}
        tabIndex={-1}
        hidden={!open}
        className={cn(
          'fixed right-4 bottom-24 z-40 flex max-h-[calc(100dvh-11rem)] w-[calc(100vw-2rem)] max-w-sm flex-col rounded-card border border-border bg-surface text-fg shadow-overlay',
          // A short screen (320 × 568): the panel reaches up over the top bar and down to just
          // above the button, and its rows turn compact, so an open conversation shows several
          // messages, not one (issue 35).
          'short:bottom-20 short:max-h-[calc(100dvh-5.5rem)]',
        )}
      >
        <div className="flex items-center gap-2 border-b border-border py-2 pr-2 pl-4 short:py-1">
          <h2 id={titleId} className="mr-auto text-lg font-semibold short:text-base">
            Meddelanden
          </h2>
          <button
            type="button"
            aria-label="Stäng"
            onClick={() => hide(true)}
            className="grid size-10 cursor-pointer place-items-center rounded-control text-fg-muted hover:bg-surface-sunken hover:text-fg short:size-8"
          >
            <CloseIcon />
          </button>
        </div>
        {drawn && tabs ? (
          <tabs.WidgetTabs
            user={user}
            userStats={userStats}
            tab={tab}
            onTabChange={setTab}
            messages={messages}
            dailyTip={dailyTip}
          />
        ) : drawn ? (
          // Opened before the tabs' code is in: a spinner for that moment, never an empty panel.
          <div className="flex justify-center py-6">
            <Spinner label={MESSAGES_LOADING_TEXT} showLabel />
          </div>
        ) : null}
      </section>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => (open ? hide(false) : show())}
        className={cn(
          'fixed right-4 bottom-4 z-40 grid size-14 cursor-pointer place-items-center rounded-full',
          'bg-primary text-primary-fg shadow-overlay hover:bg-primary-hover',
        )}
      >
        {open ? <CloseIcon className="size-6" /> : <ChatIcon className="size-6" />}
        <span className="sr-only">{widgetButtonLabel(open, unreadMessages)}</span>
        <CountBadge
          count={open ? 0 : unreadMessages}
          data-testid="widget-badge"
          className="absolute -top-1 -right-1"
        />
      </button>
    </div>
  );
}
