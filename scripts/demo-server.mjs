// The product as it is deployed, with the demo data, for the measuring scripts (`pnpm lighthouse`,
// `pnpm bench:inp`): the built portal served by the COMPILED server in production mode on a free
// port with a fresh DATA_DIR. The demo data is put into that DATA_DIR first by one start of the
// same compiled server in demo mode (production never seeds); mails go to a loopback SMTP
// catcher, from which `sessionCookie` reads the 2FA code of a real login through the API.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMailbox } from '../e2e/support/mailbox.ts';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverDir = path.join(root, 'packages/server');
export const portalDist = path.join(root, 'packages/portal/dist');
/** The demo client (USER); the demo ADMIN and STAFF share the demo password. */
export const EMAIL = 'klient@example.com';
export const PASSWORD = 'Halsa2026!';

export async function freePort() {
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
export function build(log, label, args, cwd) {
  log(`building ${label}…`);
  const r = spawnSync(process.execPath, args, { cwd, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${label} build failed`);
}

/** The newest change under `dir` (ms since the epoch). */
function newestIn(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/**
 * The portal build when there is none yet or a source file of the portal, ui or api packages is
 * newer than it (a figure of a stale build measures code that is no longer there), then the
 * server's (always: it is quick).
 */
export function buildProduct(log) {
  const built = path.join(portalDist, 'login.html');
  const sources = ['api', 'ui', 'portal'].map((p) => path.join(root, 'packages', p, 'src'));
  const stale =
    !existsSync(built) ||
    Math.max(...sources.map(newestIn), statSync(path.join(root, 'scripts/prerender.mjs')).mtimeMs) >
      statSync(built).mtimeMs;
  if (stale) {
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
  build(log, 'the server', ['build.mjs'], serverDir);
}

/** Starts the compiled server; resolves once it answers, with a stop function. */
export async function startServer(env) {
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

/**
 * The demo data seeded into a fresh DATA_DIR, then the compiled server in production mode on it.
 * Returns the origin, the mailbox and `close()` (stops the server and the mailbox, removes the
 * DATA_DIR).
 */
export async function startDemoProduction(log, prefix = 'halsa-demo-') {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
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
  const close = async () => {
    await server?.stop();
    await mailbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    log('seeding demo data (one start in demo mode)…');
    const seeding = await startServer({ ...env, NODE_ENV: 'development', DEMO: 'true' });
    await seeding.stop();
    server = await startServer({ ...env, NODE_ENV: 'production', DEMO: 'false' });
    log(`production server on ${origin}`);
  } catch (error) {
    await close();
    throw error;
  }
  return { origin, mailbox, dataDir, server, close };
}

/** A real login through the API: password, then the code from the caught mail. */
export async function sessionCookie(origin, mailbox, email = EMAIL) {
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

/** As the ADMIN: two lab CSVs of design §4.12 for the client, so /lab-results draws trends. */
export async function uploadLabCsvs(origin, mailbox) {
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
