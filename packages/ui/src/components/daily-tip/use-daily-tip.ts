import { useEffect, useState } from 'react';
import {
  DAILY_TIP_STORAGE_KEY,
  nextDailyTipChangeAt,
  resolveDailyTipState,
  type DailyTipState,
  type DailyTipStorage,
} from './daily-tip-rotation';
import { dailyTips, type HealthTip } from './tips';

export interface UseDailyTipOptions {
  /** The tips to rotate through; the ~100 Swedish tips by default. */
  tips?: readonly HealthTip[];
  /** Where the rotation is remembered; `localStorage` by default, null for memory only. */
  storage?: DailyTipStorage | null;
  /** The clock in epoch ms; `Date.now` by default. */
  now?: () => number;
  storageKey?: string;
}

export interface DailyTipResult {
  tip: HealthTip;
  index: number;
  /** When (epoch ms) the next tip comes up. */
  nextChangeAt: number;
}

function browserStorage(): DailyTipStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // access denied, e.g. blocked cookies
  }
}

// setTimeout takes at most 2^31 - 1 ms.
const MAX_DELAY = 2 ** 31 - 1;

/**
 * Today's health tip (spec §4): the next tip every 24 hours, wrapping around, remembered in
 * browser storage. Also switches while the page stays open and when the tab becomes visible.
 */
export function useDailyTip({
  tips = dailyTips,
  storage = browserStorage(),
  now = Date.now,
  storageKey = DAILY_TIP_STORAGE_KEY,
}: UseDailyTipOptions = {}): DailyTipResult {
  const count = tips.length;
  const resolve = () => resolveDailyTipState({ storage, now: now(), count, key: storageKey });
  const [state, setState] = useState<DailyTipState>(resolve);

  useEffect(() => {
    const refresh = () => {
      const next = resolveDailyTipState({ storage, now: now(), count, key: storageKey });
      setState((prev) => (prev.index === next.index && prev.since === next.since ? prev : next));
    };
    const delay = Math.min(Math.max(0, nextDailyTipChangeAt(state) - now()), MAX_DELAY);
    const timer = setTimeout(refresh, delay);
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [state, storage, now, count, storageKey]);

  const index = state.index % count;
  return { tip: tips[index] as HealthTip, index, nextChangeAt: nextDailyTipChangeAt(state) };
}
