// The daily tip rotation of spec §4: the tip advances to the next one every 24 hours, wrapping
// around; the index and the time of the last advance are kept in browser storage.
// Pure functions: storage and the current time are passed in, so tests use fakes.

export const DAILY_TIP_STORAGE_KEY = 'halsa.dailyTip';
export const DAILY_TIP_PERIOD_MS = 24 * 60 * 60 * 1000;

/** What is stored: the current tip and when (epoch ms) it became the current tip. */
export interface DailyTipState {
  index: number;
  since: number;
}

/** The part of the Web Storage API the rotation uses (localStorage or a fake). */
export type DailyTipStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** Parses a stored value; anything missing, corrupt or out of shape gives null. */
export function parseDailyTipState(raw: string | null): DailyTipState | null {
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { index, since } = value as Record<string, unknown>;
  if (typeof index !== 'number' || !Number.isSafeInteger(index) || index < 0) return null;
  if (typeof since !== 'number' || !Number.isFinite(since) || since < 0) return null;
  return { index, since };
}

function assertCount(count: number): void {
  if (!Number.isSafeInteger(count) || count < 1) {
    throw new RangeError(`The daily tip rotation needs at least one tip (got ${count}).`);
  }
}

/**
 * The state at `now`: advanced by one tip per whole 24-hour period since `state.since`,
 * wrapping around after the last of `count` tips. `since` moves forward by whole periods, so
 * the tip keeps changing at the same time of day. No state starts at the first tip now.
 * A `since` in the future (the clock was turned back) restarts the period now, keeping the tip.
 */
export function advanceDailyTipState(
  state: DailyTipState | null,
  now: number,
  count: number,
): DailyTipState {
  assertCount(count);
  if (state === null) return { index: 0, since: now };
  const index = state.index % count;
  if (now < state.since) return { index, since: now };
  const periods = Math.floor((now - state.since) / DAILY_TIP_PERIOD_MS);
  return {
    index: (index + (periods % count)) % count,
    since: state.since + periods * DAILY_TIP_PERIOD_MS,
  };
}

/** When (epoch ms) the given state advances to the next tip. */
export function nextDailyTipChangeAt(state: DailyTipState): number {
  return state.since + DAILY_TIP_PERIOD_MS;
}

export interface ResolveDailyTipOptions {
  /** Browser storage, or null when it is not available (private mode, no window). */
  storage: DailyTipStorage | null;
  /** The current time in epoch ms. */
  now: number;
  /** How many tips rotate. */
  count: number;
  key?: string;
}

/**
 * Reads the stored state, advances it to `now` and writes it back when it changed.
 * Storage that throws is treated as missing (read) or ignored (write).
 */
export function resolveDailyTipState({
  storage,
  now,
  count,
  key = DAILY_TIP_STORAGE_KEY,
}: ResolveDailyTipOptions): DailyTipState {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(key) ?? null;
  } catch {
    raw = null;
  }
  const stored = parseDailyTipState(raw);
  const next = advanceDailyTipState(stored, now, count);
  if (!stored || stored.index !== next.index || stored.since !== next.since) {
    try {
      storage?.setItem(key, JSON.stringify(next));
    } catch {
      // Full or blocked storage: the tip still shows, it just is not remembered.
    }
  }
  return next;
}
