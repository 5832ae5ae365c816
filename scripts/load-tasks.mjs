#!/usr/bin/env node
// Long tasks while a signed-in page loads (issue 26, item 2): `pnpm bench:load [--times 3]`.
// A benchmark, outside the test command.
//
// The product as deployed (scripts/slow-phone.mjs, shared with `pnpm bench:inp`; started as
// `pnpm lighthouse` starts it), opened in Debian's Chromium with the CPU slowed 4× (CDP
// `Emulation.setCPUThrottlingRate`) at a phone's viewport (412 × 823, Lighthouse's mobile
// preset), signed in with the session cookie of a real login through the API. Each page is
// opened `--times` times in a fresh browser context (nothing cached between loads, as a phone
// opening the portal from a link) and watched from navigation until the network has been quiet
// and 3 s more have passed, so work put off until after the first paint (the live connection,
// the widget, the notice panel, what lies below the fold) is counted too.
//
// A long task is what the browser reports as one (a PerformanceObserver of 'longtask' entries,
// over 50 ms of main-thread work at a stretch), installed in the document before the page's own
// scripts. For the longest, the long animation frames (LoAF) that overlap it name the scripts
// that ran in it. Prints, per page, the time until its heading was on screen ('usable'), the
// longest task of every load, the sum of the parts over 50 ms (the page's blocking time), and
// PASS/FAIL against the 200 ms target; the exit code is 1 when a page's longest task misses it
// (or the run fails). The machine's load is printed with the figures. The floor page
// (scripts/floor/build.mjs: React, the router, one heading) is loaded as many times in the same
// run, and each page's median longest task and blocking time are printed as ratios to the
// floor's (issue 39 item 3): a ratio holds from one machine to the next. Printed, not a gate.
import { FLOOR_HEADING, FLOOR_PATH } from './floor/build.mjs';
import { CPU_SLOWDOWN, loadAverage, slowSignedInPage, startSlowPhone } from './slow-phone.mjs';

const timesArg = process.argv.indexOf('--times');
const TIMES = timesArg > 0 ? Math.max(1, Number(process.argv[timesArg + 1]) || 3) : 3;
const TARGET_MS = 200;
const QUIET_MS = 3000;
const VIEWPORT = { width: 412, height: 823 };

const pageArg = process.argv.indexOf('--page');
/** `--page /lab-results`: only that page (while working on it). */
const ONLY = pageArg > 0 ? process.argv[pageArg + 1] : undefined;

const log = (line) => console.log(`load: ${line}`);

/** Runs in every document before its scripts: every long task and long animation frame. */
function observeLongTasks() {
  const tasks = [];
  const frames = [];
  globalThis.__longTasks = { tasks, frames };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      tasks.push({ start: entry.startTime, duration: entry.duration });
    }
  }).observe({ type: 'longtask', buffered: true });
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        frames.push({
          start: entry.startTime,
          duration: entry.duration,
          scripts: entry.scripts.map((s) => ({
            duration: s.duration,
            invoker: s.invoker,
            source: `${s.sourceURL.replace(/^.*\//, '')}${s.sourceFunctionName ? ` ${s.sourceFunctionName}` : ''}`,
          })),
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    // A Chromium without LoAF: the long tasks alone.
  }
}

/**
 * Opens `path` once, signed in, and returns what the page reported. `shell: false` for the
 * floor page, which has no bell to wait for.
 */
async function loadOnce(browser, origin, cookie, path, heading, { shell = true } = {}) {
  const page = await slowSignedInPage(browser, origin, cookie, {
    viewport: VIEWPORT,
    init: observeLongTasks,
  });
  try {
    await page.goto(`${origin}${path}`, { waitUntil: 'commit' });
    // The skeleton paints the heading from the first HTML; the app's own shell draws the bell.
    await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 30_000 });
    if (shell) await page.getByRole('button', { name: /^Notiser/ }).waitFor({ timeout: 30_000 });
    const usable = await page.evaluate(() => performance.now());
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(QUIET_MS);
    const seen = await page.evaluate(() => globalThis.__longTasks);
    return { usable, ...seen };
  } finally {
    await page.context().close();
  }
}

/** The scripts of the long animation frames overlapping `task`, longest first. */
function scriptsOf(task, frames) {
  const end = task.start + task.duration;
  return frames
    .filter((f) => f.start < end && f.start + f.duration > task.start)
    .flatMap((f) => f.scripts)
    .filter((s) => s.duration >= 10)
    .sort((a, b) => b.duration - a.duration)
    .slice(0, 4)
    .map((s) => `${s.source} (${s.invoker}) ${Math.round(s.duration)} ms`);
}

let phone;
let failed = false;
try {
  phone = await startSlowPhone(log, 'load: ');
  const { origin, browser, clientCookie, adminCookie, karinId } = phone;
  const pages = [
    ['client', clientCookie, '/overview', 'Att göra'],
    ['client', clientCookie, '/lab-results', 'Provsvar'],
    ['client', clientCookie, '/action-plan', 'Handlingsplan'],
    ['client', clientCookie, '/journal', 'Journal'],
    ['admin', adminCookie, '/clients', 'Klienter'],
    ['admin', adminCookie, `/clients/${karinId}/overview`, /Karin/],
    ['admin', adminCookie, '/activity', 'Aktivitet'],
  ];

  log(
    `Chromium, CPU slowed ${CPU_SLOWDOWN}×, viewport ${VIEWPORT.width}×${VIEWPORT.height}, ` +
      `${TIMES} loads each; load average ${loadAverage()}`,
  );
  const rows = [];
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  // The floor first, as many loads as each page (the client's cookie: it reads nothing).
  const floorLoads = [];
  for (let i = 0; i < TIMES; i++) {
    floorLoads.push(
      await loadOnce(browser, origin, clientCookie, FLOOR_PATH, FLOOR_HEADING, { shell: false }),
    );
  }
  const longestOf = (l) => Math.max(0, ...l.tasks.map((t) => t.duration));
  const blockingOf = (l) => l.tasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);
  const floor = {
    longest: median(floorLoads.map(longestOf)),
    blocking: median(floorLoads.map(blockingOf)),
    usable: median(floorLoads.map((l) => l.usable)),
  };
  log(
    `floor ${FLOOR_PATH}: usable ${floorLoads.map((l) => Math.round(l.usable)).join(', ')} ms; ` +
      `longest task ${floorLoads.map((l) => Math.round(longestOf(l))).join(', ')} ms; blocking ` +
      `${floorLoads.map((l) => Math.round(blockingOf(l))).join(', ')} ms`,
  );
  for (const [role, cookie, path, heading] of pages) {
    if (ONLY && path !== ONLY) continue;
    const loads = [];
    for (let i = 0; i < TIMES; i++)
      loads.push(await loadOnce(browser, origin, cookie, path, heading));
    const longest = loads.map(longestOf);
    const blocking = loads.map(blockingOf);
    const worst = loads
      .flatMap((l) => l.tasks.map((t) => ({ ...t, frames: l.frames })))
      .sort((a, b) => b.duration - a.duration)[0];
    const label = `${role} ${path.replace(String(karinId), ':id')}`;
    log(
      `${label}: usable ${loads.map((l) => Math.round(l.usable)).join(', ')} ms; longest task ` +
        `${longest.map(Math.round).join(', ')} ms; blocking ${blocking.map(Math.round).join(', ')} ms`,
    );
    if (worst) {
      const scripts = scriptsOf(worst, worst.frames);
      log(
        `  longest at ${Math.round(worst.start)} ms: ${scripts.length ? scripts.join('; ') : 'no script named'}`,
      );
    }
    rows.push({
      label,
      max: Math.max(...longest),
      longest: median(longest),
      blocking: median(blocking),
      usable: median(loads.map((l) => l.usable)),
    });
  }
  log(`load average after ${loadAverage()}`);
  log(`longest task per page, over ${TIMES} loads (target ≤ ${TARGET_MS} ms):`);
  const width = Math.max(...rows.map((r) => r.label.length));
  for (const { label, max } of rows) {
    const pass = max <= TARGET_MS;
    if (!pass) failed = true;
    log(
      `  ${label.padEnd(width)}  ${String(Math.round(max)).padStart(4)} ms  ${pass ? 'PASS' : 'FAIL'}`,
    );
  }
  // Beside the floor of this run (printed, never a failure).
  const ratio = (page, base) =>
    base > 0 ? `×${(page / base).toFixed(1)}` : `– (floor ${Math.round(base)} ms)`;
  log(
    `beside the floor page (medians of ${TIMES} loads; floor: usable ${Math.round(floor.usable)} ms, ` +
      `longest task ${Math.round(floor.longest)} ms, blocking ${Math.round(floor.blocking)} ms):`,
  );
  for (const { label, longest, blocking, usable } of rows) {
    log(
      `  ${label.padEnd(width)}  usable ${String(Math.round(usable)).padStart(5)} ms ` +
        `${ratio(usable, floor.usable).padEnd(7)}  longest ${String(Math.round(longest)).padStart(4)} ms ` +
        `${ratio(longest, floor.longest).padEnd(8)}  blocking ${String(Math.round(blocking)).padStart(4)} ms ` +
        `${ratio(blocking, floor.blocking)}`,
    );
  }
} catch (error) {
  failed = true;
  console.error(`load: ${error.stack ?? error.message}`);
} finally {
  await phone?.close();
}
process.exit(failed ? 1 : 0);
