#!/usr/bin/env node
// The one test command (README, .ci/run): lint, types, portal build, /login budget, then every
// Vitest project (unit, browser, stories, visual, server on PGlite and
// PostgreSQL, end-to-end), then Lighthouse. Prints a timed summary and ends with
// "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatTimings } from './timing-reporter.mjs';

const started = Date.now();
const steps = [];
const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;

// Run pnpm the way this script was started (npx pnpm on a fresh machine has no global pnpm).
// npm_execpath is pnpm's JS entry (npx) or a native launcher (global install).
const execPath = process.env.npm_execpath ?? '';
const pnpmCmd = /\.[cm]?js$/.test(execPath)
  ? [process.execPath, execPath]
  : execPath && /pnpm/.test(execPath)
    ? [execPath]
    : ['pnpm'];

function run(name, cmd, args, opts = {}) {
  if (cmd === 'pnpm') [cmd, ...args] = [...pnpmCmd, ...args];
  const t0 = Date.now();
  console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...opts });
  const ok = r.status === 0;
  steps.push({ name, ok, ms: Date.now() - t0 });
  return ok;
}

const only = process.argv.slice(2);
const want = (name) => only.length === 0 || only.includes(name);

if (want('lint')) run('lint', 'pnpm', ['run', '-s', 'lint']);
if (want('types')) run('types', 'pnpm', ['run', '-s', 'typecheck']);
if (want('build')) run('portal build', 'pnpm', ['--filter', '@halsa/portal', 'run', '-s', 'build']);
// The /login budget (issue 14: 100 kB gzipped JS) right after the build it measures.
if (want('budget')) run('budget', 'pnpm', ['run', '-s', 'budget']);
// No Storybook build here: every story already runs as a test through Vitest (the storybook
// project), and no test reads storybook-static. `pnpm build-storybook` (Chromatic) builds it.

let counts = { passed: 0, failed: 0, skipped: 0 };
let layers = '';
if (want('vitest')) {
  const dir = mkdtempSync(join(tmpdir(), 'halsa-test-'));
  const out = join(dir, 'vitest.json');
  // Per-project times (scripts/timing-reporter.mjs), printed under the summary.
  const timings = join(dir, 'timings.json');
  run(
    'vitest (all projects)',
    'pnpm',
    [
      'exec',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      '--reporter=./scripts/flaky-reporter.mjs',
      '--reporter=./scripts/timing-reporter.mjs',
      `--outputFile.json=${out}`,
      // One retry per test: a race on a busy machine must not refuse every other change. The
      // flaky reporter names each test that needed it; one that fails twice fails the run.
      '--retry=1',
    ],
    { env: { ...process.env, HALSA_TIMINGS: timings } },
  );
  if (existsSync(timings)) layers = formatTimings(JSON.parse(readFileSync(timings, 'utf8')));
  try {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    counts = {
      passed: report.numPassedTests ?? 0,
      failed: (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0),
      skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    };
  } catch {
    counts.failed += 1;
    console.error('No Vitest report was written.');
  }
}

// Lighthouse mobile on the compiled server in production mode (issue 14), after the browser
// tests so they do not share the CPU with it.
if (want('lighthouse')) run('lighthouse', 'pnpm', ['run', '-s', 'lighthouse']);

console.log('\n── Summary ─────────────────────────────');
for (const s of steps) {
  console.log(`${s.ok ? '✔' : '✘'} ${s.name.padEnd(24)} ${secs(s.ms)}`);
  // Each Vitest project (layer): files, time in its files, wall span, slowest files.
  if (s.name.startsWith('vitest') && layers) console.log(layers);
}
console.log(`wall time ${secs(Date.now() - started)}`);
const failedSteps = steps.filter((s) => !s.ok).length;
const failed = Math.max(
  counts.failed,
  failedSteps && counts.failed === 0 ? failedSteps : counts.failed,
);
console.log(`${counts.passed} passed, ${failed} failed, ${counts.skipped} skipped`);
process.exit(failedSteps > 0 || failed > 0 ? 1 : 0);
