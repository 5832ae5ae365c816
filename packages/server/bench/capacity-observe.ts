// What bench:capacity watches while a step runs (issue 38 item 1): between start() and stop(),
// - CPU and RSS of each watched process by name (the instances, the floor's servers, the load
//   generator, PostgreSQL's server and nginx): /proc/<pid>/stat (utime + stime) and
//   /proc/<pid>/status (VmRSS) every 500 ms, the pid and its children together (tsx's esbuild,
//   PostgreSQL's backends, nginx's workers);
// - PostgreSQL's busiest statements in the window: the delta of pg_stat_statements (the
//   extension is created when missing; without the library preloaded a line says so);
// - lock waits: every 200 ms, the backends of the database waiting on a lock (pg_stat_activity
//   wait_event_type 'Lock', joined to the pg_locks row not granted): how many waits, how many at
//   once, the longest (pg_locks.waitstart), per lock (advisory 4711016 is the log chain's);
// - Redis: INFO stats' total_commands_processed delta and instantaneous_ops_per_sec every 500 ms
//   (the Redis is shared: other processes' commands count too);
// - log rows written: activity_log's rows with an id above the window's first max(id), counted at
//   the end (exact), and max(id) every second for the busiest second;
// - transactions: pg_stat_database's commits, rollbacks, deadlocks and block reads of the database;
// - the disk's commit latency: a CommitProbe (commit-latency.ts) commits one row every 200 ms.
// The /proc readings are in capacity-observe-proc.ts; printObserved (capacity-observe-print.ts)
// prints a window in the bench reports' Swedish (cluster-report.ts).
import os from 'node:os';
import { Redis } from 'ioredis';
import pg from 'pg';
import { CommitProbe, type CommitLatency } from './commit-latency.ts';
import { CLOCK_TICKS, sampleAll, type ProcTrack } from './capacity-observe-proc.ts';

/** The log chain's advisory lock (migration 0007). */
const CHAIN_LOCK = 4711016;
/** Marks the observer's own statements, left out of the busiest ones. */
const MARK = '/* capacity-observe */';

/** A process to sample, by pid, with the name it is printed under ('instans 1', 'PostgreSQL'). */
export interface WatchedProcess {
  pid: number;
  name: string;
}

export interface ProcessFigures extends WatchedProcess {
  /** Processes in its tree at the last sample (the pid and its descendants). */
  processes: number;
  /** CPU over the window, % of one core; and the highest 500 ms sample. */
  cpuPercent: number;
  cpuMaxPercent: number;
  rssMaxMb: number;
  /** The pid ended during the window. */
  gone: boolean;
}

export interface StatementFigures {
  query: string;
  calls: number;
  totalMs: number;
  meanMs: number;
  rows: number;
}

export interface LockFigures {
  lock: string;
  /** Distinct waits seen (a backend waiting for one lock in one statement). */
  waits: number;
  maxAtOnce: number;
  maxWaitMs: number;
  /** A statement that waited, as pg_stat_activity showed it. */
  example: string;
}

export interface ObservedReport {
  label: string | undefined;
  seconds: number;
  load: { before: number; after: number; cores: number };
  processes: ProcessFigures[];
  /** null with `statementsNote` when pg_stat_statements cannot be read. */
  statements: StatementFigures[] | null;
  statementsNote: string | null;
  /**
   * How many times pg_stat_statements evicted its least-used entries in the window (it holds
   * pg_stat_statements.max, 5 000 by default, for the whole server): when above 0, a statement
   * can be missing from `statements` or counted short.
   */
  statementsEvicted: number;
  locks: { samples: number; samplesWithWaits: number; byLock: LockFigures[] };
  redis: { commands: number; perSecond: number; opsMean: number; opsMax: number } | null;
  redisNote: string | null;
  log: { rows: number; perSecond: number; busiestSecond: number };
  database: {
    /** Without the observer's own (its samples and the probe's commits). */
    commits: number;
    rollbacks: number;
    commitsPerSecond: number;
    deadlocks: number;
    blocksRead: number;
    hitRatio: number;
  };
  commit: CommitLatency | null;
}

/** The name a waiting lock is reported under. */
export function lockName(l: {
  locktype: string | null;
  classid: number | null;
  objid: number | null;
  objsubid: number | null;
  relation: string | null;
  mode: string | null;
  wait_event: string | null;
}): string {
  const mode = l.mode ? ` ${l.mode}` : '';
  switch (l.locktype) {
    case 'advisory': {
      // pg_advisory_xact_lock(bigint): classid the high 32 bits, objid the low, objsubid 1.
      const key =
        l.objsubid === 1 ? (BigInt(l.classid ?? 0) << 32n) + BigInt(l.objid ?? 0) : l.objid;
      return Number(key) === CHAIN_LOCK
        ? `advisory ${CHAIN_LOCK} (loggkedjans lås)${mode}`
        : `advisory ${String(key)}${mode}`;
    }
    case 'relation':
    case 'tuple':
    case 'page':
      return `${l.locktype} ${l.relation ?? '?'}${mode}`;
    case 'transactionid':
      return `transactionid (väntar på en annan transaktions rad)${mode}`;
    case null:
      return `${l.wait_event ?? 'okänt lås'} (ingen pg_locks-rad)`;
    default:
      return `${l.locktype}${mode}`;
  }
}

interface StatRow {
  key: string;
  query: string;
  calls: string;
  total: number;
  rows: string;
}

interface DbStats {
  commits: string;
  rollbacks: string;
  deadlocks: string;
  blks_read: string;
  blks_hit: string;
}

interface LockRow {
  pid: number;
  query_start: Date | null;
  wait_event: string | null;
  locktype: string | null;
  mode: string | null;
  classid: number | null;
  objid: number | null;
  objsubid: number | null;
  relation: string | null;
  waited_ms: number | null;
  query: string;
}

export class CapacityObserver {
  readonly #label: string | undefined;
  readonly #db: pg.Client;
  readonly #locksDb: pg.Client;
  readonly #redis: Redis | null;
  readonly #probe: CommitProbe | null;
  readonly #procs: ProcTrack[];
  readonly #timers: NodeJS.Timeout[] = [];
  readonly #started = performance.now();
  readonly #loadBefore = os.loadavg()[0]!;
  #statements: StatRow[] | null = null;
  #statementsNote: string | null = null;
  #dealloc0 = 0;
  #db0!: DbStats;
  #logId0 = 0;
  #logLast = 0;
  #busiestSecond = 0;
  #redis0: number | null = null;
  #redisNote: string | null = null;
  #ops: number[] = [];
  #lockSamples = 0;
  #lockSamplesWithWaits = 0;
  #locks = new Map<string, LockFigures & { seen: Set<string> }>();
  #busy = { locks: false, second: false };
  #commits: Promise<CommitLatency> | null = null;
  #stopping = false;
  /** The observer's own transactions (its samples), left out of the database's commits. */
  #own = 0;

  private constructor(
    o: { label?: string; processes: readonly WatchedProcess[] },
    db: pg.Client,
    locksDb: pg.Client,
    redis: Redis | null,
    probe: CommitProbe | null,
  ) {
    this.#label = o.label;
    this.#db = db;
    this.#locksDb = locksDb;
    this.#redis = redis;
    this.#probe = probe;
    this.#procs = o.processes.map(({ pid, name }) => ({
      pid,
      name,
      ticks: new Map(),
      total: 0,
      lastTotal: 0,
      lastAt: 0,
      cpuMax: 0,
      rssMaxKb: 0,
      processes: 0,
      gone: false,
    }));
  }

  static async start(o: {
    databaseUrl: string;
    redisUrl: string;
    /** The processes whose CPU and RSS are sampled, each with its tree (tsx's esbuild, nginx's
     * workers, PostgreSQL's backends). */
    processes: readonly WatchedProcess[];
    label?: string;
    /** Time the disk's commits during the window (default true). */
    commitProbe?: boolean;
  }): Promise<CapacityObserver> {
    const connect = async () => {
      const c = new pg.Client({ connectionString: o.databaseUrl });
      await c.connect();
      return c;
    };
    const [db, locksDb] = [await connect(), await connect()];
    const redis = new Redis(o.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    const redisOk = await redis.connect().then(
      () => true,
      () => false,
    );
    const probe = o.commitProbe === false ? null : await CommitProbe.open(o.databaseUrl);
    const obs = new CapacityObserver(o, db, locksDb, redisOk ? redis : null, probe);
    if (!redisOk) {
      obs.#redisNote = `Redis på ${o.redisUrl} svarar inte`;
      redis.disconnect();
    }
    await obs.#begin();
    return obs;
  }

  async #begin(): Promise<void> {
    const preload = await this.#db.query<{ v: string }>(
      `${MARK} select current_setting('shared_preload_libraries') as v`,
    );
    if (!/\bpg_stat_statements\b/.test(preload.rows[0]?.v ?? '')) {
      this.#statementsNote =
        'pg_stat_statements är inte förladdat (shared_preload_libraries): inga tyngsta frågor';
    } else {
      try {
        await this.#db.query(`${MARK} create extension if not exists pg_stat_statements`);
        this.#statements = await this.#statementRows();
        this.#dealloc0 = await this.#dealloc();
      } catch (error) {
        this.#statementsNote = `pg_stat_statements kan inte läsas: ${(error as Error).message}`;
      }
    }
    this.#db0 = await this.#dbStats();
    // Counted from here (that query's own commit comes after its snapshot). PostgreSQL flushes a
    // backend's counts when it goes idle, at most once a second: the window's edges are ±1 s.
    this.#own = 1;
    this.#logId0 = await this.#maxLogId();
    this.#logLast = this.#logId0;
    if (this.#redis) this.#redis0 = (await this.#redisStats()).total;
    sampleAll(this.#procs, true);
    this.#every(500, () => {
      sampleAll(this.#procs, false);
      if (this.#redis) {
        void this.#redisStats()
          .then((s) => this.#ops.push(s.ops))
          .catch(() => {});
      }
    });
    this.#every(200, () => this.#sampleLocks());
    this.#every(1000, () => this.#sampleSecond());
    if (this.#probe) this.#commits = this.#probe.during(() => !this.#stopping, 200);
  }

  #every(ms: number, f: () => unknown): void {
    this.#timers.push(setInterval(f, ms));
  }

  async #statementRows(): Promise<StatRow[]> {
    this.#own += 1;
    const { rows } = await this.#db.query<StatRow>(
      `${MARK} select s.queryid::text || ':' || s.userid::text as key, s.query,
              s.calls::text as calls, s.total_exec_time as total, s.rows::text as rows
       from pg_stat_statements s
       where s.dbid = (select oid from pg_database where datname = current_database())`,
    );
    return rows;
  }

  /** How many times pg_stat_statements has evicted entries (pg_stat_statements_info, PG 14+). */
  async #dealloc(): Promise<number> {
    this.#own += 1;
    const { rows } = await this.#db.query<{ dealloc: string }>(
      `${MARK} select dealloc::text from pg_stat_statements_info`,
    );
    return Number(rows[0]?.dealloc ?? 0);
  }

  async #dbStats(): Promise<DbStats> {
    this.#own += 1;
    const { rows } = await this.#db.query<DbStats>(
      `${MARK} select xact_commit::text as commits, xact_rollback::text as rollbacks,
              deadlocks::text, blks_read::text, blks_hit::text
       from pg_stat_database where datname = current_database()`,
    );
    return rows[0]!;
  }

  async #maxLogId(): Promise<number> {
    this.#own += 1;
    const { rows } = await this.#db.query<{ id: number | null }>(
      `${MARK} select max(id) as id from activity_log`,
    );
    return Number(rows[0]?.id ?? 0);
  }

  async #redisStats(): Promise<{ total: number; ops: number }> {
    const info = await this.#redis!.info('stats');
    const field = (name: string) => Number(new RegExp(`^${name}:(\\d+)`, 'm').exec(info)?.[1] ?? 0);
    return { total: field('total_commands_processed'), ops: field('instantaneous_ops_per_sec') };
  }

  async #sampleSecond(): Promise<void> {
    if (this.#busy.second) return;
    this.#busy.second = true;
    try {
      const id = await this.#maxLogId();
      this.#busiestSecond = Math.max(this.#busiestSecond, id - this.#logLast);
      this.#logLast = id;
    } catch {
      // A lost sample is not a figure; the window's count is exact (stop()).
    } finally {
      this.#busy.second = false;
    }
  }

  async #sampleLocks(): Promise<void> {
    if (this.#busy.locks) return;
    this.#busy.locks = true;
    try {
      this.#own += 1;
      const { rows } = await this.#locksDb.query<LockRow>(
        `${MARK} select a.pid, a.query_start, a.wait_event, l.locktype, l.mode, l.classid::int as classid,
                l.objid::int as objid, l.objsubid::int as objsubid, l.relation::regclass::text as relation,
                extract(epoch from clock_timestamp() - l.waitstart) * 1000 as waited_ms,
                left(regexp_replace(a.query, '\\s+', ' ', 'g'), 160) as query
         from pg_stat_activity a
         left join pg_locks l on l.pid = a.pid and not l.granted
         where a.wait_event_type = 'Lock' and a.datname = current_database()`,
      );
      this.#lockSamples += 1;
      if (rows.length > 0) this.#lockSamplesWithWaits += 1;
      const atOnce = new Map<string, number>();
      for (const r of rows) {
        const name = lockName(r);
        atOnce.set(name, (atOnce.get(name) ?? 0) + 1);
        const f = this.#locks.get(name) ?? {
          lock: name,
          waits: 0,
          maxAtOnce: 0,
          maxWaitMs: 0,
          example: r.query,
          seen: new Set<string>(),
        };
        const wait = `${r.pid}:${r.query_start?.getTime() ?? ''}`;
        if (!f.seen.has(wait)) {
          f.seen.add(wait);
          f.waits += 1;
        }
        f.maxWaitMs = Math.max(f.maxWaitMs, Number(r.waited_ms ?? 0));
        this.#locks.set(name, f);
      }
      for (const [name, n] of atOnce) {
        const f = this.#locks.get(name)!;
        f.maxAtOnce = Math.max(f.maxAtOnce, n);
      }
    } catch {
      // The next sample tries again.
    } finally {
      this.#busy.locks = false;
    }
  }

  /** Ends the window and answers what was seen. */
  async stop(): Promise<ObservedReport> {
    this.#stopping = true;
    for (const t of this.#timers) clearInterval(t);
    const seconds = (performance.now() - this.#started) / 1000;
    sampleAll(this.#procs, false);
    const commit = this.#commits ? await this.#commits : null;
    await this.#probe?.close();
    // The log rows of the window, counted (ids may have gaps: a rolled-back insert).
    this.#own += 1;
    const logRows = Number(
      (
        await this.#db.query<{ n: string }>(
          `${MARK} select count(*)::text as n from activity_log where id > $1`,
          [this.#logId0],
        )
      ).rows[0]!.n,
    );
    const db1 = await this.#dbStats();
    const delta = (k: keyof DbStats) => Number(db1[k]) - Number(this.#db0[k]);
    // Each sample and each probe commit is a transaction of its own.
    const own = this.#own + (commit?.n ?? 0);
    let statements: StatementFigures[] | null = null;
    let statementsEvicted = 0;
    if (this.#statements) {
      statementsEvicted = (await this.#dealloc()) - this.#dealloc0;
      const before = new Map(this.#statements.map((s) => [s.key, s]));
      statements = (await this.#statementRows())
        .filter((s) => !s.query.includes(MARK) && !s.query.includes('bench_commit_probe'))
        .map((s) => {
          const b = before.get(s.key);
          const calls = Number(s.calls) - Number(b?.calls ?? 0);
          const totalMs = s.total - (b?.total ?? 0);
          return {
            query: s.query.replace(/\s+/g, ' ').trim(),
            calls,
            totalMs,
            meanMs: calls > 0 ? totalMs / calls : 0,
            rows: Number(s.rows) - Number(b?.rows ?? 0),
          };
        })
        .filter((s) => s.calls > 0)
        .sort((a, b) => b.totalMs - a.totalMs)
        .slice(0, 10);
    }
    let redis: ObservedReport['redis'] = null;
    if (this.#redis && this.#redis0 !== null) {
      const total = (await this.#redisStats()).total - this.#redis0;
      redis = {
        commands: total,
        perSecond: total / seconds,
        opsMean: this.#ops.length ? this.#ops.reduce((a, b) => a + b, 0) / this.#ops.length : 0,
        opsMax: this.#ops.length ? Math.max(...this.#ops) : 0,
      };
      this.#redis.disconnect();
    }
    await this.#db.end();
    await this.#locksDb.end();
    const hits = delta('blks_hit');
    const reads = delta('blks_read');
    return {
      label: this.#label,
      seconds,
      load: { before: this.#loadBefore, after: os.loadavg()[0]!, cores: os.availableParallelism() },
      processes: this.#procs.map((p) => ({
        name: p.name,
        pid: p.pid,
        processes: p.processes,
        cpuPercent: (p.total / CLOCK_TICKS / seconds) * 100,
        cpuMaxPercent: p.cpuMax,
        rssMaxMb: p.rssMaxKb / 1024,
        gone: p.gone,
      })),
      statements,
      statementsNote: this.#statementsNote,
      statementsEvicted,
      locks: {
        samples: this.#lockSamples,
        samplesWithWaits: this.#lockSamplesWithWaits,
        byLock: [...this.#locks.values()]
          .map(({ seen: _seen, ...f }) => f)
          .sort((a, b) => b.waits - a.waits),
      },
      redis,
      redisNote: this.#redisNote,
      log: { rows: logRows, perSecond: logRows / seconds, busiestSecond: this.#busiestSecond },
      database: {
        commits: delta('commits') - own,
        rollbacks: delta('rollbacks'),
        commitsPerSecond: (delta('commits') - own) / seconds,
        deadlocks: delta('deadlocks'),
        blocksRead: reads,
        hitRatio: hits + reads > 0 ? hits / (hits + reads) : 1,
      },
      commit,
    };
  }
}
