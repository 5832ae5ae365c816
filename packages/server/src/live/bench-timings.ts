// Where a live message's time goes, for the benches only (issue 27 §2). Off unless the process
// starts with HALSA_BENCH_TIMINGS=1: then `benchTimings.enabled` is true, the event-loop delay
// (perf_hooks.monitorEventLoopDelay) and GC pauses (PerformanceObserver 'gc') are watched, and
// the send path records how long each step took (`add`) and how often things happened (`count`),
// in memory, bounded. Off, every call site costs one boolean test and nothing is kept.
//
// The benches read it in-process (bench:ws) or through the live server's loopback-only route
// `GET /__bench/timings` (`?reset=1` starts a new window), which exists only with the flag
// (attach.ts). Step names are `area.step`, e.g. `tx.insert`, `live.redisPublish`.
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

type LoopHistogram = ReturnType<typeof monitorEventLoopDelay>;

/** At most this many samples per step (then every other sample is dropped). */
const MAX_SAMPLES = 200_000;

export interface StepFigures {
  n: number;
  p50: number;
  p99: number;
  max: number;
  /** Sum of the samples (ms), e.g. database time over the window. */
  total: number;
}

/** perf_hooks' `detail.kind` of a 'gc' entry (NODE_PERFORMANCE_GC_*). */
const GC_KINDS: Record<number, string> = { 1: 'minor', 2: 'major', 4: 'incremental', 8: 'weakcb' };

export interface TimingsSnapshot {
  /** Length of the window (ms). */
  windowMs: number;
  eventLoop: { p50: number; p99: number; max: number; mean: number };
  gc: {
    count: number;
    totalMs: number;
    p99: number;
    max: number;
    /** Pauses by V8's kind (minor: scavenge, major: mark-compact, incremental, weak callbacks). */
    byKind: Record<string, { count: number; totalMs: number; max: number }>;
  };
  /** V8's heap in use at the snapshot (MB): what a major GC has to mark. */
  heapUsedMb: number;
  steps: Record<string, StepFigures>;
  counts: Record<string, number>;
  cpuMs: number;
  rssMb: number;
}

function figures(samples: number[]): StepFigures {
  const sorted = Float64Array.from(samples).sort();
  const at = (p: number) =>
    sorted.length === 0
      ? NaN
      : sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
  let total = 0;
  for (const v of samples) total += v;
  return { n: samples.length, p50: at(0.5), p99: at(0.99), max: at(1), total };
}

export class BenchTimings {
  #enabled = false;
  #steps = new Map<string, number[]>();
  #counts = new Map<string, number>();
  #loop: LoopHistogram | undefined;
  #gc: number[] = [];
  #gcKinds = new Map<string, { count: number; totalMs: number; max: number }>();
  #since = 0;
  #cpu = process.cpuUsage();

  get enabled(): boolean {
    return this.#enabled;
  }

  /** Starts watching (idempotent). */
  enable(): void {
    if (this.#enabled) return;
    this.#enabled = true;
    this.#loop = monitorEventLoopDelay({ resolution: 1 });
    this.#loop.enable();
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        this.#gc.push(entry.duration);
        const kind =
          GC_KINDS[(entry as { detail?: { kind?: number } }).detail?.kind ?? 0] ?? 'other';
        const k = this.#gcKinds.get(kind) ?? { count: 0, totalMs: 0, max: 0 };
        k.count += 1;
        k.totalMs += entry.duration;
        k.max = Math.max(k.max, entry.duration);
        this.#gcKinds.set(kind, k);
      }
    });
    observer.observe({ entryTypes: ['gc'] });
    // The observer must not keep a finished process alive.
    (observer as unknown as { unref?: () => void }).unref?.();
    this.reset();
  }

  /** performance.now() when enabled, else 0 (for `since`). */
  now(): number {
    return this.#enabled ? performance.now() : 0;
  }

  /** Records `performance.now() - start` under `step` (nothing when disabled). */
  since(step: string, start: number): void {
    if (this.#enabled) this.add(step, performance.now() - start);
  }

  add(step: string, ms: number): void {
    if (!this.#enabled) return;
    let samples = this.#steps.get(step);
    if (!samples) this.#steps.set(step, (samples = []));
    if (samples.length >= MAX_SAMPLES) {
      for (let i = 0; i < samples.length / 2; i++) samples[i] = samples[2 * i]!;
      samples.length = Math.floor(samples.length / 2);
    }
    samples.push(ms);
  }

  count(name: string, n = 1): void {
    if (!this.#enabled) return;
    this.#counts.set(name, (this.#counts.get(name) ?? 0) + n);
  }

  /** Starts a new window: drops every sample so far. */
  reset(): void {
    this.#steps.clear();
    this.#counts.clear();
    this.#gc = [];
    this.#gcKinds.clear();
    this.#loop?.reset();
    this.#since = performance.now();
    this.#cpu = process.cpuUsage();
  }

  snapshot(): TimingsSnapshot {
    const loop = this.#loop;
    const ns = (v: number | undefined) => (v === undefined ? NaN : v / 1e6);
    const gc = figures(this.#gc);
    const cpu = process.cpuUsage(this.#cpu);
    return {
      windowMs: performance.now() - this.#since,
      eventLoop: {
        p50: ns(loop?.percentile(50)),
        p99: ns(loop?.percentile(99)),
        max: ns(loop?.max),
        mean: ns(loop?.mean),
      },
      gc: {
        count: gc.n,
        totalMs: gc.total,
        p99: gc.p99,
        max: gc.max,
        byKind: Object.fromEntries(this.#gcKinds),
      },
      heapUsedMb: process.memoryUsage().heapUsed / 1024 / 1024,
      steps: Object.fromEntries([...this.#steps].map(([k, v]) => [k, figures(v)])),
      counts: Object.fromEntries(this.#counts),
      cpuMs: (cpu.user + cpu.system) / 1000,
      rssMb: process.memoryUsage().rss / 1024 / 1024,
    };
  }
}

/** The process's one recorder; enabled at load by HALSA_BENCH_TIMINGS=1. */
export const benchTimings = new BenchTimings();
if (process.env.HALSA_BENCH_TIMINGS === '1') benchTimings.enable();

/** The loopback-only route's path (attach.ts answers it only when enabled). */
export const BENCH_TIMINGS_PATH = '/__bench/timings';
