// `pnpm bench:capacity` (issue 38): a chain of clinics' Monday morning on this machine.
//
// Load (no flag, or --load; items 1 and 2): two server instances behind Debian's nginx on
// PostgreSQL + Redis (test/cluster-processes.ts, as bench:cluster) on the kept, seeded database
// (capacity-seed.ts: halsa_capacity, or --database NAME; --reseed makes it again). A load
// generator in a process of its own (capacity-load.ts) runs virtual users (capacity-people.ts:
// coaches with their care teams and the seeded clients, sessions written as login writes them)
// who, with think times, do their role's pages with every call those pages make
// (capacity-pages.ts): clients /overview, /lab-results and a conversation in the widget; coaches
// /clients, a client's page, its Journal and Lab Resultat tabs, and a message. It steps the
// number of users up (capacity-steps.ts) until the p99 of any call passes --limit-ms (300) or an
// error appears (after an uncounted warm-up at the start's users; a failed step is measured again
// once, and up to 4 times in all while its commit probe finds the disk stalled, p99 over
// --disk-stall-ms; when the first step already fails, it halves the users until a step holds;
// then the gap between the last held and the first failed step is halved down to --resolution
// users), then does the same against the floor from the step the product's figures are read at:
// per call a bare route behind the same nginx on the same PostgreSQL (`/floor` + the path,
// capacity-floor.ts: one indexed query of the same rows, one plain log row). Printed (capacity-report.ts): per step page loads/s, calls/s, the worst
// call's p99, errors and log rows written per second; then per call p50/p95/p99 of the product
// at the wall and at its highest sustained step beside the floor at the same users and their
// ratio, both highest sustained rates (goal: product ≥ 50 % of the floor), log rows expected
// from the calls made vs written (lost rows) and audit:verify of the whole chain after the run.
// Beside the product's steps the ADMIN uploads a 5 000-client batch of FHIR lab reports
// (capacity-batch.ts; --batch N clients, --batch-rate uploads/s, --batch-concurrency); each step's measured part is
// watched (capacity-observe.ts: CPU and RSS per process, busiest statements, lock waits, Redis
// ops, log rows/s, commits and the disk's commit latency), printed for the steps read.
// Exit 1 when a goal is missed. Its sessions are removed afterwards; the activity rows and
// messages it made stay in the kept database (it is what a clinic's log does).
//   --plans (item 3): the query plans behind every signed-in page (capacity-plans.ts).
//   options: --database NAME (halsa_capacity) --reseed --postgres ADMIN_URL --redis URL
//            --clients N (20000) --logs N (100 a client) --messages N per client (3)
//            --start USERS (10) --step USERS (10) --max-users N (400) --step-seconds S (20)
//            --settle-seconds S (5) --warmup-seconds S (30, uncounted, before the first step)
//            --resolution USERS (step/4: a held and a failed step are bisected to this gap)
//            --think-ms MS (2000) --coach-share F (0.2) --limit-ms (300)
//            --disk-stall-ms MS (150: a failed step whose disk commit p99 passed it is measured
//            again, up to 4 times in all)
//            --abort-after S (1800) --batch N (min(5000, clients/4)) --batch-concurrency N (4)
//            --batch-rate N (10 uploads/s: 5 000 in 8 min 20 s; 0 = as fast as they go)
//            --from-source (the instances from src/main.ts through tsx; by default they run as
//            deployed, `node … dist/main.js` built at the start, and the floor on plain Node)
//            --verbose --profile DIR (each product instance writes a V8 CPU profile there when
//            it stops: node --cpu-prof; open it in Chromium's DevTools)
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { verifyActivityChain } from '../src/audit/chain.ts';
import type { Db } from '../src/db/index.ts';
import { Cluster, instancesAs, NGINX } from '../test/cluster-processes.ts';
import { printBatch, runBatch, type BatchReport } from './capacity-batch.ts';
import { FLOOR_LOG } from './capacity-floor.ts';
import { CapacityObserver, type ObservedReport, type WatchedProcess } from './capacity-observe.ts';
import { postmasterOf } from './capacity-observe-proc.ts';
import { printObserved } from './capacity-observe-print.ts';
import {
  batchClients,
  loadPeople,
  removeSessions,
  writeAdminSession,
  writeSessions,
} from './capacity-people.ts';
import { runPlans } from './capacity-plans.ts';
import { printStep, printSummary, printWarmup, readAt, wallOf } from './capacity-report.ts';
import { CAPACITY_DB, CAPACITY_SECRET, openCapacityDb, seedOptionsFrom } from './capacity-seed.ts';
import { LoadProcess, ramp, type RampOptions, type Step } from './capacity-steps.ts';

const { values } = parseArgs({
  options: {
    plans: { type: 'boolean', default: false },
    load: { type: 'boolean', default: false },
    reseed: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    redis: { type: 'string', default: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
    'from-source': { type: 'boolean', default: false },
    database: { type: 'string', default: CAPACITY_DB },
    clients: { type: 'string', default: '20000' },
    logs: { type: 'string' },
    messages: { type: 'string', default: '3' },
    start: { type: 'string', default: '10' },
    step: { type: 'string', default: '10' },
    'max-users': { type: 'string', default: '400' },
    'step-seconds': { type: 'string', default: '20' },
    'settle-seconds': { type: 'string', default: '5' },
    'warmup-seconds': { type: 'string', default: '30' },
    resolution: { type: 'string' },
    'think-ms': { type: 'string', default: '2000' },
    'coach-share': { type: 'string', default: '0.2' },
    'limit-ms': { type: 'string', default: '300' },
    'disk-stall-ms': { type: 'string', default: '150' },
    'abort-after': { type: 'string', default: '1800' },
    profile: { type: 'string' },
    batch: { type: 'string' },
    'batch-concurrency': { type: 'string', default: '4' },
    'batch-rate': { type: 'string', default: '10' },
  },
});

const seedOptions = seedOptionsFrom(values);

if (values.plans) {
  await runPlans({
    ...seedOptions,
    database: values.database,
    postgres: values.postgres,
    verbose: values.verbose,
    messages: seedOptions.messagesPerClient,
  });
} else {
  await runLoad();
}

async function runLoad(): Promise<void> {
  if (!existsSync(NGINX)) {
    console.error(`${NGINX} saknas: apt-get install -y nginx-light`);
    process.exit(1);
  }
  const maxUsers = Number(values['max-users']);
  const coachShare = Number(values['coach-share']);
  const { opened } = await openCapacityDb(seedOptions);
  const db = opened.db;
  const people = await loadPeople(db, maxUsers, coachShare);
  await writeSessions(db, people);
  const coachIds = [...new Set(people.filter((p) => p.role === 'STAFF').map((p) => p.userId))];
  // The ADMIN's FHIR batch (issue 38: a company's 5 000 employees' lab results released at once):
  // 5 000 of the seeded clients, a quarter of them at a smaller --clients.
  const batchIds = await batchClients(
    db,
    Number(values.batch ?? Math.min(5000, Math.floor(Number(values.clients) / 4))),
  );
  const adminCookie = await writeAdminSession(db);
  const logStart = await maxId(db, 'activity_log');
  const built = !values['from-source'];
  console.log(`Instanserna: ${instancesAs(built)}.`);
  const cluster = new Cluster({
    pgAdminUrl: values.postgres,
    redisUrl: values.redis,
    floor: true,
    built,
    database: values.database,
    // The data's own secret (signed notes, sealed lab files were made with it).
    env: {
      SESSION_SECRET: CAPACITY_SECRET,
      ...(values.profile
        ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(values.profile)}` }
        : {}),
    },
  });
  let load: LoadProcess | undefined;
  let obs: CapacityObserver | undefined;
  const batchStop = new AbortController();
  const abortS = Number(values['abort-after']);
  const abort = setTimeout(() => {
    console.error(`bench:capacity avbröts efter ${abortS} s`);
    load?.kill();
    const stop = setTimeout(() => process.exit(2), 20_000);
    void cluster
      .close()
      .then(() => removeSessions(db))
      .finally(() => {
        clearTimeout(stop);
        process.exit(2);
      });
  }, abortS * 1000);
  abort.unref();
  console.log(
    `bench:capacity: startar 2 instanser (och 2 golvservrar) bakom nginx på ${values.database}, ` +
      `${people.length} möjliga användare (${coachIds.length} coacher, ` +
      `${people.filter((p) => p.role === 'USER').length} klienter); maskinens load ` +
      `${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')} på ${os.cpus().length} kärnor`,
  );
  try {
    await cluster.start();
    load = await LoadProcess.start(cluster.url, people, Number(values['think-ms']));
    // What the machine, PostgreSQL and Redis do in each step's measured part (capacity-observe.ts):
    // the product's instances, the floor's servers, the load generator, and beside them
    // PostgreSQL's server (every backend: the database's share of the two cores) and nginx.
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
    const processes = [
      ...cluster.instances.map((i, n) => ({ pid: i.process?.pid, name: `instans ${n + 1}` })),
      ...cluster.instances.map((i, n) => ({
        pid: i.floorProcess?.pid,
        name: `golvserver ${n + 1}`,
      })),
      { pid: load.pid, name: 'lastgeneratorn' },
      { pid: postmasterOf(rows[0]!.pid) ?? undefined, name: 'PostgreSQL' },
      { pid: cluster.nginxPid, name: 'nginx' },
    ].filter((p): p is WatchedProcess => p.pid !== undefined);
    console.log(`  pid: ${processes.map((p) => `${p.name} ${p.pid}`).join('; ')}`);
    const observed = new Map<Step, ObservedReport>();
    // The ADMIN's batch runs beside the product's steps, not awaited; it stops starting uploads
    // when the product's steps end, so the floor is measured without it.
    const batch: Promise<BatchReport> = runBatch({
      base: cluster.url,
      adminCookie,
      clientIds: batchIds,
      concurrency: Number(values['batch-concurrency']),
      perSecond: Number(values['batch-rate']),
      signal: batchStop.signal,
    });
    const rate = Number(values['batch-rate']);
    console.log(
      `  ADMIN:s provsvarsomgång startad: ${batchIds.length} klienter, högst ` +
        `${values['batch-concurrency']} uppladdningar åt gången` +
        `${rate > 0 ? ` och ${rate} per sekund` : ''}, medan produktens steg mäts`,
    );
    const floorStart = await maxId(db, FLOOR_LOG);
    const options = (countRows: () => Promise<number>, start: number): RampOptions => ({
      start,
      step: Number(values.step),
      max: maxUsers,
      seconds: Number(values['step-seconds']),
      settleSeconds: Number(values['settle-seconds']),
      warmupSeconds: Number(values['warmup-seconds']),
      resolution: Number(values.resolution ?? Math.max(1, Math.round(Number(values.step) / 4))),
      limitMs: Number(values['limit-ms']),
      diskStallMs: Number(values['disk-stall-ms']),
      countRows,
      coachesIn: (users) => people.slice(0, users).filter((p) => p.role === 'STAFF').length,
      onStepStart: async (target, users) => {
        obs = await CapacityObserver.start({
          databaseUrl: cluster.databaseUrl,
          redisUrl: values.redis,
          processes,
          label: `${target === 'product' ? 'produkten' : 'golvet'} vid ${users} användare`,
        });
      },
      onStepEnd: async (step) => {
        if (obs) {
          const report = await obs.stop();
          observed.set(step, report);
          if (report.commit) step.diskCommitP99 = report.commit.p99;
        }
        obs = undefined;
      },
      print: printStep,
      printWarmup,
    });
    console.log('Produkten:');
    const product = await ramp(
      load,
      'product',
      options(() => countSince(db, 'activity_log', logStart), Number(values.start)),
      true,
    );
    batchStop.abort();
    const batchReport = await batch;
    console.log('Golvet (samma användare och sidor, /floor + samma sökväg):');
    const floor = await ramp(
      load,
      'floor',
      // From the users the product's figures are read at, so the two are compared like with like.
      options(
        () => countSince(db, FLOOR_LOG, floorStart),
        Math.min(Number(values.start), readAt(product)?.users ?? Number(values.start)),
      ),
      false,
    );
    await load.stop();
    // Rows a request started in the background settle.
    await new Promise((r) => setTimeout(r, 2000));
    const written = await countSince(db, 'activity_log', logStart, coachIds);
    const floorWritten = await countSince(db, FLOOR_LOG, floorStart);
    const t0 = performance.now();
    const verify = await verifyActivityChain(db);
    process.exitCode = printSummary({
      product,
      floor,
      limitMs: Number(values['limit-ms']),
      diskStallMs: Number(values['disk-stall-ms']),
      maxUsers,
      step: Number(values.step),
      log: { expected: load.total.expectedLogRows, written },
      floorLog: { expected: load.total.floorOkCalls, written: floorWritten },
      verify,
      verifySeconds: (performance.now() - t0) / 1000,
    });
    printBatch(batchReport);
    printObservedAt(product, floor, observed);
  } finally {
    batchStop.abort();
    await obs?.stop().catch(() => undefined);
    load?.kill();
    await cluster.close();
    await removeSessions(db);
    await opened.close();
    clearTimeout(abort);
  }
}

/**
 * The observer's figures of the steps the summary reads: the product's highest sustained step
 * (or its least load), its first step that failed twice (the wall) and the floor's step at the
 * product's users.
 */
function printObservedAt(product: Step[], floor: Step[], observed: Map<Step, ObservedReport>) {
  const at = readAt(product);
  const wall = wallOf(product);
  const floorAt = at
    ? (floor.filter((s) => s.users === at.users && s.sustained).at(-1) ??
      floor.filter((s) => s.users === at.users).at(-1))
    : undefined;
  console.log('\nObserverat under stegens mätta del (capacity-observe.ts):');
  for (const step of new Set([at, wall, floorAt])) {
    const report = step && observed.get(step);
    if (report) printObserved(report);
  }
}

async function maxId(db: Db, table: string): Promise<number> {
  const { rows } = await sql<{ id: string | null }>`select max(id) as id from ${sql.table(
    table,
  )}`.execute(db);
  return Number(rows[0]?.id ?? 0);
}

/** Rows of `table` after id `after` (by the given actors only, when named). */
async function countSince(db: Db, table: string, after: number, actors?: number[]) {
  const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}
    where id > ${after} ${actors ? sql`and actor_user_id = any(${actors}::int[])` : sql``}`.execute(
    db,
  );
  return Number(rows[0]!.n);
}
