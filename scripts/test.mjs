#!/usr/bin/env node
// The one test command (README, .ci/run): lint and types beside portal build, /login budget, then
// every Vitest project (unit, browser, stories, visual, server on PGlite and
// PostgreSQL, end-to-end), then Lighthouse. Prints a timed summary and ends with
// "N passed, N failed".
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
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

/**
 * Runs one step and resolves when it ends. `log`: a file for its output, printed once it is done
 * (a step that runs beside others); otherwise the output goes straight to the terminal.
 */
function run(name, cmd, args, opts = {}, log = undefined) {
  if (cmd === 'pnpm') [cmd, ...args] = [...pnpmCmd, ...args];
  const t0 = Date.now();
  console.log(`\n▶ ${name}${log ? ' (beside the next steps)' : ''}: ${cmd} ${args.join(' ')}`);
  const fd = log ? openSync(log, 'w') : undefined;
  const child = spawn(cmd, args, { stdio: log ? ['ignore', fd, fd] : 'inherit', ...opts });
  return new Promise((resolve) => {
    const done = (ok) => {
      if (fd !== undefined) closeSync(fd);
      steps.push({ name, ok, ms: Date.now() - t0 });
      if (log) {
        const output = readFileSync(log, 'utf8').trimEnd();
        console.log(`\n◀ ${name} ${ok ? 'passed' : 'FAILED'}${output ? `:\n${output}` : ''}`);
      }
      resolve(ok);
    };
    child.on('error', (error) => {
      console.error(`${name}: ${error.message}`);
      done(false);
    });
    child.on('exit', (code) => done(code === 0));
  });
}

const only = process.argv.slice(2);
const want = (name) => only.length === 0 || only.includes(name);
const logDir = mkdtempSync(join(tmpdir(), 'halsa-test-logs-'));

// Lint and types read the sources and write nothing the other steps use, so they run beside the
// build and the Vitest projects (issue 37 item 7): those leave a core idle whenever a test waits
// on Chromium, a started server or a timer. Their output is printed when each is done.
const beside = [];
if (want('lint')) beside.push(run('lint', 'pnpm', ['run', '-s', 'lint'], {}, join(logDir, 'lint')));
if (want('types'))
  beside.push(run('types', 'pnpm', ['run', '-s', 'typecheck'], {}, join(logDir, 'types')));
if (want('build'))
  await run('portal build', 'pnpm', ['--filter', '@halsa/portal', 'run', '-s', 'build']);
// The /login budget (issue 14: 100 kB gzipped JS) right after the build it measures.
if (want('budget')) await run('budget', 'pnpm', ['run', '-s', 'budget']);
// No Storybook build here: every story already runs as a test through Vitest (the storybook
// project), and no test reads storybook-static. `pnpm build-storybook` (Chromatic) builds it.

let counts = { passed: 0, failed: 0, skipped: 0 };
let layers = '';
// Each failed test and file (from Vitest's JSON report), printed at the very end: the last lines
// are what a CI log keeps, and a count alone does not say what to fix.
let failures = [];
if (want('vitest')) {
  const dir = mkdtempSync(join(tmpdir(), 'halsa-test-'));
  const out = join(dir, 'vitest.json');
  // Per-project times (scripts/timing-reporter.mjs), printed under the summary.
  const timings = join(dir, 'timings.json');
  // Unhandled errors (scripts/flaky-reporter.mjs): they fail the run without failing a test.
  const unhandled = join(dir, 'unhandled.json');
  await run(
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
    { env: { ...process.env, HALSA_TIMINGS: timings, HALSA_UNHANDLED: unhandled } },
  );
  if (existsSync(timings)) layers = formatTimings(JSON.parse(readFileSync(timings, 'utf8')));
  if (existsSync(unhandled)) {
    for (const line of JSON.parse(readFileSync(unhandled, 'utf8'))) {
      failures.push(`unhandled error in ${line}`);
    }
  }
  try {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    counts = {
      passed: report.numPassedTests ?? 0,
      failed: (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0),
      skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    };
    failures.push(...failedIn(report));
  } catch {
    counts.failed += 1;
    console.error('No Vitest report was written.');
  }
}

await Promise.all(beside);

/** "file > test: first line of the error" for each failed test, or the file when it failed whole. */
function failedIn(report) {
  const root = process.cwd() + '/';
  const firstLine = (text) =>
    String(text ?? '')
      .split('\n')
      .find((l) => l.trim()) ?? '';
  const lines = [];
  for (const file of report.testResults ?? []) {
    const name = String(file.name ?? '').replace(root, '');
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests) {
      const why = firstLine(t.failureMessages?.[0]).slice(0, 200);
      lines.push(`${name} > ${t.fullName ?? t.title}${why ? `: ${why}` : ''}`);
    }
    if (failedTests.length === 0 && file.status === 'failed') {
      lines.push(`${name} (the file): ${firstLine(file.message).slice(0, 200)}`);
    }
  }
  return lines;
}

// Lighthouse mobile on the compiled server in production mode (issue 14), after the browser
// tests and the steps beside them so that nothing shares the CPU with it.
if (want('lighthouse')) await run('lighthouse', 'pnpm', ['run', '-s', 'lighthouse']);

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
if (failures.length > 0) {
  console.log(`failed (${failures.length}):`);
  for (const line of failures) console.log(`  ✘ ${line}`);
} else if (failedSteps > 0) {
  const names = steps.filter((s) => !s.ok).map((s) => s.name);
  console.log(
    `failed without a failed test: ${names.join(', ')} (its own output, above, says why)`,
  );
}
console.log(`${counts.passed} passed, ${failed} failed, ${counts.skipped} skipped`);
process.exit(failedSteps > 0 || failed > 0 ? 1 : 0);
