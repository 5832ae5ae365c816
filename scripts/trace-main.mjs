// The page's main thread in a Chromium performance trace (shared by scripts/trace-load.mjs and
// scripts/lighthouse.mjs): the renderer main thread that was busiest (an about:blank renderer
// commits a navigation too), and its top-level tasks.

/** The complete ('X') events of the page's renderer main thread. */
export function mainThreadEvents(events) {
  const busy = new Map();
  for (const e of events) {
    if (e.name !== 'RunTask' || e.ph !== 'X') continue;
    const id = `${e.pid}:${e.tid}`;
    busy.set(id, (busy.get(id) ?? 0) + e.dur);
  }
  const renderers = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const [thread] =
    [...busy].filter(([id]) => renderers.has(id)).sort((a, b) => b[1] - a[1])[0] ?? [];
  return events.filter((e) => `${e.pid}:${e.tid}` === thread && e.ph === 'X');
}

/** The outermost tasks of a main thread's events (a RunTask inside another is part of it). */
export function topTasks(main, minDur = 0) {
  const tops = main.filter(
    (e) => (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && e.dur >= minDur,
  );
  return tops.filter(
    (t) =>
      !tops.some((o) => o !== t && o.ts <= t.ts && o.ts + o.dur >= t.ts + t.dur && o.dur > t.dur),
  );
}

/**
 * How long the page's main-thread tasks took (wall, what Lighthouse reads and its simulation
 * multiplies by the CPU slowdown) and how long the thread actually ran on a CPU in them (the
 * trace's thread time). On a machine busy with other work a task's wall time is mostly waiting
 * for a CPU (issue 39: a first layout of 196 ms wall had 21 ms of thread time), so a run whose
 * thread time is far below its wall time measured the machine, not the page.
 */
export function wallAndThread(events) {
  let wall = 0;
  let thread = 0;
  for (const t of topTasks(mainThreadEvents(events))) {
    wall += t.dur;
    thread += t.tdur ?? t.dur;
  }
  return { wallMs: wall / 1000, threadMs: thread / 1000 };
}

/** What a task's biggest known pieces were, as printed. */
const PIECES = [
  [/^DocumentLoader::CommitNavigation$/, 'navigation commit'],
  [/^ParseHTML$/, 'HTML parse'],
  [/^(UpdateLayoutTree|Layout)$/, 'style & layout'],
  [/^(PrePaint|Paint|Layerize)$/, 'paint'],
  [/^v8\.(evaluateModule|compileModule)$|^EvaluateScript$/, 'module evaluation'],
  [/^FunctionCall$/, 'script call'],
  [/^RunMicrotasks$/, 'microtasks'],
  [/^(MinorGC|MajorGC)$/, 'GC'],
];

/**
 * The observed tasks behind Lighthouse's simulated long tasks (`simulatedMs`, one per long
 * task), each as `what it did; observed W ms wall, T ms on a CPU`, or undefined when none
 * matches. Lighthouse's simulation (lantern) makes a task `slowdown` times its observed wall
 * time, a task that did layout half that, so a match is exact to a fraction of a millisecond;
 * the closest pairs are taken first and no observed task is given twice.
 */
export function observedTasks(events, simulatedMs, slowdown) {
  const main = mainThreadEvents(events);
  const inside = (task) =>
    main.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur);
  const tops = topTasks(main).filter((t) => t.dur >= 1000);
  const layout = new Set(tops.filter((t) => inside(t).some((e) => e.name === 'Layout')));
  const factors = slowdown > 1 ? [slowdown, slowdown / 2] : [1];
  const pairs = simulatedMs.flatMap((ms, i) =>
    tops.flatMap((t) =>
      factors
        .filter((f) => f === slowdown || layout.has(t))
        .map((f) => ({ i, t, off: Math.abs(t.dur - (ms / f) * 1000) })),
    ),
  );
  const found = new Map();
  const used = new Set();
  for (const { i, t } of pairs.filter((p) => p.off <= 500).sort((a, b) => a.off - b.off)) {
    if (found.has(i) || used.has(t)) continue;
    found.set(i, t);
    used.add(t);
  }
  return simulatedMs.map((_, i) => {
    const task = found.get(i);
    if (!task) return undefined;
    const time = new Map();
    for (const [pattern, label] of PIECES) {
      const total = inside(task)
        .filter((e) => pattern.test(e.name))
        .reduce((sum, e) => sum + e.dur, 0);
      if (total >= task.dur * 0.1) time.set(label, total);
    }
    const what = [...time].sort((a, b) => b[1] - a[1]).map(([label]) => label);
    return (
      `${what.join(' + ') || 'no known piece'}; observed ${(task.dur / 1000).toFixed(1)} ms wall, ` +
      `${((task.tdur ?? task.dur) / 1000).toFixed(1)} on a CPU`
    );
  });
}
