// Configuration is validated at start; a bad value stops the server with one line.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

describe('config', () => {
  it('has the defaults of design.md §3', () => {
    // The README's start command sets DEMO=true (test/demo-mode.test.ts: without it).
    const c = loadConfig({ DEMO: 'true' }, '/srv/app');
    expect(c).toMatchObject({
      port: 8080,
      dataDir: '/srv/app/.data',
      databaseUrl: undefined,
      smtpUrl: undefined,
      mailFrom: 'Hälsoportalen <no-reply@example.com>',
      publicUrl: 'http://localhost:8080',
      redisUrl: undefined,
      redisChannel: 'halsa:live',
      nodeEnv: 'development',
      isProduction: false,
      demo: true,
      sessionSecret: undefined,
    });
    expect(loadConfig({ PORT: '9000', DEMO: 'true' }).publicUrl).toBe('http://localhost:9000');
    expect(loadConfig({ REDIS_CHANNEL: 'halsa:live:staging', DEMO: 'true' }).redisChannel).toBe(
      'halsa:live:staging',
    );
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'not a url' }, 'SMTP_URL'],
    [{ PUBLIC_URL: 'ftp://x' }, 'PUBLIC_URL'],
    [{ PUBLIC_URL: 'https://x.se/app' }, 'PUBLIC_URL'],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL'],
    [{ REDIS_CHANNEL: 'halsa live' }, 'REDIS_CHANNEL'],
    [{ REDIS_CHANNEL: 'x'.repeat(101) }, 'REDIS_CHANNEL'],
    [{ NODE_ENV: 'prod' }, 'NODE_ENV'],
    [{ MAIL_FROM: 'ingen adress' }, 'MAIL_FROM'],
    [{ NODE_ENV: 'production' }, 'SMTP_URL'],
  ])('%o is refused naming %s', (env, variable) => {
    try {
      loadConfig(env);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).variable).toBe(variable);
      expect((error as Error).message).toContain(variable);
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('the server exits with one clear line, no stack trace', () => {
    const cwd = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd,
      env: { PATH: process.env.PATH, PORT: 'åtta' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      'Ogiltig konfiguration: PORT måste vara ett heltal 1–65535 (fick "åtta")',
    );
    expect(result.stdout).toBe('');
  });
});
