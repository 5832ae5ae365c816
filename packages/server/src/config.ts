// Configuration from the environment (design.md §3), validated once at start.
// A bad value throws ConfigError whose message is one line naming the variable;
// main.ts prints it and exits without a stack trace.
import path from 'node:path';

export type NodeEnv = 'development' | 'production' | 'test';

export interface Config {
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Origin-only base of links in mails, without trailing slash. */
  publicUrl: string;
  redisUrl: string | undefined;
  /** Redis pub/sub channel of the live fan-out; instances that share it see each other's events. */
  redisChannel: string;
  nodeEnv: NodeEnv;
  isProduction: boolean;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Ogiltig konfiguration: ${variable} ${detail}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function nonEmpty(env: Env, name: string): string | undefined {
  const v = env[name];
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}

function parseUrl(name: string, value: string, protocols: string[]): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(name, `är ingen giltig URL: "${value}"`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(
      name,
      `måste börja med ${protocols.map((p) => `${p}//`).join(' eller ')} (fick "${url.protocol}//")`,
    );
  }
  return url;
}

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const nodeEnvRaw = nonEmpty(env, 'NODE_ENV') ?? 'development';
  if (!['development', 'production', 'test'].includes(nodeEnvRaw)) {
    throw new ConfigError(
      'NODE_ENV',
      `måste vara development, production eller test (fick "${nodeEnvRaw}")`,
    );
  }
  const nodeEnv = nodeEnvRaw as NodeEnv;

  const portRaw = nonEmpty(env, 'PORT') ?? '8080';
  if (!/^\d{1,5}$/.test(portRaw) || Number(portRaw) < 1 || Number(portRaw) > 65535) {
    throw new ConfigError('PORT', `måste vara ett heltal 1–65535 (fick "${portRaw}")`);
  }
  const port = Number(portRaw);

  const dataDir = path.resolve(cwd, nonEmpty(env, 'DATA_DIR') ?? './.data');

  const databaseUrlRaw = nonEmpty(env, 'DATABASE_URL');
  if (databaseUrlRaw) parseUrl('DATABASE_URL', databaseUrlRaw, ['postgres:', 'postgresql:']);

  const smtpUrlRaw = nonEmpty(env, 'SMTP_URL');
  if (smtpUrlRaw) parseUrl('SMTP_URL', smtpUrlRaw, ['smtp:', 'smtps:']);

  const mailFrom = nonEmpty(env, 'MAIL_FROM') ?? 'Hälsoportalen <no-reply@example.com>';
  if (!/^[^<>@\s]+@[^<>@\s]+$|<[^<>@\s]+@[^<>@\s]+>\s*$/.test(mailFrom)) {
    throw new ConfigError('MAIL_FROM', `saknar en giltig e-postadress (fick "${mailFrom}")`);
  }

  const publicUrlRaw = nonEmpty(env, 'PUBLIC_URL') ?? `http://localhost:${port}`;
  const publicUrl = parseUrl('PUBLIC_URL', publicUrlRaw, ['http:', 'https:']);
  if (publicUrl.pathname !== '/' || publicUrl.search || publicUrl.hash) {
    throw new ConfigError(
      'PUBLIC_URL',
      `får bara innehålla schema, värd och port (fick "${publicUrlRaw}")`,
    );
  }

  const redisUrlRaw = nonEmpty(env, 'REDIS_URL');
  if (redisUrlRaw) parseUrl('REDIS_URL', redisUrlRaw, ['redis:', 'rediss:']);
  // Deployments sharing one Redis (staging beside production) each need a channel of their own.
  const redisChannel = nonEmpty(env, 'REDIS_CHANNEL') ?? 'halsa:live';
  if (!/^[\x21-\x7e]{1,100}$/.test(redisChannel)) {
    throw new ConfigError(
      'REDIS_CHANNEL',
      `får bara innehålla synliga ASCII-tecken utan mellanslag, högst 100 (fick "${redisChannel}")`,
    );
  }

  const isProduction = nodeEnv === 'production';
  if (isProduction && !smtpUrlRaw) {
    throw new ConfigError('SMTP_URL', 'måste anges i produktion (dev-utkorgen finns inte där)');
  }

  return {
    port,
    dataDir,
    databaseUrl: databaseUrlRaw,
    smtpUrl: smtpUrlRaw,
    mailFrom,
    publicUrl: publicUrl.origin,
    redisUrl: redisUrlRaw,
    redisChannel,
    nodeEnv,
    isProduction,
  };
}
