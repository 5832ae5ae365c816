// A real deployment on this machine, for test/cluster.test.ts and bench/cluster.ts: a fresh
// PostgreSQL database, Redis (a channel of its own), an SMTP catcher, N server processes
// (`src/main.ts` as `pnpm start` runs it, minus demo mode; or, with `built`, `dist/main.js` as the
// Dockerfile runs it) started together, and Debian's nginx
// in front with deploy/nginx.conf (its ports and paths replaced). Every process is this run's
// own and is ended by close().
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, type OpenedDb } from '../src/db/index.ts';
import type { Role } from '../src/db/schema.ts';
import { hashPassword } from '../src/security/passwords.ts';
import { SmtpCatcher } from './smtp-catcher.ts';
import { setStaffStrongRule } from './staff-rule.ts';

export const NGINX = '/usr/sbin/nginx';
const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const REPO_DIR = path.resolve(SERVER_DIR, '../..');
const SITE_CONF = path.join(REPO_DIR, 'deploy/nginx.conf');

export interface ClusterOptions {
  pgAdminUrl: string;
  redisUrl: string;
  instances?: number;
  /** Extra environment of every instance. */
  env?: Record<string, string>;
  /**
   * Also start, per instance, the bare floor server of bench/floor-server.ts on the same Redis
   * (a channel of its own) and the same PostgreSQL (one INSERT + commit per message), reached
   * through the same nginx at `/floor` (bench:cluster).
   */
  floor?: boolean;
  /**
   * An existing, already seeded database to run on (bench:capacity's kept data), instead of a
   * new one made for the run; it is neither created nor dropped here.
   */
  database?: string;
  /**
   * Run the instances as they are deployed (the Dockerfile's command, `pnpm start:prod`'s flags):
   * `node --enable-source-maps --heap-growing-percent=50 dist/main.js`, built by start(); and
   * the floor's servers on plain Node (its type stripping) too. Without it both run from the
   * TypeScript sources through tsx, as the tests do.
   */
  built?: boolean;
}

/** How a bench's report names the way its instances ran. */
export const instancesAs = (built: boolean): string =>
  built
    ? 'dist/main.js som i drift (golvet på Node utan tsx)'
    : 'src/main.ts genom tsx (--from-source; golvet också)';

/** Builds dist/main.js (build.mjs, esbuild) for a cluster started with `built`. */
async function buildServer(): Promise<void> {
  const child = spawn(process.execPath, ['build.mjs'], { cwd: SERVER_DIR, stdio: 'inherit' });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`build.mjs avslutades med ${code}`);
}

export interface Instance {
  port: number;
  /** The floor server's port and process (with `floor`), else 0 / null. */
  floorPort: number;
  floorProcess: ChildProcess | null;
  process: ChildProcess | null;
  /** stdout + stderr of every run of this instance (for failure messages). */
  log: string[];
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class Cluster {
  readonly instances: Instance[] = [];
  readonly smtp = new SmtpCatcher();
  nginxPort = 0;
  #nginx: ChildProcess | null = null;
  #dir = '';
  #dbName = '';
  #env: Record<string, string> = {};
  #db: OpenedDb | undefined;

  constructor(private readonly options: ClusterOptions) {}

  /** The proxy's base URL (what a browser would use). */
  /** nginx's master process (its workers are its children), while it runs. */
  get nginxPid(): number | undefined {
    return this.#nginx?.pid;
  }

  get url(): string {
    return `http://127.0.0.1:${this.nginxPort}`;
  }

  instanceUrl(i: number): string {
    return `http://127.0.0.1:${this.instances[i]!.port}`;
  }

  get db(): OpenedDb {
    if (!this.#db) throw new Error('cluster not started');
    return this.#db;
  }

  get databaseUrl(): string {
    return `${this.options.pgAdminUrl.replace(/\/[^/]*$/, '')}/${this.#dbName}`;
  }

  /**
   * Starts every instance at once on an empty database (they migrate it together), or on
   * `options.database`, then nginx.
   */
  async start(): Promise<void> {
    if (this.options.built) await buildServer();
    this.#dir = await mkdtemp(path.join(os.tmpdir(), 'halsa-cluster-'));
    // nginx started as root runs its worker as `nobody`, which must reach its temp dirs in here:
    // a request body over client_body_buffer_size (an upload) is written to one, and with
    // mkdtemp's 0700 every such request answered 500 (bench:capacity's FHIR batch).
    await chmod(this.#dir, 0o755);
    this.#dbName = this.options.database ?? `halsa_cluster_${randomBytes(6).toString('hex')}`;
    if (!this.options.database) {
      const admin = new pg.Client({ connectionString: this.options.pgAdminUrl });
      await admin.connect();
      await admin.query(`create database ${this.#dbName}`);
      await admin.end();
    }
    await this.smtp.start();
    this.nginxPort = await freePort();
    const count = this.options.instances ?? 2;
    for (let i = 0; i < count; i++) {
      this.instances.push({
        port: await freePort(),
        floorPort: this.options.floor ? await freePort() : 0,
        floorProcess: null,
        process: null,
        log: [],
      });
    }
    this.#env = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? '/tmp',
      NODE_ENV: 'development',
      DATABASE_URL: this.databaseUrl,
      REDIS_URL: this.options.redisUrl,
      REDIS_CHANNEL: `halsa:cluster:${randomBytes(6).toString('hex')}`,
      SMTP_URL: `smtp://127.0.0.1:${this.smtp.port}`,
      // One secret for every instance: a login code made on one is checked on another.
      SESSION_SECRET: randomBytes(24).toString('hex'),
      PUBLIC_URL: this.url,
      TRUST_PROXY: '127.0.0.1',
      ...this.options.env,
    };
    await Promise.all(this.instances.map((_, i) => this.#spawn(i)));
    if (this.options.floor) await Promise.all(this.instances.map((_, i) => this.#spawnFloor(i)));
    await Promise.all(this.instances.map((_, i) => this.waitReady(i)));
    this.#db = await openDatabase({ kind: 'postgres', url: this.databaseUrl, max: 4 });
    await this.#startNginx();
  }

  async #spawn(i: number): Promise<void> {
    const inst = this.instances[i]!;
    // DATA_DIR of its own per instance: nothing may depend on one instance's disk.
    const dataDir = path.join(this.#dir, `data-${i}`);
    const args = this.options.built
      ? ['--enable-source-maps', '--heap-growing-percent=50', 'dist/main.js']
      : ['--import', 'tsx', 'src/main.ts'];
    const child = spawn(process.execPath, args, {
      cwd: SERVER_DIR,
      env: { ...this.#env, PORT: String(inst.port), DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      inst.log.push(chunk.toString('utf8'));
      if (inst.log.length > 400) inst.log.splice(0, 100);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    inst.process = child;
  }

  /** The floor server of instance i (bench/floor-server.ts), ready when this resolves. */
  async #spawnFloor(i: number): Promise<void> {
    const inst = this.instances[i]!;
    const args = this.options.built
      ? ['bench/floor-server.ts']
      : ['--import', 'tsx', 'bench/floor-server.ts'];
    const child = spawn(process.execPath, args, {
      cwd: SERVER_DIR,
      env: {
        PATH: this.#env.PATH,
        HOME: this.#env.HOME,
        FLOOR_PORT: String(inst.floorPort),
        FLOOR_REDIS_URL: this.options.redisUrl,
        FLOOR_CHANNEL: `${this.#env.REDIS_CHANNEL}:floor`,
        // The floor's one durable write per message, on the product's database (issue 38).
        FLOOR_DATABASE_URL: this.databaseUrl,
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    inst.floorProcess = child;
    const output: string[] = [];
    child.stdout!.on('data', (c: Buffer) => output.push(c.toString('utf8')));
    child.stderr!.on('data', (c: Buffer) => output.push(c.toString('utf8')));
    await new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code) =>
        reject(new Error(`golvservern ${i} avslutades (${code}):\n${output.join('')}`)),
      );
    });
  }

  /** Polls the instance's /readyz (directly, not through nginx) until 200. */
  async waitReady(i: number, timeoutMs = 60_000): Promise<void> {
    const inst = this.instances[i]!;
    const end = Date.now() + timeoutMs;
    for (;;) {
      if (inst.process?.exitCode !== null && inst.process?.exitCode !== undefined) {
        throw new Error(`instans ${i} avslutades vid start:\n${inst.log.join('')}`);
      }
      try {
        const res = await fetch(`${this.instanceUrl(i)}/readyz`);
        if (res.status === 200) return;
      } catch {
        /* not listening yet */
      }
      if (Date.now() > end) throw new Error(`instans ${i} blev inte redo:\n${inst.log.join('')}`);
      await sleep(100);
    }
  }

  /** SIGTERM, then the exit code and how long the instance took to exit. */
  async stop(i: number): Promise<{ code: number | null; ms: number }> {
    const child = this.instances[i]!.process;
    if (!child || child.exitCode !== null) return { code: child?.exitCode ?? null, ms: 0 };
    const started = Date.now();
    const exited = new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    child.kill('SIGTERM');
    const code = await exited;
    this.instances[i]!.process = null;
    return { code, ms: Date.now() - started };
  }

  /** Starts instance i again on its port and waits until it is ready. */
  async restart(i: number): Promise<void> {
    await this.#spawn(i);
    await this.waitReady(i);
  }

  async #startNginx(): Promise<void> {
    const dir = this.#dir;
    const upstreams = this.instances
      .map((inst) => `server 127.0.0.1:${inst.port} max_fails=0;`)
      .join('\n');
    await writeFile(path.join(dir, 'upstreams.conf'), `${upstreams}\n`);
    // The floor (bench/floor-server.ts): the same proxying as /ws and the API, to its servers.
    const floor = this.options.floor
      ? [
          '    location = /floor {',
          '        proxy_pass http://halsa_floor;',
          '        proxy_set_header Upgrade $http_upgrade;',
          '        proxy_set_header Connection $halsa_connection_upgrade;',
          '        proxy_read_timeout 1h;',
          '        proxy_send_timeout 1h;',
          '    }',
          '    location /floor/ {',
          '        proxy_pass http://halsa_floor;',
          '    }',
          '',
        ].join('\n')
      : '';
    const floorUpstream = this.options.floor
      ? `  upstream halsa_floor { ${this.instances
          .map((inst) => `server 127.0.0.1:${inst.floorPort} max_fails=0;`)
          .join(' ')} keepalive 64; }` // as deploy/nginx.conf's upstreams
      : '';
    const site = (await readFile(SITE_CONF, 'utf8'))
      .replace(/^ {4}location \/ \{$/m, `${floor}    location / {`)
      .replaceAll('/etc/nginx/halsa-upstreams.conf', path.join(dir, 'upstreams.conf'))
      .replace(/listen 80;/, `listen 127.0.0.1:${this.nginxPort};`)
      .replace(/listen \[::\]:80;/, '');
    await writeFile(path.join(dir, 'site.conf'), site);
    const temp = (name: string) => `${name}_temp_path ${path.join(dir, `nginx-${name}`)};`;
    await writeFile(
      path.join(dir, 'nginx.conf'),
      [
        'daemon off;',
        'worker_processes 1;',
        `pid ${path.join(dir, 'nginx.pid')};`,
        `error_log ${path.join(dir, 'nginx-error.log')} warn;`,
        // Every live client holds two connections (client side and upstream side).
        'worker_rlimit_nofile 16384;',
        'events { worker_connections 8192; }',
        'http {',
        '  access_log off;',
        `  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}`,
        floorUpstream,
        `  include ${path.join(dir, 'site.conf')};`,
        '}',
        '',
      ].join('\n'),
    );
    const child = spawn(
      NGINX,
      ['-c', path.join(dir, 'nginx.conf'), '-p', dir, '-e', path.join(dir, 'nginx-error.log')],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.#nginx = child;
    const end = Date.now() + 10_000;
    for (;;) {
      if (child.exitCode !== null) {
        const log = await readFile(path.join(dir, 'nginx-error.log'), 'utf8').catch(() => '');
        throw new Error(`nginx startade inte:\n${log}`);
      }
      try {
        if ((await fetch(`${this.url}/healthz`)).status === 200) return;
      } catch {
        /* not yet */
      }
      if (Date.now() > end) throw new Error('nginx svarade inte');
      await sleep(50);
    }
  }

  /** Users straight into the database (password hash as login expects). */
  async addUsers(
    users: { email: string; role: Role; firstName: string; lastName: string }[],
    password: string,
  ): Promise<number[]> {
    const hash = await hashPassword(password);
    const now = new Date();
    const rows = await this.db.db
      .insertInto('users')
      .values(
        users.map((u) => ({
          email: u.email,
          password_hash: hash,
          role: u.role,
          first_name: u.firstName,
          last_name: u.lastName,
          image_file_id: null,
          created_at: now,
          updated_at: now,
          last_active_at: null,
        })),
      )
      .returning('id')
      .execute();
    // The staff rule (design §4.17) is on in a fresh clinic; the cluster's people sign in with
    // the e-mailed code, as the demo's do.
    await setStaffStrongRule(this.db.db, false);
    return rows.map((r) => r.id);
  }

  /** The last login code mailed to `email` (through the SMTP catcher). */
  lastCode(email: string): string {
    for (let i = this.smtp.received.length - 1; i >= 0; i--) {
      const mail = this.smtp.received[i]!;
      if (!mail.to.includes(email)) continue;
      const body = mail.raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
      const text = Buffer.from(body, 'latin1').toString('utf8');
      const code = /Din kod för att logga in i Hälsoportalen är:\s+(\d{6})/.exec(text)?.[1];
      if (code) return code;
    }
    throw new Error(`ingen inloggningskod till ${email}`);
  }

  async close(): Promise<void> {
    await Promise.all(this.instances.map((_, i) => this.stop(i).catch(() => undefined)));
    await Promise.all(
      this.instances.map(async (inst) => {
        const child = inst.floorProcess;
        if (!child || child.exitCode !== null) return;
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, sleep(3000)]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }),
    );
    if (this.#nginx && this.#nginx.exitCode === null) {
      const exited = new Promise((r) => this.#nginx!.once('exit', r));
      this.#nginx.kill('SIGQUIT');
      await Promise.race([exited, sleep(3000)]);
      if (this.#nginx.exitCode === null) this.#nginx.kill('SIGKILL');
    }
    await this.#db?.close();
    await this.smtp.stop();
    if (this.#dbName && !this.options.database) {
      const admin = new pg.Client({ connectionString: this.options.pgAdminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${this.#dbName} with (force)`);
      await admin.end();
    }
    if (this.#dir) await rm(this.#dir, { recursive: true, force: true });
  }
}

export const nginxInstalled = (): boolean => existsSync(NGINX);
