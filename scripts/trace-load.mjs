#!/usr/bin/env node
// What each long task of a page load is (issue 39 item 2): `node scripts/trace-load.mjs
// [--times 2] [--page /login] [--slowdown 4] [--keep DIR]`. A tool for finding them, outside
// the test command.
//
// The product as deployed (scripts/slow-phone.mjs), the page opened in a fresh context of
// Debian's Chromium with the CPU slowed (CDP `Emulation.setCPUThrottlingRate`) while Chromium
// records a performance trace (CDP `Tracing`). Every top-level task of the page's main thread
// over 50 ms is printed with its length, its thread time (how long the thread ran on a CPU in it:
// on a busy machine much of a task's length is waiting), its start after navigation, and what
// ran inside it:
// script evaluation and function calls by file, compiling, HTML parsing, stylesheet parsing,
// style recalculation (with the element count), layout, paint, garbage collection; and every use
// of ICU's locale data during the load (Intl objects, localeCompare, toLocale…), whose first
// use is one long task. The floor page (React, the router, one heading) is traced as many times
// in the same run.
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { FLOOR_PATH } from './floor/build.mjs';
import { loadAverage, startSlowPhone } from './slow-phone.mjs';
import { mainThreadEvents, topTasks } from './trace-main.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const TIMES = Math.max(1, Number(arg('--times', 2)) || 2);
const SLOWDOWN = Number(arg('--slowdown', 4)) || 4;
const ONLY = arg('--page');
const KEEP = arg('--keep');
const QUIET_MS = 3000;
const log = (line) => console.log(`trace: ${line}`);

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
  'blink',
  'loading',
  'toplevel',
].join(',');

/** A short name for what one trace event inside a task did. */
function kind(e) {
  const url = (e.args?.data?.url || e.args?.data?.stackTrace?.[0]?.url || e.args?.fileName || '')
    .replace(/^.*\//, '')
    .replace(/\?.*$/, '');
  switch (e.name) {
    case 'EvaluateScript':
    case 'v8.evaluateModule':
      return `evaluate ${url || '(module)'}`;
    case 'FunctionCall':
      return `call ${url || '?'}${e.args?.data?.functionName ? ` ${e.args.data.functionName}` : ''}`;
    case 'v8.compile':
    case 'v8.compileModule':
    case 'V8.CompileCode':
    case 'v8.produceModuleCache':
      return `compile ${url}`;
    case 'ParseHTML':
      return 'parse HTML';
    case 'ParseAuthorStyleSheet':
      return 'parse stylesheet';
    case 'UpdateLayoutTree':
    case 'RecalculateStyles':
      return 'style recalc';
    case 'Layout':
      return 'layout';
    case 'Paint':
    case 'PrePaint':
    case 'Layerize':
    case 'UpdateLayer':
    case 'CompositeLayers':
    case 'Commit':
      return 'paint';
    case 'MinorGC':
    case 'MajorGC':
    case 'V8.GC_SCAVENGER':
    case 'BlinkGC.AtomicPhase':
      return 'GC';
    case 'TimerFire':
      return 'timer';
    case 'FireAnimationFrame':
      return 'animation frame';
    case 'EventDispatch':
      return `event ${e.args?.data?.type ?? ''}`;
    case 'ResourceReceivedData':
    case 'ResourceFinish':
      return undefined;
    default:
      return undefined;
  }
}

/**
 * The functions that ran longest (self time, from the sampling profile) inside a task, as
 * `name file:line ms`.
 */
function hotFunctions(profile, task) {
  if (!profile) return '';
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  let t = profile.startTime;
  for (const [i, id] of profile.samples.entries()) {
    t += profile.timeDeltas[i];
    if (t < task.ts || t > task.ts + task.dur) continue;
    const { functionName, url, lineNumber } = nodes.get(id).callFrame;
    if (!url && /^\((idle|program|garbage collector)\)$/.test(functionName)) continue;
    const key = `${functionName || '(anonymous)'} ${url.replace(/^.*\//, '')}:${lineNumber + 1}`;
    const next = profile.timeDeltas[i + 1] ?? 0;
    self.set(key, (self.get(key) ?? 0) + next);
  }
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .filter(([, v]) => v >= 3000)
    .map(([k, v]) => `${k} ${Math.round(v / 1000)}`)
    .join('; ');
}

/** Self time per kind inside [start, end) of one thread's complete events. */
function breakdown(events, task) {
  const inside = events
    .filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur)
    .filter((e) => kind(e))
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  // Self time: an event's duration minus its known children's.
  const totals = new Map();
  const stack = [];
  const add = (k, v) => totals.set(k, (totals.get(k) ?? 0) + v);
  for (const e of inside) {
    while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent) add(kind(parent), -(e.dur ?? 0));
    add(kind(e), e.dur ?? 0);
    stack.push(e);
  }
  const styles = inside
    .filter((e) => e.name === 'UpdateLayoutTree')
    .map((e) => e.args?.elementCount)
    .filter(Boolean);
  const accounted = [...totals.values()].reduce((a, b) => a + b, 0);
  add('other', task.dur - accounted);
  return {
    parts: [...totals]
      .filter(([, v]) => v >= 2000)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${Math.round(v / 1000)}`)
      .join(', '),
    styles,
  };
}

/**
 * Run in the page before its scripts: notes every use of ICU's locale data (an Intl object,
 * localeCompare, a locale's upper or lower case, toLocale…String), whose first use on a page
 * loads that data in one task (170-210 ms at 12×, issue 39), with its time and caller.
 */
function watchIcu() {
  const uses = [];
  globalThis.__icuUses = uses;
  const note = (what) => {
    const caller = (new Error().stack ?? '').split('\n')[3] ?? '';
    const at = caller.replace(/^.*\/([^/]+?)(\?[^:]*)?:(\d+):\d+\)?$/u, '$1:$3');
    uses.push({ what, at, ms: Math.round(performance.now()) });
  };
  for (const name of [
    'DateTimeFormat',
    'NumberFormat',
    'RelativeTimeFormat',
    'Collator',
    'PluralRules',
    'ListFormat',
    'DisplayNames',
    'Segmenter',
  ]) {
    const original = Intl[name];
    if (!original) continue;
    Intl[name] = new Proxy(original, {
      construct: (target, args, newTarget) => {
        note(`Intl.${name}`);
        return Reflect.construct(target, args, newTarget);
      },
      apply: (target, self, args) => {
        note(`Intl.${name}`);
        return Reflect.apply(target, self, args);
      },
    });
  }
  const methods = [
    [String.prototype, 'localeCompare'],
    [String.prototype, 'toLocaleUpperCase'],
    [String.prototype, 'toLocaleLowerCase'],
    [Number.prototype, 'toLocaleString'],
    [Date.prototype, 'toLocaleString'],
    [Date.prototype, 'toLocaleDateString'],
    [Date.prototype, 'toLocaleTimeString'],
  ];
  for (const [proto, name] of methods) {
    const original = proto[name];
    Object.defineProperty(proto, name, {
      configurable: true,
      writable: true,
      value: function (...args) {
        note(name);
        return original.apply(this, args);
      },
    });
  }
}

/** The page's uses of ICU during its load, as one line. */
function icuLine(uses) {
  if (!uses?.length) return 'ICU (Intl, locale methods) during the load: none';
  const kinds = new Map();
  for (const u of uses) kinds.set(u.what, (kinds.get(u.what) ?? 0) + 1);
  const [first] = uses;
  return (
    `ICU during the load: ${uses.length} uses (${[...kinds].map(([k, n]) => `${k} ×${n}`).join(', ')}); ` +
    `first ${first.what} at ${first.ms} ms from ${first.at || '?'}`
  );
}

async function traceOnce(browser, origin, cookie, pagePath) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  if (cookie) {
    const [name, value] = cookie.split(/=(.*)/s);
    await context.addCookies([{ name, value, url: origin, httpOnly: true, sameSite: 'Lax' }]);
  }
  const page = await context.newPage();
  await page.addInitScript(watchIcu);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    traceConfig: {
      includedCategories: CATEGORIES.split(','),
      recordMode: 'recordAsMuchAsPossible',
    },
    transferMode: 'ReportEvents',
  });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(`${origin}${pagePath}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(QUIET_MS);
  const { profile } = await cdp.send('Profiler.stop');
  await cdp.send('Tracing.end');
  await done;
  const icu = await page.evaluate(() => globalThis.__icuUses);
  await context.close();
  return { events, profile, icu };
}

export function analyse(events, pagePath, profile) {
  const main = mainThreadEvents(events);
  const nav = main.find((e) => e.name === 'DocumentLoader::CommitNavigation');
  // Nested RunTasks: the outermost.
  const outer = topTasks(main, 50_000);
  const tbt = outer.reduce((s, t) => s + Math.max(0, t.dur / 1000 - 50), 0);
  const lines = outer
    .sort((a, b) => b.dur - a.dur)
    .slice(0, 6)
    .map((t) => {
      const { parts, styles } = breakdown(main, t);
      const hot = hotFunctions(profile, t);
      return (
        `    ${Math.round(t.dur / 1000)} ms (thread ${Math.round((t.tdur ?? t.dur) / 1000)}) at ` +
        `${Math.round((t.ts - (nav?.ts ?? t.ts)) / 1000)} ms: ${parts}` +
        `${styles.length ? ` [style elements ${styles.join('/')}]` : ''}${hot ? `\n      hot: ${hot}` : ''}`
      );
    });
  log(`${pagePath}: ${outer.length} tasks over 50 ms, blocking ${Math.round(tbt)} ms`);
  for (const l of lines) log(l);
  return tbt;
}

if (import.meta.main) {
  const phone = await startSlowPhone(log, 'trace: ');
  try {
    const pages = [
      { path: FLOOR_PATH, cookie: undefined },
      { path: '/login', cookie: undefined },
      { path: '/overview', cookie: phone.clientCookie },
      { path: '/lab-results', cookie: phone.clientCookie },
    ].filter((p) => !ONLY || p.path === ONLY || p.path === FLOOR_PATH);
    log(`CPU slowed ${SLOWDOWN}×, load ${loadAverage()}`);
    if (KEEP) mkdirSync(KEEP, { recursive: true });
    for (let i = 0; i < TIMES; i++) {
      for (const p of pages) {
        const { events, profile, icu } = await traceOnce(
          phone.browser,
          phone.origin,
          p.cookie,
          p.path,
        );
        if (KEEP) {
          const file = path.join(KEEP, `${p.path.replace(/\W+/g, '_')}-${i}.json`);
          writeFileSync(file, JSON.stringify({ traceEvents: events, profile }));
        }
        analyse(events, p.path, profile);
        log(`  ${icuLine(icu)}`);
      }
    }
  } finally {
    await phone.close();
  }
}
