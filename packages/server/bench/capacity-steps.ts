// bench:capacity's stepping (issue 38 items 1 and 2): the load generator's process
// (capacity-load.ts) driven from the bench, and the ramp — more virtual users each step until the
// p99 of any call passes the limit or an error appears — run against the product and then against
// the floor. Each step first lets the new users spread over a think time (not counted), then
// measures; the log rows written during the measured part are counted in the database.
import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { LoadStats, StartMessage, Target, ToLoad } from './capacity-load.ts';
import type { Person } from './capacity-pages.ts';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class LoadProcess {
  /** Every collect's totals, counted part or not (lost rows are counted over the whole run). */
  readonly total = { expectedLogRows: 0, floorOkCalls: 0, errors: 0 };
  #child: ChildProcess;
  #waiting: ((m: unknown) => void)[] = [];

  private constructor(child: ChildProcess) {
    this.#child = child;
    child.on('message', (m) => this.#waiting.shift()?.(m));
  }

  static async start(base: string, people: Person[], thinkMs: number): Promise<LoadProcess> {
    const child = fork('bench/capacity-load.ts', [], {
      cwd: SERVER_DIR,
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const load = new LoadProcess(child);
    const start: StartMessage = {
      type: 'start',
      base,
      thinkMs,
      people: people.map(({ conversationOf, ...p }) => ({
        ...p,
        ...(conversationOf ? { conversationOf: [...conversationOf] } : {}),
      })),
    };
    await load.#ask(start);
    return load;
  }

  get pid(): number | undefined {
    return this.#child.pid;
  }

  set(users: number, target: Target): void {
    this.#child.send({ type: 'set', users, target } satisfies ToLoad);
  }

  async collect(): Promise<LoadStats> {
    return this.#tally((await this.#ask({ type: 'collect' })) as LoadStats);
  }

  /** Stops every user, waits for the calls in flight, and returns what they completed. */
  async stop(): Promise<LoadStats> {
    const exited = new Promise((r) => this.#child.once('exit', r));
    const last = this.#tally((await this.#ask({ type: 'stop' })) as LoadStats);
    await exited;
    return last;
  }

  kill(): void {
    if (this.#child.exitCode === null) this.#child.kill('SIGKILL');
  }

  #tally(s: LoadStats): LoadStats {
    this.total.expectedLogRows += s.expectedLogRows;
    this.total.floorOkCalls += s.floorOkCalls;
    this.total.errors += errorCount(s);
    return s;
  }

  #ask(m: ToLoad): Promise<unknown> {
    return new Promise((resolve) => {
      this.#waiting.push(resolve);
      this.#child.send(m);
    });
  }
}

export interface Step {
  target: Target;
  users: number;
  coaches: number;
  seconds: number;
  stats: LoadStats;
  /** Log rows written during the measured part: the activity log, or the floor's own table. */
  logRows: number;
  loadAvg: number;
  /** Every call's p99 within the limit and no error. */
  sustained: boolean;
  worst: { label: string; p99: number };
  /**
   * The disk's commit p99 in the measured part (the observer's probe: one INSERT + COMMIT every
   * 200 ms on a connection of its own), set by onStepEnd; undefined when not probed.
   */
  diskCommitP99?: number;
}

export interface RampOptions {
  start: number;
  step: number;
  max: number;
  seconds: number;
  settleSeconds: number;
  /** Uncounted seconds at `start` users before the first measured step (a cold start). */
  warmupSeconds: number;
  /** The gap between a held and a failed step is halved until it is at most this many users. */
  resolution: number;
  limitMs: number;
  /**
   * A failed step whose disk commit p99 passed this many ms measured the disk, not the code: it
   * is measured again, up to DISK_STALL_TRIES times in all, before it counts as failed.
   */
  diskStallMs: number;
  /** Rows written so far (the activity log for the product, the floor's table for the floor). */
  countRows: () => Promise<number>;
  coachesIn: (users: number) => number;
  /** Where a step's measured part starts and ends (capacity.ts wires observers in). */
  onStepStart?: (target: Target, users: number) => Promise<void> | void;
  onStepEnd?: (step: Step) => Promise<void> | void;
  print: (step: Step, index: number) => void;
  printWarmup?: (target: Target, users: number, stats: LoadStats) => void;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export const sortedOf = (values: readonly number[] | undefined): number[] =>
  [...(values ?? [])].sort((a, b) => a - b);

/** The call with the highest p99 in `stats` (a step's or the warm-up's). */
export function worstCall(stats: LoadStats): { label: string; p99: number } {
  let worst = { label: '', p99: 0 };
  for (const [label, times] of Object.entries(stats.calls)) {
    const p99 = percentile(sortedOf(times), 99);
    if (p99 > worst.p99) worst = { label, p99 };
  }
  return worst;
}

/** Failed calls in `stats`, all kinds together. */
export const errorCount = (stats: LoadStats): number =>
  Object.values(stats.errors).reduce((a, b) => a + b, 0);

/** Tries of one step at most while each failed one found the disk stalled (`diskStalled`). */
export const DISK_STALL_TRIES = 4;

/** The step failed while a single-row commit took longer than `boundMs` at p99. */
export const diskStalled = (step: Step, boundMs: number): boolean =>
  !step.sustained && step.diskCommitP99 !== undefined && step.diskCommitP99 > boundMs;

/**
 * Steps the users up against `target` until a step is not sustained or `max` is passed. A step
 * that fails is measured once more and counts as failed only when that fails too (on a shared
 * machine one stall of another process is a p99 of a few hundred samples). A step that failed
 * while the disk stalled (its own commit probe's p99 over `diskStallMs`: seen on this kind of VM at
 * 494 ms, with a quiet p99 of 1–2 ms) is measured again up to DISK_STALL_TRIES in all, so a
 * stall of the machine's disk does not set the wall of the code (issue 38).
 *
 * Before the first measured step the start's users run `warmupSeconds` uncounted: fresh
 * instances on a large database answer their first minute from a cold cache (seen at 200 000
 * clients: p99 9–11 s on every call), which is no capacity figure. With `halve`, when the first
 * step already fails, the users are halved down to one until a step holds, so the highest
 * sustained rate is a number to compare before and after, not zero. Once a step has held and a
 * higher one failed, the gap between them is measured again in halves until it is at most
 * `resolution` users: a product that fails at 300 and holds at 150 is read between them, not at 150.
 */
export async function ramp(
  load: LoadProcess,
  target: Target,
  o: RampOptions,
  halve: boolean,
): Promise<Step[]> {
  const steps: Step[] = [];
  const run = async (users: number) => {
    let step = await measure(load, target, users, o);
    steps.push(step);
    o.print(step, steps.length);
    for (
      let tries = 1;
      !step.sustained &&
      (tries < 2 || (tries < DISK_STALL_TRIES && diskStalled(step, o.diskStallMs)));
      tries++
    ) {
      step = await measure(load, target, users, o);
      steps.push(step);
      o.print(step, steps.length);
    }
    return step.sustained;
  };
  if (o.warmupSeconds > 0) {
    load.set(o.start, target);
    await sleep(o.warmupSeconds * 1000);
    const warm = await load.collect();
    o.printWarmup?.(target, o.start, warm);
  }
  let held: number | undefined;
  let failed: number | undefined;
  for (let users = o.start; users <= o.max; users += o.step) {
    if (!(await run(users))) {
      failed = users;
      break;
    }
    held = users;
  }
  if (halve && held === undefined) {
    for (let users = Math.floor(o.start / 2); users >= 1; users = Math.floor(users / 2)) {
      if (await run(users)) {
        held = users;
        break;
      }
      failed = users;
    }
  }
  const resolution = Math.max(1, o.resolution);
  while (held !== undefined && failed !== undefined && failed - held > resolution) {
    const users = Math.round((held + failed) / 2);
    if (await run(users)) held = users;
    else failed = users;
  }
  return steps;
}

async function measure(
  load: LoadProcess,
  target: Target,
  users: number,
  o: RampOptions,
): Promise<Step> {
  load.set(users, target);
  await sleep(o.settleSeconds * 1000);
  await load.collect();
  const rowsBefore = await o.countRows();
  await o.onStepStart?.(target, users);
  const started = performance.now();
  await sleep(o.seconds * 1000);
  const stats = await load.collect();
  const seconds = (performance.now() - started) / 1000;
  const logRows = (await o.countRows()) - rowsBefore;
  const worst = worstCall(stats);
  const errors = errorCount(stats);
  const step: Step = {
    target,
    users,
    coaches: o.coachesIn(users),
    seconds,
    stats,
    logRows,
    loadAvg: os.loadavg()[0]!,
    sustained: errors === 0 && worst.p99 <= o.limitMs && Object.keys(stats.calls).length > 0,
    worst,
  };
  await o.onStepEnd?.(step);
  return step;
}
