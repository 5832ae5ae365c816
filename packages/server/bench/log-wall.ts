// pnpm bench:log-wall — the activity log's first wall (issue 38 item 4), before and after, in one
// run on the same PostgreSQL: two app instances (two pools on one database, in this process,
// through fastify.inject) answer a closed loop of concurrent logged reads (a coach's
// GET /api/v1/admin/clients/:id/care-team, one CARE_TEAM_VIEWED row each), first with one INSERT
// and commit per request under the chain's lock (before: `activityLog.groupCommit: false`), then
// with the group commit (after). Beside them, the disk's commit latency (one commit at a time)
// and a floor: the same number of concurrent plain INSERTs, each its own commit, into a table
// without the chain (what the disk gives when commits are not queued behind one lock). Counts
// the rows each phase's answered requests must have written (0 lost) and verifies the chain.
// Options: --seconds 10 --concurrency 100 --database halsa_log_wall --postgres URL (admin URL).
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'kysely';
import { verifyActivityChain } from '../src/audit/chain.ts';
import { buildApp, type App } from '../src/app.ts';
import { systemClock } from '../src/clock.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type OpenedDb } from '../src/db/index.ts';
import { migrate } from '../src/db/migrate.ts';
import { MemoryStorage } from '../src/files/storage.ts';
import { DevOutbox } from '../src/mail/mailer.ts';
import { newToken, sha256 } from '../src/security/tokens.ts';
import { setStaffStrongRule } from '../test/staff-rule.ts';
import { CommitProbe, type CommitLatency } from './commit-latency.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '100' },
    clients: { type: 'string', default: '50' },
    database: { type: 'string', default: 'halsa_log_wall' },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const SECONDS = Number(values.seconds);
const CONCURRENCY = Number(values.concurrency);
const CLIENTS = Number(values.clients);
const dbUrl = values.postgres.replace(/\/[^/]*$/, `/${values.database}`);

interface Phase {
  name: string;
  requests: number;
  errors: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  rows?: number;
  /** Answered (200) requests without their row. */
  lost?: number;
  commits?: number;
  /** This process's event-loop utilisation during the phase (1 = the CPU of the apps is full). */
  elu: number;
  /** Backends waiting for the chain's advisory lock, on average over the phase's samples. */
  lockWaiters: number;
}

const at = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]! : NaN;

/** CONCURRENCY loops, each doing `op(worker, i)` back to back for SECONDS. */
async function closedLoop(
  name: string,
  op: (worker: number, i: number) => Promise<boolean>,
): Promise<Phase> {
  const samples: number[] = [];
  let errors = 0;
  const start = performance.now();
  const end = start + SECONDS * 1000;
  const elu = performance.eventLoopUtilization();
  const locks = sampleLockWaits(() => performance.now() < end);
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      for (let i = 0; performance.now() < end; i++) {
        const t = performance.now();
        const ok = await op(worker, i).catch(() => false);
        samples.push(performance.now() - t);
        if (!ok) errors++;
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  samples.sort((a, b) => a - b);
  return {
    elu: performance.eventLoopUtilization(elu).utilization,
    lockWaiters: await locks,
    name,
    requests: samples.length,
    errors,
    perSecond: samples.length / elapsed,
    p50: at(samples, 0.5),
    p95: at(samples, 0.95),
    p99: at(samples, 0.99),
    max: samples.at(-1) ?? NaN,
  };
}

/** Every 100 ms, how many backends wait for advisory lock 4711016 (the chain's); the mean. */
async function sampleLockWaits(until: () => boolean): Promise<number> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  let sum = 0;
  let n = 0;
  try {
    while (until()) {
      const r = await client.query<{ n: string }>(
        `select count(*)::text as n from pg_locks where locktype = 'advisory' and not granted
           and objid = 4711016`,
      );
      sum += Number(r.rows[0]!.n);
      n += 1;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await client.end();
  }
  return n ? sum / n : 0;
}

async function freshDatabase(): Promise<OpenedDb> {
  const admin = new pg.Client({ connectionString: values.postgres });
  await admin.connect();
  await admin.query(`drop database if exists ${values.database} with (force)`);
  await admin.query(`create database ${values.database}`);
  await admin.end();
  const opened = await openDatabase({ kind: 'postgres', url: dbUrl, max: 2 });
  await migrate(opened.db);
  return opened;
}

interface Session {
  cookie: string;
  coachId: number;
  clientIds: number[];
}

async function users(db: OpenedDb): Promise<Session> {
  const now = new Date();
  const row = (email: string, role: 'STAFF' | 'USER', i: number) => ({
    email,
    password_hash: null,
    role,
    first_name: `Bench${i}`,
    last_name: 'Loggvägg',
    image_file_id: null,
    created_at: now,
    updated_at: now,
    last_active_at: null,
  });
  const inserted = await db.db
    .insertInto('users')
    .values([
      row('coach@example.com', 'STAFF', 0),
      ...Array.from({ length: CLIENTS }, (_, i) => row(`klient${i}@example.com`, 'USER', i)),
    ])
    .returning('id')
    .execute();
  const [coachId, ...clientIds] = inserted.map((r) => r.id);
  await db.db
    .insertInto('care_team_members')
    .values(
      clientIds.map((id) => ({ client_id: id, staff_id: coachId!, added_by: null, added_at: now })),
    )
    .execute();
  await setStaffStrongRule(db.db, false);
  // The coach's session as login writes it (a login would only measure Argon2 here).
  const token = newToken();
  await db.db
    .insertInto('sessions')
    .values({
      id_hash: sha256(token),
      user_id: coachId!,
      created_at: now,
      last_seen_at: now,
      expires_at: new Date(now.getTime() + 3600_000),
      ip_address: '127.0.0.1',
      user_agent: 'bench:log-wall',
    })
    .execute();
  return { cookie: `halsa_session=${token}`, coachId: coachId!, clientIds };
}

async function instances(groupCommit: boolean): Promise<{ apps: App[]; close(): Promise<void> }> {
  const config = {
    ...loadConfig({ NODE_ENV: 'test', PORT: '8080', PUBLIC_URL: 'http://localhost:8080' }),
    databaseUrl: dbUrl,
  };
  const opened: OpenedDb[] = [];
  const apps: App[] = [];
  for (let i = 0; i < 2; i++) {
    const db = await openDatabase({ kind: 'postgres', url: dbUrl, max: 10 });
    opened.push(db);
    apps.push(
      await buildApp({
        config,
        db: db.db,
        dbKind: 'postgres',
        mailer: new DevOutbox(config.mailFrom, systemClock, () => {}),
        storage: new MemoryStorage(),
        clock: systemClock,
        rateLimit: { enabled: false },
        portalDist: '/nonexistent',
        activityLog: { groupCommit },
      }),
    );
  }
  return {
    apps,
    async close() {
      for (const app of apps) await app.close();
      for (const db of opened) await db.close();
    },
  };
}

async function logPhase(
  db: OpenedDb,
  name: string,
  groupCommit: boolean,
  net: string,
  session: Session,
  via: 'http' | 'direct',
): Promise<Phase> {
  const cluster = await instances(groupCommit);
  let answered = 0;
  try {
    const phase = await closedLoop(name, async (worker, i) => {
      const app = cluster.apps[worker % 2]!;
      const clientId = session.clientIds[(worker + i) % session.clientIds.length]!;
      const ip = `${net}.${Math.floor(worker / 250)}.${(worker % 250) + 1}`;
      if (via === 'direct') {
        // The log writer alone, as a route calls it: what the log allows, without the app's CPU.
        await app.ctx.activity.record({
          action: 'CARE_TEAM_VIEWED',
          actorUserId: session.coachId,
          subjectUserId: clientId,
          ip,
        });
        answered++;
        return true;
      }
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/admin/clients/${clientId}/care-team`,
        headers: { cookie: session.cookie },
        remoteAddress: ip,
      });
      if (res.statusCode === 200) answered++;
      return res.statusCode === 200;
    });
    const written = await sql<{ n: string; commits: string }>`
      select count(*)::text as n, count(distinct xmin::text)::text as commits from activity_log
      where ip_address like ${`${net}.%`} and action = 'CARE_TEAM_VIEWED'`.execute(db.db);
    const rows = Number(written.rows[0]!.n);
    return {
      ...phase,
      rows,
      commits: Number(written.rows[0]!.commits),
      lost: Math.max(0, answered - rows),
    };
  } finally {
    await cluster.close();
  }
}

/** The floor: one plain INSERT per op, each its own commit, 20 connections, no chain, no lock. */
async function floorPhase(): Promise<Phase> {
  const pool = new pg.Pool({ connectionString: dbUrl, max: 20 });
  await pool.query(
    'create table if not exists bench_log_floor (id bigserial primary key, ip text, at timestamptz not null)',
  );
  try {
    return await closedLoop('golv: vanlig INSERT + commit, ingen kedja', async (worker) => {
      await pool.query('insert into bench_log_floor (ip, at) values ($1, now())', [String(worker)]);
      return true;
    });
  } finally {
    await pool.end();
  }
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
const commitLine = (label: string, c: CommitLatency) =>
  `  diskens commit-latens ${label}: p50 ${ms(c.p50)}, p99 ${ms(c.p99)}, max ${ms(c.max)} (${c.n} commits)`;

async function main(): Promise<void> {
  console.log(
    `bench:log-wall — ${CONCURRENCY} samtidiga loggade läsningar i ${SECONDS} s per fas, 2 instanser, databas ${values.database}`,
  );
  const db = await freshDatabase();
  const probe = await CommitProbe.open(dbUrl);
  try {
    const session = await users(db);
    console.log(commitLine('före', await probe.burst(200)));
    const phases = [
      await floorPhase(),
      await logPhase(
        db,
        'loggraden ensam, före (en commit per rad)',
        false,
        '10.3',
        session,
        'direct',
      ),
      await logPhase(db, 'loggraden ensam, efter (gruppcommit)', true, '10.4', session, 'direct'),
      await logPhase(
        db,
        'GET, före: en INSERT + commit per läsning',
        false,
        '10.1',
        session,
        'http',
      ),
      await logPhase(db, 'GET, efter: gruppcommit per instans', true, '10.2', session, 'http'),
    ];
    console.log(commitLine('efter', await probe.burst(200)));
    const floor = phases[0]!;
    for (const p of phases) {
      console.log(
        `  ${p.name.padEnd(42)} ${p.perSecond.toFixed(0).padStart(6)} anrop/s (${(
          (100 * p.perSecond) /
          floor.perSecond
        ).toFixed(
          0,
        )} % av golvet)  p50 ${ms(p.p50)}  p95 ${ms(p.p95)}  p99 ${ms(p.p99)}  max ${ms(p.max)}` +
          `  fel ${p.errors}  CPU ${(100 * p.elu).toFixed(0)} %  väntar på låset ${p.lockWaiters.toFixed(1)}` +
          (p.rows !== undefined
            ? `  loggrader ${p.rows} (förlorade ${p.lost}), ${(p.rows / Math.max(1, p.commits!)).toFixed(1)} rader per commit`
            : ''),
      );
    }
    const report = await verifyActivityChain(db.db);
    console.log(
      report.ok
        ? `  audit: kedjan obruten, ${report.rows} rader`
        : `  audit: BRUTEN (${report.problem})`,
    );
    if (!report.ok || phases.some((p) => p.lost)) process.exitCode = 1;
  } finally {
    await probe.close();
    await db.close();
    const admin = new pg.Client({ connectionString: values.postgres });
    await admin.connect();
    await admin.query(`drop database if exists ${values.database} with (force)`);
    await admin.end();
  }
}

await main();
