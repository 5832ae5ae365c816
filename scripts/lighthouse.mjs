#!/usr/bin/env node
// Lighthouse, mobile (its default form factor: a mid-range phone, simulated slow 4G), against the
// product as it is deployed (issue 14): the built portal served by the COMPILED server in
// production mode on a free port with a fresh DATA_DIR. `pnpm lighthouse [--runs 3]`.
//
// The demo data is put into that DATA_DIR first by one start of the same compiled server in demo
// mode (production never seeds); mails go to a loopback SMTP catcher. /login is measured signed
// out; /overview signed in as klient@example.com with the session cookie of a real login through
// the API (password, then the code from the caught mail). Chromium is Debian's (CHROME_PATH,
// the flags of scripts/chromium.ts); no browser is downloaded.
//
// Prints every run's scores, LCP and TBT, and for each page whether the median run meets the
// issue's targets: /login performance ≥ 98, accessibility 100, best practices 100, LCP ≤ 1.5 s;
// /overview and /lab-results (after two structured lab uploads, so it draws trend charts)
// performance ≥ 95, accessibility 100 (`--page PATH` measures one of them).
//
// It fails (exit 1) only on what does not move with the machine's load (issue 25, item 5):
// accessibility and best practices below 100 (`GATES`), or a page that did not end where it
// was opened. Performance, LCP and TBT are timings: a busy machine scored /lab-results 74–78
// where a quiet one scores 95–99, so they are printed as measurements, never a reason to fail.
//
// A floor to compare with (issue 26, item 3): the same run also measures a page of React and the
// router rendering one heading (scripts/floor), built by the portal's Vite config and served by
// the same server, and prints each page's main-thread work (Lighthouse's
// `mainthread-work-breakdown`) and TBT beside the floor's, and as ratios (target ≤ 2.5 for
// /login's main-thread work; none for /overview and /lab-results, which fetch and draw data,
// issue 39): a ratio means the same on a busy and a quiet machine. Printed, never a
// failure. Every run also prints its long tasks (issue 39 item 1: the `long-tasks` audit's debug
// data, each task attributed to a script URL, the document or 'unattributed', with its time by
// group: script, style & layout, parsing…), its main-thread work by group and by script, and
// each page's longest tasks beside the floor's. `--cpu-slowdown N` raises Lighthouse's CPU
// slowdown (default 4) to stand for a slower phone or machine; `--devtools` has Chromium
// throttle (observed tasks, split by group) instead of Lighthouse simulating it. Each run's trace is
// read (scripts/trace-main.mjs) for what the simulation hides: every long task matched to the task
// Chromium observed (what it did, and its time on a CPU), and the run's main-thread tasks in wall
// and CPU time (on a busy machine most of the wall time is waiting, which the simulation
// multiplies by the slowdown). The server start and the logins are scripts/demo-server.mjs
// (shared with bench:inp).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromiumArgs, chromiumPath } from './chromium.ts';
import { buildFloor, FLOOR_PATH, removeFloor } from './floor/build.mjs';
import { observedTasks, wallAndThread } from './trace-main.mjs';
import {
  buildProduct,
  root,
  sessionCookie,
  startDemoProduction,
  uploadLabCsvs,
} from './demo-server.mjs';

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Math.max(1, Number(process.argv[runsArg + 1]) || 1) : 1;
const keepArg = process.argv.indexOf('--keep');
/**
 * `--keep DIR`: the Lighthouse JSON reports are left there to read, each with its trace
 * (`…-0.trace.json`, Lighthouse's `--save-assets`, saved in every run): what a long task did,
 * event by event.
 */
const KEEP = keepArg > 0 ? path.resolve(process.argv[keepArg + 1] ?? '.') : undefined;
const slowArg = process.argv.indexOf('--cpu-slowdown');
/**
 * `--cpu-slowdown N`: Lighthouse's simulated CPU slowdown (default 4, a mid-range phone on a
 * fast machine); raised until the floor's main-thread work matches a slower machine's (issue 39).
 */
const CPU_SLOWDOWN = slowArg > 0 ? Number(process.argv[slowArg + 1]) || undefined : undefined;
/**
 * `--devtools`: Chromium throttles the CPU itself (Lighthouse's devtools throttling) instead of
 * Lighthouse simulating it. The simulation keeps only the top-level task of a long task, so its
 * time by group is all 'other'; with Chromium's throttling every task is observed whole and
 * each long task's script, style & layout and parsing are told apart (issue 39 items 1 and 2).
 */
const DEVTOOLS = process.argv.includes('--devtools');
const pageArg = process.argv.indexOf('--page');
/** `--page /lab-results`: only that page (while working on it). */
const ONLY = pageArg > 0 ? process.argv[pageArg + 1] : undefined;

const TARGETS = {
  '/login': { performance: 98, accessibility: 100, 'best-practices': 100, lcpMs: 1500 },
  '/overview': { performance: 95, accessibility: 100 },
  // With the trend charts (issue 13): two structured lab uploads for the client first.
  '/lab-results': { performance: 95, accessibility: 100 },
};
// Measured 2026-11-24, quiet machine, 3 runs each: /login 100, 100, 100 (LCP 1.10–1.22 s),
// /overview 97, 96, 97 (TBT 68–113 ms), /lab-results 95, 99, 96 (TBT 125–249 ms). Inside a
// fresh clone's test command /lab-results fell to 74–78 (TBT 1.0–1.5 s): hence no timing gate.

/** What fails the command: scores that are the same on a busy and a quiet machine. */
const GATES = {
  '/login': { accessibility: 100, 'best-practices': 100 },
  '/overview': { accessibility: 100, 'best-practices': 100 },
  '/lab-results': { accessibility: 100, 'best-practices': 100 },
};

const log = (line) => console.log(`lighthouse: ${line}`);

function runLighthouse(url, outDir, extraHeaders) {
  const name = new URL(url).pathname.slice(1).replace(/[^\w-]+/g, '-');
  const out = path.join(outDir, `lh-${name}-${Date.now()}.json`);
  const args = [
    path.join(root, 'node_modules/lighthouse/cli/index.js'),
    url,
    '--output=json',
    `--output-path=${out}`,
    '--quiet',
    '--only-categories=performance,accessibility,best-practices',
    `--chrome-flags=--headless=new ${chromiumArgs.join(' ')}`,
    ...(extraHeaders ? [`--extra-headers=${JSON.stringify(extraHeaders)}`] : []),
    ...(CPU_SLOWDOWN ? [`--throttling.cpuSlowdownMultiplier=${CPU_SLOWDOWN}`] : []),
    ...(DEVTOOLS ? ['--throttling-method=devtools'] : []),
    '--save-assets',
  ];
  const r = spawnSync(process.execPath, args, {
    env: { ...process.env, CHROME_PATH: chromiumPath },
    encoding: 'utf8',
  });
  if (r.status !== 0 || !existsSync(out)) {
    throw new Error(`Lighthouse failed on ${url}:\n${r.stderr || r.stdout}`);
  }
  const lhr = JSON.parse(readFileSync(out, 'utf8'));
  const traceFile = out.replace(/\.json$/, '-0.trace.json');
  const trace = existsSync(traceFile) ? JSON.parse(readFileSync(traceFile, 'utf8')) : undefined;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const failed = (id) =>
    lhr.categories[id]?.auditRefs
      .map((ref) => lhr.audits[ref.id])
      .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative')
      .filter((a) => ['binary', 'numeric'].includes(a.scoreDisplayMode) && id !== 'performance')
      .map((a) => a.id) ?? [];
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    tbtMs: lhr.audits['total-blocking-time'].numericValue,
    mainThreadMs: lhr.audits['mainthread-work-breakdown'].numericValue,
    finalUrl: lhr.finalDisplayedUrl,
    misses: [...failed('accessibility'), ...failed('best-practices')],
    ...mainThread(lhr, trace?.traceEvents ?? trace),
    observed: trace ? wallAndThread(trace.traceEvents ?? trace) : undefined,
  };
}

/** Lighthouse's task groups (core/lib/tracehouse/task-groups.js), as printed. */
const GROUPS = {
  scriptEvaluation: 'script',
  scriptParseCompile: 'script parse/compile',
  styleLayout: 'style & layout',
  parseHTML: 'parsing HTML/CSS',
  paintCompositeRender: 'paint',
  garbageCollection: 'GC',
  other: 'other',
};

/**
 * What the main thread did (issue 39 item 1): every long task (≥ 50 ms) with the URL it is
 * attributed to and its time per task group (the `long-tasks` audit's debug data), the page's
 * work per group (`mainthread-work-breakdown`) and per script (`bootup-time`). With the run's
 * trace (`events`), each long task is also matched to the task Chromium observed: what it did
 * and how long its thread was on a CPU (the simulation keeps only the top-level task, so its
 * groups are all 'other').
 */
function mainThread(lhr, events) {
  const debug = lhr.audits['long-tasks']?.details?.debugData;
  const { throttlingMethod, throttling } = lhr.configSettings;
  const slowdown = throttlingMethod === 'simulate' ? throttling.cpuSlowdownMultiplier : 1;
  const tasks = debug?.tasks ?? [];
  const observed = events
    ? observedTasks(
        events,
        tasks.map((t) => t.duration),
        slowdown,
      )
    : [];
  const longTasks = tasks
    .map(({ urlIndex, startTime, duration, ...groups }, i) => ({
      url: debug.urls[urlIndex] ?? 'Unattributable',
      startTime,
      duration,
      groups,
      observed: observed[i],
    }))
    .sort((a, b) => b.duration - a.duration);
  const breakdown = Object.fromEntries(
    (lhr.audits['mainthread-work-breakdown']?.details?.items ?? []).map((i) => [
      i.group,
      i.duration,
    ]),
  );
  const scripts = (lhr.audits['bootup-time']?.details?.items ?? [])
    .map((i) => ({
      url: i.url,
      total: i.total,
      scripting: i.scripting,
      parse: i.scriptParseCompile,
    }))
    .sort((a, b) => b.total - a.total);
  return { longTasks, breakdown, scripts };
}

/** A URL as printed: the file's name, or the page itself as 'the document'. */
function shortUrl(url, pageUrl) {
  if (!url || url === 'Unattributable') return 'unattributed';
  try {
    const u = new URL(url);
    if (pageUrl && u.pathname === new URL(pageUrl).pathname) return 'the document';
    return u.pathname.replace(/^.*\//, '') || u.pathname;
  } catch {
    return url;
  }
}

/** One long task: its length, when, what it is attributed to, and its time per group. */
function describeTask(task, pageUrl) {
  const groups = Object.entries(task.groups)
    .filter(([, v]) => v >= 1)
    .sort((a, b) => b[1] - a[1])
    .map(([g, v]) => `${GROUPS[g] ?? g} ${Math.round(v)}`)
    .join(', ');
  return (
    `${Math.round(task.duration)} ms at ${Math.round(task.startTime)} ms, ${shortUrl(task.url, pageUrl)} (${groups})` +
    (task.observed ? ` [${task.observed}]` : '')
  );
}

/** A run's longest tasks and where its main-thread time went, one line each. */
function describeMainThread(r, pageUrl, indent) {
  const over = r.longTasks.reduce((sum, t) => sum + t.duration, 0);
  return [
    `${indent}long tasks: ${r.longTasks.length} (${Math.round(over)} ms in all)` +
      (r.longTasks.length
        ? `; longest: ${r.longTasks
            .slice(0, 5)
            .map((t) => describeTask(t, pageUrl))
            .join('; ')}`
        : ''),
    `${indent}main thread by group: ${Object.entries(r.breakdown)
      .sort((a, b) => b[1] - a[1])
      .map(([g, v]) => `${GROUPS[g] ?? g} ${Math.round(v)} ms`)
      .join(', ')}`,
    ...(r.observed
      ? [
          `${indent}observed (${DEVTOOLS ? 'throttled by Chromium' : 'unthrottled'}) main-thread ` +
            `tasks: ${Math.round(r.observed.wallMs)} ms, ` +
            `the thread on a CPU ${Math.round(r.observed.threadMs)} ms of them` +
            (r.observed.wallMs > 1.5 * r.observed.threadMs
              ? ' (the thread waited the rest: for a CPU on a busy machine, or for another ' +
                'process; the simulation multiplies the wait by the slowdown too)'
              : ''),
        ]
      : []),
    `${indent}by script (bootup-time): ${
      r.scripts
        .slice(0, 4)
        .map(
          (s) =>
            `${shortUrl(s.url, pageUrl)} ${Math.round(s.total)} ms (evaluation ${Math.round(s.scripting)}, parse ${Math.round(s.parse)})`,
        )
        .join('; ') || 'none over the threshold'
    }`,
  ];
}

/** The run whose TBT is the median's (its tasks are the ones printed beside the floor's). */
const medianRun = (runs) =>
  [...runs].sort((a, b) => a.tbtMs - b.tbtMs)[Math.floor(runs.length / 2)];

/**
 * One measurement. Lighthouse itself now and then fails to record a load (NO_NAVSTART, a lost
 * trace, Chromium not answering in time): that says nothing of the page, so it is tried again,
 * up to three times in all, before the run counts as failed.
 */
function lighthouseOnce(url, outDir, extraHeaders) {
  for (let attempt = 1; ; attempt++) {
    try {
      return runLighthouse(url, outDir, extraHeaders);
    } catch (error) {
      if (attempt >= 3) throw error;
      log(`${error.message.split('\n').filter(Boolean).slice(-1)[0]}; measuring again`);
    }
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

if (!existsSync(chromiumPath)) {
  console.error(`lighthouse: no Chromium at ${chromiumPath} (apt-get install chromium).`);
  process.exit(1);
}
buildProduct(log);

// ---------------------------------------------------------------------------------------------
// The floor (issue 26, item 3; scripts/floor/build.mjs): React and the router rendering one
// heading, served by the same production server during this run. Each page's main-thread work
// and TBT are printed beside the floor's, measured in the same run, and as a ratio: the ratio
// means the same on a busy and a quiet machine.
/** What a page's main-thread work may be, as a multiple of the floor's (printed, not a gate). */
const MAIN_THREAD_RATIO_TARGET = 2.5;
/**
 * The pages that ratio is a measure of: /login only. The product owner dropped it for the pages
 * that fetch and draw data (/overview, /lab-results; issue 39): their main-thread work is what
 * they show, and their measure is the score, TBT, LCP and the long tasks. Their main-thread
 * work is still printed, without a ratio or target.
 */
const MAIN_THREAD_RATIO_PAGES = new Set(['/login']);

const ms = (v) => `${Math.round(v)} ms`;
const ratio = (page, floor) => (floor > 0 ? (page / floor).toFixed(2) : '– (floor 0 ms)');

if (KEEP) mkdirSync(KEEP, { recursive: true });
let demo;
let failedPages = 0;
try {
  demo = await startDemoProduction(log, 'halsa-lighthouse-');
  const { origin, mailbox, dataDir } = demo;
  const cookie = await sessionCookie(origin, mailbox);
  await uploadLabCsvs(origin, mailbox);

  // The floor first, as many runs as each page; a floor that cannot be built or measured is
  // printed and the pages are measured without the comparison (it never fails the command).
  let floor;
  try {
    await buildFloor(log);
    const floorRuns = [];
    for (let i = 0; i < RUNS; i++) {
      const r = lighthouseOnce(`${origin}${FLOOR_PATH}`, KEEP ?? dataDir, undefined);
      floorRuns.push(r);
      log(
        `floor ${FLOOR_PATH} run ${floorRuns.length}: performance ${r.performance}, main-thread ` +
          `work ${ms(r.mainThreadMs)}, TBT ${ms(r.tbtMs)}, LCP ${(r.lcpMs / 1000).toFixed(2)} s`,
      );
      for (const line of describeMainThread(r, `${origin}${FLOOR_PATH}`, '  ')) log(line);
    }
    floor = {
      mainThreadMs: median(floorRuns.map((r) => r.mainThreadMs)),
      tbtMs: median(floorRuns.map((r) => r.tbtMs)),
      run: medianRun(floorRuns),
    };
    log(
      `floor median of ${floorRuns.length}: main-thread work ${ms(floor.mainThreadMs)}, ` +
        `TBT ${ms(floor.tbtMs)}`,
    );
  } catch (error) {
    log(`the floor page could not be measured (printed, not a failure): ${error.message}`);
  }

  const pages = [
    { path: '/login', headers: undefined },
    { path: '/overview', headers: { Cookie: cookie } },
    { path: '/lab-results', headers: { Cookie: cookie } },
  ];
  const comparisons = [];
  for (const page of pages.filter((p) => !ONLY || p.path === ONLY)) {
    const target = TARGETS[page.path];
    const runs = [];
    const measure = () => {
      const r = lighthouseOnce(`${origin}${page.path}`, KEEP ?? dataDir, page.headers);
      runs.push(r);
      log(
        `${page.path} run ${runs.length}: performance ${r.performance}, accessibility ` +
          `${r.accessibility}, best practices ${r['best-practices']}, LCP ` +
          `${(r.lcpMs / 1000).toFixed(2)} s, CLS ${r.cls.toFixed(3)}, TBT ${Math.round(r.tbtMs)} ms, ` +
          `main-thread work ${ms(r.mainThreadMs)}` +
          (r.finalUrl.endsWith(page.path) ? '' : ` (ended on ${r.finalUrl})`) +
          (r.misses.length ? `; audits below 100: ${r.misses.join(', ')}` : ''),
      );
      for (const line of describeMainThread(r, `${origin}${page.path}`, '  ')) log(line);
    };
    for (let i = 0; i < RUNS; i++) measure();
    const mid = Object.fromEntries(
      Object.keys(target).map((key) => [key, median(runs.map((r) => r[key]))]),
    );
    const misses = Object.entries(target).filter(([key, want]) =>
      key === 'lcpMs' ? mid[key] > want : mid[key] < want,
    );
    const describe = (list) =>
      list
        .map(
          ([key, want]) =>
            `${key} (want ${key === 'lcpMs' ? `≤ ${want}` : `≥ ${want}`}, median ${mid[key]})`,
        )
        .join('; ');
    // A timing target missed is a measurement, printed; it never fails the command.
    log(
      misses.length
        ? `${page.path} misses the issue's timing target (printed, not a failure): ${describe(misses)}`
        : `${page.path} meets its targets (median of ${runs.length})`,
    );
    // Beside the floor of the same run (printed, never a failure).
    const mainThreadMs = median(runs.map((r) => r.mainThreadMs));
    const tbtMs = median(runs.map((r) => r.tbtMs));
    if (floor) {
      const mainRatio = floor.mainThreadMs > 0 ? mainThreadMs / floor.mainThreadMs : Infinity;
      const mainThread = MAIN_THREAD_RATIO_PAGES.has(page.path)
        ? `${ms(mainThreadMs)} / ${ms(floor.mainThreadMs)} = ${ratio(mainThreadMs, floor.mainThreadMs)} ` +
          `(target ≤ ${MAIN_THREAD_RATIO_TARGET}: ${mainRatio <= MAIN_THREAD_RATIO_TARGET ? 'met' : 'missed, printed, not a failure'})`
        : `${ms(mainThreadMs)} (floor ${ms(floor.mainThreadMs)}; no ratio target for a page that fetches and draws data)`;
      const line =
        `${page.path} vs floor (medians of ${runs.length}): main-thread work ${mainThread}; ` +
        `TBT ${ms(tbtMs)} / ${ms(floor.tbtMs)} = ${ratio(tbtMs, floor.tbtMs)}`;
      comparisons.push(line);
      log(line);
      // The longest tasks of the median runs, the page's beside the floor's (issue 39 item 1).
      const mine = medianRun(runs);
      const sum = (r) => Math.round(r.longTasks.reduce((n, t) => n + t.duration, 0));
      const tasks = (r, url) =>
        r.longTasks
          .slice(0, 3)
          .map((t) => describeTask(t, url))
          .join('; ') || 'none';
      const beside = [
        `${page.path} longest tasks (median-TBT run, ${mine.longTasks.length} over 50 ms, ` +
          `${sum(mine)} ms): ${tasks(mine, `${origin}${page.path}`)}`,
        `${' '.repeat(page.path.length)} the floor's (${floor.run.longTasks.length} over 50 ms, ` +
          `${sum(floor.run)} ms): ${tasks(floor.run, `${origin}${FLOOR_PATH}`)}`,
      ];
      comparisons.push(...beside);
      for (const l of beside) log(l);
    }
    // The gates hold in every run: they do not depend on how busy the machine is.
    const gateMisses = [];
    for (const [i, r] of runs.entries()) {
      for (const [key, want] of Object.entries(GATES[page.path])) {
        if (r[key] < want) gateMisses.push(`run ${i + 1}: ${key} ${r[key]} (want ${want})`);
      }
      if (!r.finalUrl.endsWith(page.path)) gateMisses.push(`run ${i + 1}: ended on ${r.finalUrl}`);
    }
    if (gateMisses.length) {
      failedPages += 1;
      log(`${page.path} FAILS: ${gateMisses.join('; ')}`);
    }
  }
  if (comparisons.length) {
    log('beside the floor page of this run:');
    for (const line of comparisons) log(`  ${line}`);
  }
} catch (error) {
  failedPages += 1;
  console.error(`lighthouse: ${error.message}`);
} finally {
  await demo?.close();
  removeFloor();
}
process.exit(failedPages ? 1 : 0);
