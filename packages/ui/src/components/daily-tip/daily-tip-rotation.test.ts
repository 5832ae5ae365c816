import { beforeEach, describe, expect, it } from 'vitest';
import {
  DAILY_TIP_PERIOD_MS as DAY,
  DAILY_TIP_STORAGE_KEY,
  advanceDailyTipState,
  nextDailyTipChangeAt,
  parseDailyTipState,
  resolveDailyTipState,
  type DailyTipStorage,
} from './daily-tip-rotation';

const HOUR = 60 * 60 * 1000;
const COUNT = 4;

class FakeStorage implements DailyTipStorage {
  readonly items = new Map<string, string>();
  writes = 0;
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.writes++;
    this.items.set(key, value);
  }
  stored(): unknown {
    const raw = this.items.get(DAILY_TIP_STORAGE_KEY);
    return raw === undefined ? undefined : JSON.parse(raw);
  }
}

class FakeClock {
  constructor(public now: number) {}
  advance(ms: number): number {
    this.now += ms;
    return this.now;
  }
}

describe('daily tip rotation', () => {
  const start = Date.UTC(2026, 10, 21, 7, 30);
  let storage: FakeStorage;
  let clock: FakeClock;
  const current = () => resolveDailyTipState({ storage, now: clock.now, count: COUNT });

  beforeEach(() => {
    storage = new FakeStorage();
    clock = new FakeClock(start);
  });

  it('starts at the first tip now when nothing is stored, and stores that', () => {
    expect(current()).toEqual({ index: 0, since: start });
    expect(storage.stored()).toEqual({ index: 0, since: start });
  });

  it('shows the same tip within 24 hours', () => {
    current();
    clock.advance(1);
    expect(current().index).toBe(0);
    clock.advance(12 * HOUR);
    expect(current().index).toBe(0);
    clock.advance(DAY - 12 * HOUR - 2); // 1 ms before the 24 hours are up
    expect(current()).toEqual({ index: 0, since: start });
    expect(storage.writes).toBe(1);
  });

  it('moves to the next tip when 24 hours have passed', () => {
    current();
    clock.advance(DAY);
    expect(current()).toEqual({ index: 1, since: start + DAY });
    expect(storage.stored()).toEqual({ index: 1, since: start + DAY });
    clock.advance(DAY - 1);
    expect(current().index).toBe(1);
    clock.advance(1);
    expect(current().index).toBe(2);
  });

  it('keeps the time of day of the change when the app is opened late', () => {
    current();
    clock.advance(DAY + 5 * HOUR);
    expect(current()).toEqual({ index: 1, since: start + DAY });
    clock.advance(DAY - 5 * HOUR);
    expect(current()).toEqual({ index: 2, since: start + 2 * DAY });
  });

  it('wraps around to the first tip after the last', () => {
    storage.setItem(DAILY_TIP_STORAGE_KEY, JSON.stringify({ index: COUNT - 1, since: start }));
    clock.advance(DAY);
    expect(current()).toEqual({ index: 0, since: start + DAY });
  });

  it('advances by the number of whole periods that have passed', () => {
    current();
    clock.advance(3 * DAY + 23 * HOUR);
    expect(current()).toEqual({ index: 3, since: start + 3 * DAY });
  });

  it('wraps when many periods have passed', () => {
    storage.setItem(DAILY_TIP_STORAGE_KEY, JSON.stringify({ index: 2, since: start }));
    clock.advance(10 * DAY); // 2 + 10 = 12 → 12 % 4 = 0
    expect(current()).toEqual({ index: 0, since: start + 10 * DAY });
    clock.advance(1001 * DAY); // 0 + 1001 → 1
    expect(current().index).toBe(1);
  });

  it.each([
    ['not JSON', '{index: 3'],
    ['JSON null', 'null'],
    ['a number', '42'],
    ['an array', '[3, 1700000000000]'],
    ['a missing index', JSON.stringify({ since: 1 })],
    ['a missing time', JSON.stringify({ index: 1 })],
    ['a negative index', JSON.stringify({ index: -1, since: 1 })],
    ['a fractional index', JSON.stringify({ index: 1.5, since: 1 })],
    ['an index as text', JSON.stringify({ index: '2', since: 1 })],
    ['a time as text', JSON.stringify({ index: 2, since: '2026-11-21' })],
  ])('starts over at the first tip now when storage holds %s', (_, raw) => {
    storage.setItem(DAILY_TIP_STORAGE_KEY, raw);
    clock.advance(5 * DAY);
    expect(current()).toEqual({ index: 0, since: clock.now });
    expect(storage.stored()).toEqual({ index: 0, since: clock.now });
  });

  it('brings a stored index past the end back into range (the list got shorter)', () => {
    storage.setItem(DAILY_TIP_STORAGE_KEY, JSON.stringify({ index: 9, since: start }));
    expect(current()).toEqual({ index: 1, since: start });
  });

  it('keeps the tip but restarts the period when the stored time is in the future', () => {
    storage.setItem(DAILY_TIP_STORAGE_KEY, JSON.stringify({ index: 2, since: start + 3 * DAY }));
    expect(current()).toEqual({ index: 2, since: start });
    clock.advance(DAY);
    expect(current().index).toBe(3);
  });

  it('still gives a tip when storage is missing or throws', () => {
    expect(resolveDailyTipState({ storage: null, now: start, count: COUNT })).toEqual({
      index: 0,
      since: start,
    });
    const broken: DailyTipStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(resolveDailyTipState({ storage: broken, now: start, count: COUNT })).toEqual({
      index: 0,
      since: start,
    });
  });

  it('uses the given storage key', () => {
    resolveDailyTipState({ storage, now: start, count: COUNT, key: 'annan.nyckel' });
    expect(storage.items.has('annan.nyckel')).toBe(true);
    expect(storage.items.has(DAILY_TIP_STORAGE_KEY)).toBe(false);
  });
});

describe('advanceDailyTipState', () => {
  it('refuses an empty tip list', () => {
    expect(() => advanceDailyTipState(null, 0, 0)).toThrow(RangeError);
  });

  it('with a single tip always shows it', () => {
    expect(advanceDailyTipState({ index: 0, since: 0 }, 5 * DAY, 1)).toEqual({
      index: 0,
      since: 5 * DAY,
    });
  });
});

describe('parseDailyTipState', () => {
  it('reads a valid state', () => {
    expect(parseDailyTipState('{"index":7,"since":1763710200000}')).toEqual({
      index: 7,
      since: 1763710200000,
    });
  });

  it('gives null for nothing stored', () => {
    expect(parseDailyTipState(null)).toBeNull();
  });
});

describe('nextDailyTipChangeAt', () => {
  it('is 24 hours after the last change', () => {
    expect(nextDailyTipChangeAt({ index: 0, since: 1000 })).toBe(1000 + DAY);
  });
});
