// Starts the whole product the way `pnpm start` does (built portal served by the real
// server) on a free port with a fresh DATA_DIR (a copy of the run's seeded one,
// global-setup.ts) and a loopback SMTP catcher, and gives tests a Debian Chromium through
// playwright-core.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.ts';
import { startMailbox, type Mailbox } from './mailbox.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export interface Product {
  url: string;
  mailbox: Mailbox;
  browser: Browser;
  output: () => string;
  stop: () => Promise<void>;
}

/** A started server process: its address, its console output and a way to stop it. */
export interface ServerProcess {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts the server the way `pnpm start` does (tsx, demo mode) on a free port with `env` (at
 * least DATA_DIR) and resolves once it answers.
 */
export async function runServer(
  env: Record<string, string>,
  /** How long it may take to answer (the first start makes and seeds the database). */
  startMs = 90_000,
): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  let log = '';
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'packages/server/src/main.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DEMO: 'true',
        PORT: String(port),
        PUBLIC_URL: url,
        DATABASE_URL: '',
        REDIS_URL: '',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));

  const deadline = Date.now() + startMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Servern avslutades:\n${log}`);
    try {
      const r = await fetch(`${url}/api/v1/auth/me`);
      if (r.status === 401 || r.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Servern startade inte inom ${startMs / 1000} s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    output: () => log,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    },
  };
}

export async function startProduct(env: Record<string, string> = {}): Promise<Product> {
  // Without a build every page waits 30 s for a login form that never comes; say why at once.
  if (!existsSync(join(root, 'packages/portal/dist/index.html'))) {
    throw new Error(
      'The portal is not built: run `pnpm --filter @halsa/portal build` first (`pnpm test` does).',
    );
  }
  const mailbox = await startMailbox();
  const dataDir = mkdtempSync(join(tmpdir(), 'halsa-e2e-'));
  // The demo data seeded once for the run (global-setup.ts), copied: a fresh copy per file.
  const seeded = inject('seededDataDir');
  if (seeded) cpSync(seeded, dataDir, { recursive: true });
  const server = await runServer({ DATA_DIR: dataDir, SMTP_URL: mailbox.url, ...env });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  return {
    url: server.url,
    mailbox,
    browser,
    output: server.output,
    stop: async () => {
      await browser.close();
      await server.stop();
      await mailbox.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One product for the test file that calls it (started before its tests, stopped after), and a
 * fresh Swedish browser context per page: what every e2e file otherwise wrote out again.
 */
export function useProduct(env: Record<string, string> = {}) {
  let product: Product | undefined;
  beforeAll(async () => {
    product = await startProduct(env);
  });
  afterAll(async () => {
    await product?.stop();
  });
  return {
    get product(): Product {
      if (!product) throw new Error('The product has not started yet.');
      return product;
    },
    async newPage(viewport = { width: 1280, height: 900 }): Promise<Page> {
      const context = await this.product.browser.newContext({ locale: 'sv-SE', viewport });
      return context.newPage();
    },
  };
}
