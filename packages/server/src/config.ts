// Configuration from the environment (design.md §3), validated once at start.
// A bad value throws ConfigError whose message is one line naming the variable;
// main.ts prints it and exits without a stack trace.
import net from 'node:net';
import path from 'node:path';
import { coversEveryAddress } from './security/ip-network.ts';
import { loadEidConfig, type EidSettings } from './modules/eid/config.ts';

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
  /**
   * DEMO=true: the demo mode of `pnpm start` (demo seed, dev outbox on loopback, a printed
   * invitation link). Never in production; off unless asked for.
   */
  demo: boolean;
  /**
   * SESSION_SECRET: key of the HMAC that login codes are stored under. Required in production;
   * elsewhere main.ts falls back to a secret generated once per DATA_DIR (security/secret.ts).
   */
  sessionSecret: string | undefined;
  /**
   * MIGRATION_DATABASE_URL: the schema owner, who runs the migrations at start, so DATABASE_URL
   * can be a role that may only INSERT into activity_log (src/db/app-role.ts). Unset → DATABASE_URL.
   */
  migrationDatabaseUrl: string | undefined;
  /**
   * TRUST_PROXY: the reverse proxy's addresses/CIDRs (comma-separated); forwarded headers from
   * them make `request.ip` the client's. Unset → forwarded headers are ignored.
   */
  trustProxy: string[] | undefined;
  /** EID_*: the e-legitimation broker (modules/eid/config.ts, design §4.18); unset → none. */
  eid: EidSettings | undefined;
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

/**
 * A CIDR that holds every IPv4 address (0.0.0.0/0, or ::ffff:0:0/96 and anything wider, since
 * IPv4 clients of a dual-stack socket arrive as ::ffff:a.b.c.d) or every IPv6 address (::/0).
 * Trusting it makes X-Forwarded-For, which any client can send, decide request.ip: the rate
 * limits and the activity log would take a client's word for where it is.
 */
function trustsEveryone(address: string, bits: number, family: 'ipv4' | 'ipv6'): boolean {
  const subnet = new net.BlockList();
  subnet.addSubnet(address, bits, family);
  const holds = (first: string, last: string, of: 'ipv4' | 'ipv6') =>
    subnet.check(first, of) && subnet.check(last, of);
  return (
    holds('0.0.0.0', '255.255.255.255', 'ipv4') ||
    holds('::', 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'ipv6')
  );
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

  const trustProxyRaw = nonEmpty(env, 'TRUST_PROXY');
  const trustProxy = trustProxyRaw?.split(',').map((part) => part.trim());
  for (const part of trustProxy ?? []) {
    const [address, bits, extra] = part.split('/');
    const family = net.isIP(address ?? '');
    const bitsOk =
      bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!family || !bitsOk || extra !== undefined) {
      throw new ConfigError(
        'TRUST_PROXY',
        `måste vara proxyns IP-adress eller CIDR, flera med komma (fick "${part}")`,
      );
    }
    if (
      bits !== undefined &&
      trustsEveryone(address!, Number(bits), family === 6 ? 'ipv6' : 'ipv4')
    ) {
      throw new ConfigError(
        'TRUST_PROXY',
        `får inte omfatta alla adresser (fick "${part}"): då kan vem som helst ange sin egen ` +
          'IP-adress i X-Forwarded-For. Ange proxyns adress eller nät',
      );
    }
  }

  // Split into parts that each hold less (`0.0.0.0/1,128.0.0.0/1`), it trusts everyone still.
  if (trustProxy && coversEveryAddress(trustProxy)) {
    throw new ConfigError(
      'TRUST_PROXY',
      `får inte omfatta alla adresser (fick "${trustProxyRaw}"): tillsammans omfattar delarna ` +
        'alla IPv4- eller IPv6-adresser, och då kan vem som helst ange sin egen IP-adress i ' +
        'X-Forwarded-For. Ange proxyns adress eller nät',
    );
  }

  const isProduction = nodeEnv === 'production';
  const demoRaw = (nonEmpty(env, 'DEMO') ?? 'false').toLowerCase();
  if (!['true', 'false', '1', '0'].includes(demoRaw)) {
    throw new ConfigError('DEMO', `måste vara true eller false (fick "${demoRaw}")`);
  }
  const demo = demoRaw === 'true' || demoRaw === '1';
  if (demo && isProduction) {
    throw new ConfigError('DEMO', 'får inte vara på i produktion (NODE_ENV=production)');
  }
  if (isProduction && !smtpUrlRaw) {
    throw new ConfigError('SMTP_URL', 'måste anges i produktion (dev-utkorgen finns inte där)');
  }
  // Tests hand the app their own mailer; everywhere else mail needs SMTP or the demo's outbox.
  if (!smtpUrlRaw && !demo && nodeEnv !== 'test') {
    throw new ConfigError(
      'SMTP_URL',
      'måste anges utan DEMO=true (dev-utkorgen finns bara i demoläget)',
    );
  }
  const migrationDatabaseUrl = nonEmpty(env, 'MIGRATION_DATABASE_URL');
  if (migrationDatabaseUrl) {
    parseUrl('MIGRATION_DATABASE_URL', migrationDatabaseUrl, ['postgres:', 'postgresql:']);
    if (!databaseUrlRaw) throw new ConfigError('MIGRATION_DATABASE_URL', 'kräver DATABASE_URL');
  }
  const sessionSecret = nonEmpty(env, 'SESSION_SECRET');
  if (sessionSecret !== undefined && sessionSecret.length < 32) {
    throw new ConfigError(
      'SESSION_SECRET',
      `måste vara minst 32 tecken (fick ${sessionSecret.length})`,
    );
  }
  if (isProduction && sessionSecret === undefined) {
    throw new ConfigError('SESSION_SECRET', 'måste anges i produktion (minst 32 slumpade tecken)');
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
    demo,
    sessionSecret,
    migrationDatabaseUrl,
    trustProxy,
    eid: loadEidConfig(env, isProduction),
  };
}

/**
 * The configuration for a command-line tool (create-admin, audit:verify, notes:verify): mail is
 * not sent by them, so SMTP_URL may be missing; a bad setting prints its Swedish message and
 * exits with 2.
 */
export function loadToolConfig(): Config {
  try {
    return loadConfig({ ...process.env, SMTP_URL: process.env.SMTP_URL || 'smtp://unused' });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
}
