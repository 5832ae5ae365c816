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
// `mainthread-work-breakdown`) and TBT beside the floor's, and as ratios (target ≤ 2.5 for the
// main-thread work): a ratio means the same on a busy and a quiet machine. Printed, never a
// failure. The server start and the logins are scripts/demo-server.mjs (shared with bench:inp).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build as viteBuild } from 'vite';
import { chromiumArgs, chromiumPath } from './chromium.ts';
import { precompress, walk } from './precompress.mjs';
import {
  buildProduct,
  portalDist,
  root,
  sessionCookie,
  startDemoProduction,
  uploadLabCsvs,
} from './demo-server.mjs';

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Math.max(1, Number(process.argv[runsArg + 1]) || 1) : 1;
const keepArg = process.argv.indexOf('--keep');
/** `--keep DIR`: the Lighthouse JSON reports are left there to read. */
const KEEP = keepArg > 0 ? path.resolve(process.argv[keepArg + 1] ?? '.') : undefined;
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
  ];
  const r = spawnSync(process.execPath, args, {
    env: { ...process.env, CHROME_PATH: chromiumPath },
    encoding: 'utf8',
  });
  if (r.status !== 0 || !existsSync(out)) {
    throw new Error(`Lighthouse failed on ${url}:\n${r.stderr || r.stdout}`);
  }
  const lhr = JSON.parse(readFileSync(out, 'utf8'));
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
  };
}

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
// The floor (issue 26, item 3): React and the router rendering one heading (scripts/floor),
// built by the portal's own Vite config and plugins into dist/__floor/, precompressed as
// scripts/prerender.mjs does it, and served by the same production server as any file of the
// portal build. It lives there only during this run (removed at the end; a portal build empties
// dist anyway). Each page's main-thread work and TBT are printed beside the floor's, measured in
// the same run, and as a ratio: the ratio means the same on a busy and a quiet machine.
const FLOOR_PATH = '/__floor/index.html';
const floorDir = path.join(portalDist, '__floor');
/** What a page's main-thread work may be, as a multiple of the floor's (printed, not a gate). */
const MAIN_THREAD_RATIO_TARGET = 2.5;

/**
 * The floor's HTML is the portal's own (packages/portal/index.html: the same head, fonts and
 * CSP-safe scripts), its entry swapped for scripts/floor/main.tsx; written for the build only.
 */
function writeFloorHtml() {
  const portalHtml = readFileSync(path.join(root, 'packages/portal/index.html'), 'utf8');
  const entry = '<script type="module" src="/src/main.tsx"></script>';
  if (!portalHtml.includes(entry)) throw new Error(`packages/portal/index.html has no ${entry}`);
  const file = path.join(root, 'scripts/floor/index.html');
  writeFileSync(
    file,
    portalHtml.replace(entry, '<script type="module" src="./main.tsx"></script>'),
  );
  return file;
}

async function buildFloor() {
  log('building the floor page (React + the router, one heading) into dist/__floor…');
  const html = writeFloorHtml();
  try {
    await viteBuild({
      configFile: path.join(root, 'packages/portal/vite.config.ts'),
      root: path.join(root, 'scripts/floor'),
      base: '/__floor/',
      logLevel: 'warn',
      build: { outDir: floorDir, emptyOutDir: true, manifest: false },
    });
  } finally {
    rmSync(html, { force: true });
  }
  for (const file of walk(floorDir).filter((f) => /\.(html|js|css)$/.test(f))) precompress(file);
}

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
    await buildFloor();
    const floorRuns = [];
    for (let i = 0; i < RUNS; i++) {
      const r = lighthouseOnce(`${origin}${FLOOR_PATH}`, KEEP ?? dataDir, undefined);
      floorRuns.push(r);
      log(
        `floor ${FLOOR_PATH} run ${floorRuns.length}: performance ${r.performance}, main-thread ` +
          `work ${ms(r.mainThreadMs)}, TBT ${ms(r.tbtMs)}, LCP ${(r.lcpMs / 1000).toFixed(2)} s`,
      );
    }
    floor = {
      mainThreadMs: median(floorRuns.map((r) => r.mainThreadMs)),
      tbtMs: median(floorRuns.map((r) => r.tbtMs)),
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
      const line =
        `${page.path} vs floor (medians of ${runs.length}): main-thread work ` +
        `${ms(mainThreadMs)} / ${ms(floor.mainThreadMs)} = ${ratio(mainThreadMs, floor.mainThreadMs)} ` +
        `(target ≤ ${MAIN_THREAD_RATIO_TARGET}: ${mainRatio <= MAIN_THREAD_RATIO_TARGET ? 'met' : 'missed, printed, not a failure'}); ` +
        `TBT ${ms(tbtMs)} / ${ms(floor.tbtMs)} = ${ratio(tbtMs, floor.tbtMs)}`;
      comparisons.push(line);
      log(line);
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
  rmSync(floorDir, { recursive: true, force: true });
}
process.exit(failedPages ? 1 : 0);
