// bench:capacity's ramp (bench/capacity-steps.ts): which users it measures, in which order, and
// which step the summary reads. A fake load answers every call at a p99 that depends only on the
// users, so a product with a known capacity must be read at that capacity, not at the step below
// it or below a halving.
import { describe, expect, it, vi } from 'vitest';
import type { LoadStats, Target } from '../bench/capacity-load.ts';
import { printSummary, readAt, wallOf } from '../bench/capacity-report.ts';
import { ramp, type LoadProcess, type RampOptions } from '../bench/capacity-steps.ts';

/**
 * A load generator whose calls take 10 ms up to `capacity` users and 900 ms above it, and 900 ms
 * at any users while `stalled()` (a disk stall in the measured part).
 */
function fakeLoad(capacity: number, coldCollects = 0, stalled = () => false) {
  let users = 0;
  let collects = 0;
  const setTo: number[] = [];
  const load = {
    set(n: number, _target: Target) {
      users = n;
      setTo.push(n);
    },
    async collect(): Promise<LoadStats> {
      collects += 1;
      const cold = collects <= coldCollects;
      const ms = cold || users > capacity || stalled() ? 900 : 10;
      return {
        type: 'stats',
        calls: { 'GET /api/x': Array.from({ length: 100 }, () => ms) },
        pages: {},
        errors: {},
        expectedLogRows: 0,
        floorOkCalls: 0,
        loop: { p99: 0, max: 0 },
      };
    },
  };
  return { load: load as unknown as LoadProcess, setTo };
}

const options = (o: Partial<RampOptions> = {}): RampOptions => ({
  start: 150,
  step: 25,
  max: 400,
  seconds: 0,
  settleSeconds: 0,
  warmupSeconds: 0,
  resolution: 6,
  limitMs: 300,
  diskStallMs: 150,
  countRows: async () => 0,
  coachesIn: () => 0,
  print: () => undefined,
  ...o,
});

describe('bench:capacity ramp', () => {
  it('steps up to the wall, then halves the gap to the resolution', async () => {
    const { load } = fakeLoad(212);
    const steps = await ramp(load, 'product', options(), true);
    const measured = [...new Set(steps.map((s) => s.users))];
    // 150, 175, 200 hold; 225 fails twice; then 213 fails, 207 holds (gap 6 ≤ 6).
    expect(measured).toEqual([150, 175, 200, 225, 213, 207]);
    expect(readAt(steps)?.users).toBe(207);
    expect(wallOf(steps)?.users).toBe(213);
  });

  it('halves when the first step fails, then reads between the halving and the failure', async () => {
    const { load } = fakeLoad(100);
    const steps = await ramp(load, 'product', options({ start: 300 }), true);
    const measured = [...new Set(steps.map((s) => s.users))];
    expect(measured.slice(0, 3)).toEqual([300, 150, 75]);
    const at = readAt(steps)!;
    expect(at.sustained).toBe(true);
    expect(at.users).toBeGreaterThan(100 - 6);
    expect(at.users).toBeLessThanOrEqual(100);
    expect(wallOf(steps)!.users - at.users).toBeLessThanOrEqual(6);
  });

  it('warms up uncounted at the start before the first measured step', async () => {
    // The first collect is cold: with the warm-up it is the warm-up's; without it (two cold
    // collects: a step's settle and its measured part) the cold answer is the first step's figure.
    const { load, setTo } = fakeLoad(400, 1);
    const steps = await ramp(load, 'product', options({ warmupSeconds: 0.001, max: 175 }), true);
    expect(setTo[0]).toBe(150);
    expect(steps.map((s) => [s.users, s.sustained])).toEqual([
      [150, true],
      [175, true],
    ]);
    const { load: cold } = fakeLoad(400, 2);
    const unwarmed = await ramp(cold, 'product', options({ max: 175 }), true);
    expect(unwarmed[0]!.sustained).toBe(false);
  });

  it('measures a step again while the disk stalled, up to four tries, but a wall of the code twice', async () => {
    // The 3rd to 5th measured parts (all at 200 users) fall in a disk stall: the calls take 900 ms
    // and the commit probe's p99 is 500 ms. Elsewhere the probe reads 5 ms.
    let measuredParts = 0;
    let inStall = false;
    const { load } = fakeLoad(212, 0, () => inStall);
    const withStall = options({
      onStepStart: () => {
        measuredParts += 1;
        inStall = measuredParts >= 3 && measuredParts <= 5;
      },
      onStepEnd: (step) => {
        step.diskCommitP99 = inStall ? 500 : 5;
        inStall = false;
      },
    });
    const steps = await ramp(load, 'product', withStall, true);
    // 200 fails three times in the stall and holds on its 4th try; 225 (over capacity, the disk
    // quiet) fails twice only, as before.
    expect(steps.map((s) => s.users)).toEqual([
      150, 175, 200, 200, 200, 200, 225, 225, 213, 213, 207,
    ]);
    expect(readAt(steps)?.users).toBe(207);
    expect(wallOf(steps)?.users).toBe(213);

    // The same stall with a bound the probe never passes: 200 is taken for the wall after two
    // tries (the bisection's 188 falls in the stall's last part and holds when measured again).
    measuredParts = 0;
    const { load: again } = fakeLoad(212, 0, () => inStall);
    const noBound = await ramp(again, 'product', { ...withStall, diskStallMs: 1000 }, true);
    expect(noBound.slice(2, 6).map((s) => [s.users, s.sustained])).toEqual([
      [200, false],
      [200, false],
      [188, false],
      [188, true],
    ]);
    expect(wallOf(noBound)?.users).toBe(200);
  });

  it('claims the goal only against a floor that reached its wall', async () => {
    // The product holds 200 users, the floor every step up to --max-users 300 (10 pages a second
    // per 100 users for both): the product's 67 % of that floor is an upper bound, not a figure.
    const steps = async (target: Target, capacity: number, max: number) =>
      ramp(fakeLoad(capacity).load, target, options({ start: 100, step: 100, max }), false);
    const rated = (s: Awaited<ReturnType<typeof steps>>) =>
      s.map((step) => ({
        ...step,
        seconds: 10,
        stats: { ...step.stats, pages: { p: new Array<number>(step.users).fill(10) } },
      }));
    const product = rated(await steps('product', 200, 300));
    const summary = (floor: typeof product, maxUsers: number) =>
      printSummary({
        product,
        floor,
        limitMs: 300,
        diskStallMs: 150,
        maxUsers,
        step: 100,
        log: { expected: 0, written: 0 },
        floorLog: { expected: 0, written: 0 },
        verify: { ok: true, rows: 0, head: null, problems: [] },
        verifySeconds: 0,
      });
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    vi.spyOn(console, 'table').mockImplementation(() => undefined);
    try {
      const capped = summary(rated(await steps('floor', 1000, 300)), 300);
      expect(capped).toBe(1);
      expect(log.mock.calls.flat().join('\n')).toContain('≤ 67 % av golvet');
      // A floor that holds 300 users and fails above them, under --max-users 600: a figure.
      const walled = summary(rated(await steps('floor', 300, 600)), 600);
      expect(walled).toBe(0);
      expect(log.mock.calls.flat().join('\n')).toMatch(/→ 67 % av golvet/);
    } finally {
      vi.restoreAllMocks();
    }
  });
});
