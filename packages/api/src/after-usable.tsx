// Work that can wait until the page is usable (issue 26, item 2). On a slow phone the signed-in
// app used to start everything in the commit that drew the page: the live connection, the
// shell's unread counts, the widget. Inside <DeferUntilUsable> (the portal's signed-in app)
// that work starts after the first frame with the page has been painted, in a task of its own,
// when the browser is idle (at the latest USABLE_IDLE_TIMEOUT_MS later). Once reached, the
// moment stays reached for the life of the tab: later pages and components start at once.
//
// Outside it (stories, component tests) everything starts at once, as before.
import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useState,
  type ReactNode,
} from 'react';

/** Runs `run` now or later; the returned function cancels it if it has not run yet. */
export type Schedule = (run: () => void) => () => void;

/** The longest a deferred start waits for an idle moment after the first paint. */
const USABLE_IDLE_TIMEOUT_MS = 500;

const now: Schedule = (run) => {
  run();
  return () => {};
};

let reached = false;
const waiting = new Set<() => void>();
let pending = false;

function reach(): void {
  reached = true;
  pending = false;
  const runs = [...waiting];
  waiting.clear();
  for (const run of runs) run();
}

/**
 * After the next painted frame, then an idle moment (or USABLE_IDLE_TIMEOUT_MS): each waiting
 * `run` in that one task. A browser without requestIdleCallback takes the next task.
 */
export const afterUsable: Schedule = (run) => {
  if (reached) return now(run);
  waiting.add(run);
  if (!pending) {
    pending = true;
    requestAnimationFrame(() =>
      setTimeout(() => {
        if (typeof requestIdleCallback === 'function') {
          requestIdleCallback(reach, { timeout: USABLE_IDLE_TIMEOUT_MS });
        } else setTimeout(reach, 0);
      }, 0),
    );
  }
  return () => waiting.delete(run);
};

const ScheduleContext = createContext<Schedule>(now);

/** Around the signed-in app: what waits for the page starts after it is usable. */
export function DeferUntilUsable({ children }: { children: ReactNode }) {
  return <ScheduleContext value={afterUsable}>{children}</ScheduleContext>;
}

/** How work that can wait is started here: at once, or after the page is usable. */
export function useStartSchedule(): Schedule {
  return useContext(ScheduleContext);
}

/**
 * False until the page is usable (true at once outside <DeferUntilUsable>). The render that
 * follows (the shell's counts, their hooks starting) is a transition: on a slowed phone it was
 * one task of 20-25 ms CPU at 4x, the top bar, the menu and the widget again (issue 39); React
 * now yields to the browser between its pieces.
 */
export function useAfterUsable(): boolean {
  const schedule = useStartSchedule();
  const [ready, setReady] = useState(() => schedule === now || reached);
  useEffect(() => {
    if (ready) return;
    return schedule(() => startTransition(() => setReady(true)));
  }, [schedule, ready]);
  return ready;
}
