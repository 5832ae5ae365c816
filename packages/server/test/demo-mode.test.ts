// Safe defaults (issue 16 §1): the demo is an explicit mode (DEMO=true), never in production.
// Without it there is no demo seed, no dev outbox, no printed link; /dev/mail answers only
// loopback even in demo mode; the first ADMIN comes from `pnpm create-admin`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { createAdmin, CreateAdminError } from '../src/modules/auth/create-admin.ts';
import { describeDb, lastCode, send, TEST_DB, useTestApp } from './helpers.ts';

const serverDir = path.resolve(fileURLToPath(new URL('..', import.meta.url)));

function configErrorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('no ConfigError');
}

describe('DEMO in the configuration', () => {
  it('is off unless asked for, and refused in production with one Swedish line', () => {
    expect(loadConfig({ DEMO: 'true' }).demo).toBe(true);
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).demo).toBe(false);
    const error = configErrorOf({
      DEMO: 'true',
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      SESSION_SECRET: 'x'.repeat(32),
    });
    expect(error.variable).toBe('DEMO');
    expect(error.message).toBe(
      'Ogiltig konfiguration: DEMO får inte vara på i produktion (NODE_ENV=production)',
    );
    expect(configErrorOf({ DEMO: 'ja' }).variable).toBe('DEMO');
  });

  it('a missing NODE_ENV without DEMO has no dev outbox: SMTP_URL is required', () => {
    expect(configErrorOf({}).message).toBe(
      'Ogiltig konfiguration: SMTP_URL måste anges utan DEMO=true (dev-utkorgen finns bara i demoläget)',
    );
  });

  it('production requires SESSION_SECRET of at least 32 characters', () => {
    const prod = { NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525' };
    expect(configErrorOf(prod).variable).toBe('SESSION_SECRET');
    expect(configErrorOf({ ...prod, SESSION_SECRET: 'kort' }).variable).toBe('SESSION_SECRET');
    expect(loadConfig({ ...prod, SESSION_SECRET: 's'.repeat(32) }).sessionSecret).toBe(
      's'.repeat(32),
    );
  });
});

describeDb('/dev/mail', () => {
  describe('without demo mode (NODE_ENV unset → development)', () => {
    const t = useTestApp({ config: { nodeEnv: 'development', demo: false } });
    it('does not exist', async () => {
      expect((await send(t, 'GET', '/dev/mail')).statusCode).toBe(404);
      expect(t.app.routeAccess.some((r) => r.url.startsWith('/dev'))).toBe(false);
    });
  });

  describe('in demo mode', () => {
    const t = useTestApp({ config: { nodeEnv: 'development', demo: true } });
    it('answers loopback only, and nothing that came through a proxy', async () => {
      await send(t, 'POST', '/api/v1/auth/authenticate', {
        body: { email: 'klient@example.com', password: 'Halsa2026!' },
      });
      const local = await t.app.inject({ url: '/dev/mail', remoteAddress: '127.0.0.1' });
      expect(local.statusCode).toBe(200);
      expect(local.json().mails[0].to).toBe('klient@example.com');
      for (const remoteAddress of ['10.0.0.7', '192.168.1.20', '2001:db8::1']) {
        const res = await t.app.inject({ url: '/dev/mail', remoteAddress });
        expect(res.statusCode, remoteAddress).toBe(404);
        expect(res.body).not.toContain('klient@example.com');
      }
      const proxied = await t.app.inject({
        url: '/dev/mail',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(proxied.statusCode).toBe(404);
    });

    it('a browser gets a Swedish page with clickable links; ?format=json the JSON (issue 35)', async () => {
      await send(t, 'POST', '/api/v1/auth/forgot-password', {
        body: { email: 'klient@example.com' },
      });
      await t.app.ctx.tasks.idle();
      const page = await t.app.inject({
        url: '/dev/mail',
        remoteAddress: '127.0.0.1',
        headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
      });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      const html = page.body;
      expect(html).toContain('<html lang="sv">');
      expect(html).toContain('<h1>Utkorg (demoläge)</h1>');
      expect(html).toContain('<h2>Återställ ditt lösenord</h2>');
      expect(html).toContain('<dt>Till</dt><dd>klient@example.com</dd>');
      expect(html).toMatch(/<dt>Skickat<\/dt><dd><time datetime="[^"]+">\d+ \p{L}+ \d{4}/u);
      expect(html).toMatch(
        /<a href="http:\/\/localhost:8080\/reset-password\?token=[\w-]+">http:\/\/localhost:8080\/reset-password\?token=[\w-]+<\/a>/,
      );
      expect(html).toContain('<a href="/dev/mail?format=json">Visa som JSON</a>');
      const json = await t.app.inject({
        url: '/dev/mail?format=json',
        remoteAddress: '127.0.0.1',
        headers: { accept: 'text/html' },
      });
      expect(json.json().mails[0]).toMatchObject({ to: 'klient@example.com' });
    });

    it('answers only a loopback Host: a rebound hostile domain gets the 404 (issue 22)', async () => {
      await send(t, 'POST', '/api/v1/auth/authenticate', {
        body: { email: 'klient@example.com', password: 'Halsa2026!' },
      });
      // A page on evil.example whose DNS now answers 127.0.0.1: loopback peer, its own Host.
      for (const host of ['evil.example', 'evil.example:8080', 'localhost.evil.example']) {
        const res = await t.app.inject({
          url: '/dev/mail',
          remoteAddress: '127.0.0.1',
          headers: { host },
        });
        expect(res.statusCode, host).toBe(404);
        expect(res.body).not.toContain('klient@example.com');
      }
      for (const host of ['localhost:8080', 'LOCALHOST', '127.0.0.1:8080', '[::1]:8080']) {
        const res = await t.app.inject({
          url: '/dev/mail',
          remoteAddress: '127.0.0.1',
          headers: { host },
        });
        expect(res.statusCode, host).toBe(200);
      }
    });
  });
});

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

// The started server itself (main.ts), once: PGlite leg only, it does not depend on the database.
describe.runIf(TEST_DB === 'pglite')('the started server in production without DEMO', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'halsa-prod-'));
  let output = '';
  let url = '';
  let stop: () => Promise<void> = async () => {};

  beforeAll(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PORT: String(port),
        DATA_DIR: dataDir,
        SMTP_URL: 'smtp://127.0.0.1:9',
        SESSION_SECRET: 'prod-secret-0123456789abcdef0123456789',
        PUBLIC_URL: `http://localhost:${port}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    stop = async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
    };
    const deadline = Date.now() + 90_000;
    while (!output.includes('Hälsoportalen körs på')) {
      if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
      if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 120_000);

  afterAll(async () => {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('has no demo accounts, prints no link and points at create-admin', async () => {
    const res = await fetch(`${url}/api/v1/auth/authenticate`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: url.replace('127.0.0.1', 'localhost'),
      },
      body: JSON.stringify({ email: 'admin@example.com', password: 'Halsa2026!' }),
    });
    expect(res.status).toBe(401);
    expect(output).not.toContain('Demokonton');
    expect(output).not.toContain('admin@example.com');
    expect(output).not.toMatch(/inbjudningslänk|token=/);
    expect(output).toContain('pnpm create-admin');
  });

  it('has no /dev/mail, even from loopback', async () => {
    const res = await fetch(`${url}/dev/mail`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('mails');
  });
});

describeDb('pnpm create-admin', () => {
  const t = useTestApp();

  it('makes an ADMIN without a password whose link sets her own password', async () => {
    const made = await createAdmin(t.db.db, t.clock, 'http://localhost:8080', {
      email: ' Chef@Example.se ',
    });
    expect(made.email).toBe('chef@example.se');
    expect(made.link).toMatch(/^http:\/\/localhost:8080\/new-password\?token=[\w-]+$/);
    const user = await t.db.db
      .selectFrom('users')
      .select(['role', 'password_hash'])
      .where('id', '=', made.userId)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ role: 'ADMIN', password_hash: null });
    // No password works before she has chosen one.
    const before = await send(t, 'POST', '/api/v1/auth/authenticate', {
      body: { email: 'chef@example.se', password: '' },
    });
    expect(before.statusCode).toBe(400);

    const token = new URL(made.link).searchParams.get('token')!;
    const set = await send(t, 'POST', '/api/v1/auth/set-password', {
      body: { token, password: 'Blåbärssoppa-Vasaloppet9' },
    });
    expect(set.statusCode).toBe(204);
    const auth = await send(t, 'POST', '/api/v1/auth/authenticate', {
      body: { email: 'chef@example.se', password: 'Blåbärssoppa-Vasaloppet9' },
    });
    expect(auth.statusCode).toBe(200);
    const verify = await send(t, 'POST', '/api/v1/auth/verify-2fa', {
      body: { twoFactorId: auth.json().message, code: lastCode(t.outbox, 'chef@example.se') },
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().role).toBe('ADMIN');
  });

  it('refuses a taken or malformed address in Swedish and changes nothing', async () => {
    const count = async () =>
      Number(
        (
          await t.db.db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    await expect(
      createAdmin(t.db.db, t.clock, 'http://localhost:8080', { email: 'admin@example.com' }),
    ).rejects.toThrow(new CreateAdminError('Det finns redan ett konto med den e-postadressen.'));
    await expect(
      createAdmin(t.db.db, t.clock, 'http://localhost:8080', { email: 'inte en adress' }),
    ).rejects.toThrow('Ogiltig e-postadress: "inte en adress"');
    expect(await count()).toBe(before);
  });
});
