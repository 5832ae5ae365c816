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
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMailbox } from '../e2e/support/mailbox.ts';
import { chromiumArgs, chromiumPath } from './chromium.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = path.join(root, 'packages/server');
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Math.max(1, Number(process.argv[runsArg + 1]) || 1) : 1;
const keepArg = process.argv.indexOf('--keep');
/** `--keep DIR`: the Lighthouse JSON reports are left there to read. */
const KEEP = keepArg > 0 ? path.resolve(process.argv[keepArg + 1] ?? '.') : undefined;
const pageArg = process.argv.indexOf('--page');
/** `--page /lab-results`: only that page (while working on it). */
const ONLY = pageArg > 0 ? process.argv[pageArg + 1] : undefined;
const EMAIL = 'klient@example.com';
const PASSWORD = 'Halsa2026!';

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

async function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** Runs `node …args` (a build) and stops the script when it fails. */
function build(label, args, cwd) {
  log(`building ${label}…`);
  const r = spawnSync(process.execPath, args, { cwd, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${label} build failed`);
}

/** Starts the compiled server; resolves once it answers, with a stop function. */
async function startServer(env) {
  let output = '';
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
    cwd: serverDir,
    env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${env.PORT}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped:\n${output}`);
    const ok = await fetch(`${url}/api/v1/auth/me`).then(
      (r) => r.status === 401 || r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    output: () => output,
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
    },
  };
}

/** A real login through the API: password, then the code from the caught mail. */
async function sessionCookie(origin, mailbox, email = EMAIL) {
  const headers = { 'content-type': 'application/json', origin };
  const auth = await fetch(`${origin}/api/v1/auth/authenticate`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!auth.ok) throw new Error(`authenticate answered ${auth.status}: ${await auth.text()}`);
  const { message: twoFactorId } = await auth.json();
  const mail = await mailbox.waitFor(email, (m) => /\b\d{6}\b/.test(m.text));
  const code = /\b(\d{6})\b/.exec(mail.text)[1];
  const verify = await fetch(`${origin}/api/v1/auth/verify-2fa`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ twoFactorId, code }),
  });
  if (!verify.ok) throw new Error(`verify-2fa answered ${verify.status}: ${await verify.text()}`);
  const cookie = verify.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('halsa_session='));
  if (!cookie) throw new Error('no session cookie after verify-2fa');
  return cookie;
}

function runLighthouse(url, outDir, extraHeaders) {
  const out = path.join(outDir, `lh-${new URL(url).pathname.slice(1)}-${Date.now()}.json`);
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

// ---------------------------------------------------------------------------------------------
/** As the ADMIN: two lab CSVs of design §4.12 for the client, so /lab-results draws trends. */
async function uploadLabCsvs(origin, mailbox) {
  const cookie = await sessionCookie(origin, mailbox, 'admin@example.com');
  const clients = await fetch(`${origin}/api/v1/admin/clients`, { headers: { cookie } });
  const client = (await clients.json()).find((c) => c.email === EMAIL);
  const header = 'analys;loinc;värde;enhet;ref_låg;ref_hög;provtagningsdatum';
  for (const [day, hb, chol] of [
    ['2026-10-01', '140', '4,8'],
    ['2026-11-02', '142', '6,4'],
  ]) {
    const body = new FormData();
    const csv = `${header}\nHemoglobin (Hb);718-7;${hb};g/L;117;153;${day}\nKolesterol;2093-3;${chol};mmol/L;;5,0;${day}\nVitamin D;1989-3;48,5;nmol/L;;;${day}\n`;
    body.append('file', new Blob([csv], { type: 'text/csv' }), `Provsvar_${day}.csv`);
    const res = await fetch(`${origin}/api/v1/admin/upload-lab/${client.id}`, {
      method: 'POST',
      headers: { cookie, origin },
      body,
    });
    if (res.status !== 201)
      throw new Error(`upload-lab answered ${res.status}: ${await res.text()}`);
  }
}

if (!existsSync(chromiumPath)) {
  console.error(`lighthouse: no Chromium at ${chromiumPath} (apt-get install chromium).`);
  process.exit(1);
}
if (!existsSync(path.join(root, 'packages/portal/dist/login.html'))) {
  // pnpm as this script was started (npx pnpm on a fresh machine has no global pnpm), as
  // scripts/test.mjs does it.
  const execPath = process.env.npm_execpath ?? '';
  const [cmd, ...pre] = /\.[cm]?js$/.test(execPath)
    ? [process.execPath, execPath]
    : [/pnpm/.test(execPath) ? execPath : 'pnpm'];
  log('building the portal…');
  const r = spawnSync(cmd, [...pre, '--filter', '@halsa/portal', 'run', 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('the portal build failed');
}
build('the server', ['build.mjs'], serverDir);

if (KEEP) mkdirSync(KEEP, { recursive: true });
const dataDir = mkdtempSync(path.join(tmpdir(), 'halsa-lighthouse-'));
const mailbox = await startMailbox();
const port = await freePort();
const origin = `http://localhost:${port}`;
const env = {
  PORT: String(port),
  DATA_DIR: dataDir,
  PUBLIC_URL: origin,
  SMTP_URL: mailbox.url,
  SESSION_SECRET: randomBytes(32).toString('base64'),
};
let server;
let failedPages = 0;
try {
  log('seeding demo data (one start in demo mode)…');
  const seeding = await startServer({ ...env, NODE_ENV: 'development', DEMO: 'true' });
  await seeding.stop();

  server = await startServer({ ...env, NODE_ENV: 'production', DEMO: 'false' });
  log(`production server on ${origin}`);
  const cookie = await sessionCookie(origin, mailbox);
  await uploadLabCsvs(origin, mailbox);

  const pages = [
    { path: '/login', headers: undefined },
    { path: '/overview', headers: { Cookie: cookie } },
    { path: '/lab-results', headers: { Cookie: cookie } },
  ];
  for (const page of pages.filter((p) => !ONLY || p.path === ONLY)) {
    const target = TARGETS[page.path];
    const runs = [];
    const measure = () => {
      const r = lighthouseOnce(`${origin}${page.path}`, KEEP ?? dataDir, page.headers);
      runs.push(r);
      log(
        `${page.path} run ${runs.length}: performance ${r.performance}, accessibility ` +
          `${r.accessibility}, best practices ${r['best-practices']}, LCP ` +
          `${(r.lcpMs / 1000).toFixed(2)} s, CLS ${r.cls.toFixed(3)}, TBT ${Math.round(r.tbtMs)} ms` +
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
} catch (error) {
  failedPages += 1;
  console.error(`lighthouse: ${error.message}`);
} finally {
  await server?.stop();
  await mailbox.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failedPages ? 1 : 0);
