// bench:capacity's report (issue 38 items 1 and 2): a line per step while it runs, then the
// product's highest sustained step beside the floor at the same number of users, call by call
// (p50/p95/p99 and the product/floor ratio), the pages' times, both highest sustained rates and
// their ratio (goal ≥ 50 %), errors, log rows written per second, lost log rows and audit:verify.
import type { ChainReport } from '../src/audit/chain.ts';
import type { LoadStats, Target } from './capacity-load.ts';
import {
  diskStalled,
  errorCount,
  percentile,
  sortedOf,
  worstCall,
  type Step,
} from './capacity-steps.ts';

const ms = (v: number) => (Number.isNaN(v) ? '–' : v < 10 ? v.toFixed(1) : v.toFixed(0));
const sum = (r: Record<string, number[]>) =>
  Object.values(r).reduce((a, times) => a + times.length, 0);

/** p50/p95/p99 of sorted times, as the tables show them (`prefix` names the floor's). */
const quantiles = (t: readonly number[], prefix = ''): Record<string, string> => ({
  [`${prefix}p50${prefix ? '' : ' ms'}`]: ms(percentile(t, 50)),
  [`${prefix}p95${prefix ? '' : ' ms'}`]: ms(percentile(t, 95)),
  [`${prefix}p99${prefix ? '' : ' ms'}`]: ms(percentile(t, 99)),
});

/** Page loads per second (actions such as a message sent are not pages). */
export const pageRate = (s: Step): number => sum(s.stats.pages) / s.seconds;

export function printStep(s: Step, index: number): void {
  const who = s.target === 'floor' ? 'golv' : 'produkt';
  console.log(
    `  ${who} steg ${index}: ${s.users} användare (${s.coaches} coacher) · ` +
      `${pageRate(s).toFixed(1)} sidladdningar/s · ${(sum(s.stats.calls) / s.seconds).toFixed(1)} anrop/s · ` +
      `värst p99 ${ms(s.worst.p99)} ms (${s.worst.label || '–'}) · ${errorCount(s.stats)} fel · ` +
      `${(s.logRows / s.seconds).toFixed(1)} loggrader/s · load ${s.loadAvg.toFixed(1)} · ` +
      `generatorns fördröjning p99 ${ms(s.stats.loop.p99)} ms · ` +
      `diskens commit p99 ${s.diskCommitP99 === undefined ? '–' : `${ms(s.diskCommitP99)} ms`} → ` +
      `${s.sustained ? 'håller' : 'håller inte'}`,
  );
  for (const [what, n] of Object.entries(s.stats.errors)) console.log(`      fel: ${what} × ${n}`);
}

/** The uncounted warm-up before the first step: its rate and worst p99, to see the cold start. */
export function printWarmup(target: Target, users: number, stats: LoadStats): void {
  const worst = worstCall(stats);
  const errors = errorCount(stats);
  console.log(
    `  ${target === 'floor' ? 'golv' : 'produkt'} uppvärmning: ${users} användare, räknas inte · ` +
      `värst p99 ${ms(worst.p99)} ms (${worst.label || '–'}) · ${errors} fel`,
  );
}

/** The step the figures are read at: the most users that held (the later when measured twice), else the least load. */
export const readAt = (steps: Step[]): Step | undefined =>
  steps
    .filter((s) => s.sustained)
    .reduce<Step | undefined>(
      (best, s) => (!best || s.users >= best.users ? s : best),
      undefined,
    ) ?? [...steps].sort((a, b) => a.users - b.users || a.seconds - b.seconds)[0];

/** The wall: the fewest users at which a step failed twice (one that held when measured again is no wall). */
export const wallOf = (steps: Step[]): Step | undefined =>
  steps
    .filter((s) => !s.sustained && !steps.some((t) => t.users === s.users && t.sustained))
    .reduce<Step | undefined>((low, s) => (!low || s.users < low.users ? s : low), undefined);

const best = (steps: Step[]) => Math.max(0, ...steps.filter((s) => s.sustained).map(pageRate));

export interface Summary {
  product: Step[];
  floor: Step[];
  limitMs: number;
  /** The ramp's bound of a disk stall (RampOptions.diskStallMs). */
  diskStallMs: number;
  maxUsers: number;
  step: number;
  log: { expected: number; written: number };
  floorLog: { expected: number; written: number };
  verify: ChainReport;
  verifySeconds: number;
}

/** The floor's step with the same users, else the nearest. */
const nearest = (steps: Step[], users: number): Step | undefined =>
  [...steps].sort((a, b) => Math.abs(a.users - users) - Math.abs(b.users - users))[0];

/** Per call: the product's p50/p95/p99 beside the floor's and the p99 ratio, slowest first. */
function printCalls(p: Step, f: Step | undefined): void {
  const labels = [
    ...new Set([...Object.keys(p.stats.calls), ...Object.keys(f?.stats.calls ?? {})]),
  ];
  const rows = labels.map((label): Record<string, string | number> => {
    const a = sortedOf(p.stats.calls[label]);
    const b = sortedOf(f?.stats.calls[label]);
    const ratio = percentile(a, 99) / percentile(b, 99);
    return {
      anrop: label,
      antal: a.length,
      ...quantiles(a),
      ...quantiles(b, 'golv '),
      'p99 produkt/golv': Number.isFinite(ratio) ? `${ratio.toFixed(1)}×` : '–',
    };
  });
  rows.sort((x, y) => (Number(y['p99 ms']) || 0) - (Number(x['p99 ms']) || 0));
  console.table(rows);
}

export function printSummary(o: Summary): number {
  const p = readAt(o.product);
  if (!p) {
    console.log('Inga steg mättes.');
    return 1;
  }
  const f = nearest(o.floor, p.users);
  const sustained = p.sustained;
  // The first users that failed twice (a step that held when measured again is no wall).
  const broke = wallOf(o.product);
  if (broke && broke !== p) {
    const fb = nearest(o.floor, broke.users);
    console.log(
      `\nVid väggen: produkten vid ${broke.users} användare (${broke.coaches} coacher), ` +
        `${pageRate(broke).toFixed(1)} sidladdningar/s` +
        (fb ? `; golvet vid ${fb.users} användare` : ''),
    );
    printCalls(broke, fb);
  }
  console.log(
    `\nProdukten ${sustained ? 'vid sitt högsta hållna steg' : 'höll inget steg; siffrorna vid minst last'}: ` +
      `${p.users} användare (${p.coaches} coacher), ${pageRate(p).toFixed(1)} sidladdningar/s` +
      (f ? `; golvet vid ${f.users} användare` : ''),
  );
  printCalls(p, f);
  console.table(
    Object.entries(p.stats.pages).map(([page, times]) => {
      const t = sortedOf(times);
      return {
        sida: page,
        antal: t.length,
        ...quantiles(t),
      };
    }),
  );
  const productBest = best(o.product);
  const floorBest = best(o.floor);
  // The floor held up to the last step --max-users allows: its rate is a lower bound.
  const lastFloor = o.floor.at(-1);
  const floorCapped = !!lastFloor?.sustained && lastFloor.users + o.step > o.maxUsers;
  const share = floorBest > 0 ? productBest / floorBest : 0;
  console.log(
    `Högsta hållna takt (p99 ≤ ${o.limitMs} ms för varje anrop, 0 fel): produkten ` +
      `${productBest.toFixed(1)} sidladdningar/s, golvet ${floorCapped ? '≥ ' : ''}${floorBest.toFixed(1)}` +
      `${floorCapped ? ` (höll ända till --max-users ${o.maxUsers})` : ''} → ` +
      `${floorCapped ? '≤ ' : ''}${(share * 100).toFixed(0)} % av golvet (mål ≥ 50 %)` +
      // Against a floor that never walled the share is only an upper bound: no goal is shown.
      (floorCapped
        ? '; golvets vägg nåddes inte, så andelen är en övre gräns: höj --max-users'
        : ''),
  );
  // The first step that did not hold (the start's, when even halving found none), the product's
  // and the floor's, each with what the disk did meanwhile: a wall whose every try found the disk
  // stalled is the machine's, not the code's, and its ratio is no capacity figure.
  for (const [who, wall, steps] of [
    ['Första väggen', broke, o.product],
    ['Golvets vägg', wallOf(o.floor), o.floor],
  ] as const) {
    if (!wall) continue;
    const tries = steps.filter((s) => s.users === wall.users);
    const byDisk = tries.every((s) => diskStalled(s, o.diskStallMs));
    console.log(
      `${who}: vid ${wall.users} användare ${errorCount(wall.stats) > 0 ? `${errorCount(wall.stats)} fel, ` : ''}` +
        `${wall.worst.label} p99 ${ms(wall.worst.p99)} ms; diskens commit p99 ` +
        `${tries.map((s) => (s.diskCommitP99 === undefined ? '–' : ms(s.diskCommitP99))).join(' / ')} ms ` +
        `i ${tries.length} försök` +
        (byDisk
          ? ` → DISKEN stannade i varje försök (över ${o.diskStallMs} ms): väggen är maskinens, inte kodens.`
          : '.'),
    );
  }
  const errors = [...o.product, ...o.floor].reduce((a, s) => a + errorCount(s.stats), 0);
  console.log(
    `Fel under mätta steg: ${errors}. Loggrader skrivna vid det lästa steget: ` +
      `${(p.logRows / p.seconds).toFixed(1)}/s (golvets egna: ${f ? (f.logRows / f.seconds).toFixed(1) : '–'}/s).`,
  );
  const lost = o.log.expected - o.log.written;
  console.log(
    `Loggrader för bänkens anrop: ${o.log.expected} väntade, ${o.log.written} skrivna → ` +
      `${lost > 0 ? `${lost} förlorade` : lost < 0 ? `${-lost} fler än väntat` : '0 förlorade'}; ` +
      `golvets: ${o.floorLog.expected} väntade, ${o.floorLog.written} skrivna.`,
  );
  console.log(
    o.verify.ok
      ? `audit:verify: kedjan hel, ${o.verify.rows} rader kontrollerade på ${o.verifySeconds.toFixed(1)} s`
      : `audit:verify: kedjan BRUTEN vid rad ${o.verify.id ?? '?'} (seq ${o.verify.seq ?? '?'}): ${o.verify.problem}`,
  );
  // A sustained step has no errors by definition; the errors above are the failed steps'.
  const ok = sustained && lost === 0 && o.verify.ok && share >= 0.5 && !floorCapped;
  return ok ? 0 : 1;
}
