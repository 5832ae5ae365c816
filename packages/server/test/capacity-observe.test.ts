// What bench:capacity's observer reads (bench/capacity-observe.ts): the /proc lines it parses,
// the names it gives waiting locks, and, on PostgreSQL, a window in which a statement waits for
// the log chain's advisory lock and log rows are written: both are seen and counted.
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { CapacityObserver, lockName } from '../bench/capacity-observe.ts';
import { parseProcStat, parseVmRssKb } from '../bench/capacity-observe-proc.ts';
import { createTestDb, PG_ADMIN_URL, TEST_DB } from './helpers.ts';

/** A test database of its own and its URL, for pg clients beside the observer's. */
async function testDatabase() {
  const db = await createTestDb();
  return { db, url: `${PG_ADMIN_URL.replace(/\/[^/]*$/, '')}/${db.name}` };
}

async function preloaded(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ v: string }>(
    `select current_setting('shared_preload_libraries') as v`,
  );
  return /\bpg_stat_statements\b/.test(rows[0]?.v ?? '');
}

describe('the observer of bench:capacity', () => {
  it('reads CPU ticks and the parent from /proc/<pid>/stat, whatever the command is called', () => {
    const line =
      '4242 (node (tsx) x) S 4200 4242 4200 0 -1 4194560 5000 0 0 0 1234 567 0 0 20 0 11 0 ' +
      '9000 1234567890 45678 18446744073709551615 1 1 0 0 0 0 0 16781312 17922 0 0 0 17 1 0 0 0 0 0';
    expect(parseProcStat(line)).toEqual({ state: 'S', ppid: 4200, ticks: 1234 + 567 });
    expect(parseProcStat('garbage')).toBeNull();
    // This process's own line parses, with the parent it has.
    const own = parseProcStat(readFileSync(`/proc/${process.pid}/stat`, 'utf8'));
    expect(own?.ppid).toBe(process.ppid);
  });

  it('reads VmRSS from /proc/<pid>/status, 0 when a zombie has none', () => {
    expect(parseVmRssKb('Name:\tnode\nVmHWM:\t  300000 kB\nVmRSS:\t  183456 kB\n')).toBe(183456);
    expect(parseVmRssKb('Name:\tnode\nState:\tZ (zombie)\n')).toBe(0);
  });

  it('names the log chain’s advisory lock and the others', () => {
    const base = {
      classid: 0,
      objid: 4711016,
      objsubid: 1,
      relation: null,
      wait_event: 'advisory',
    };
    expect(lockName({ ...base, locktype: 'advisory', mode: 'ExclusiveLock' })).toBe(
      'advisory 4711016 (loggkedjans lås) ExclusiveLock',
    );
    expect(lockName({ ...base, locktype: 'advisory', objid: 7, mode: null })).toBe('advisory 7');
    expect(
      lockName({
        ...base,
        locktype: 'relation',
        relation: 'activity_log',
        mode: 'RowExclusiveLock',
      }),
    ).toBe('relation activity_log RowExclusiveLock');
    expect(lockName({ ...base, locktype: null, mode: null, wait_event: 'tuple' })).toBe(
      'tuple (ingen pg_locks-rad)',
    );
  });

  it.runIf(TEST_DB === 'postgres')(
    'sees a wait for the chain lock and counts the log rows of the window',
    async () => {
      const { db, url } = await testDatabase();
      const holder = new pg.Client({ connectionString: url });
      const waiter = new pg.Client({ connectionString: url });
      await holder.connect();
      await waiter.connect();
      try {
        const obs = await CapacityObserver.start({
          databaseUrl: url,
          redisUrl: 'redis://127.0.0.1:6379',
          processes: [{ pid: process.pid, name: 'testet' }],
          label: 'test',
        });
        await holder.query('begin');
        await holder.query('select pg_advisory_xact_lock(4711016)');
        const waited = waiter.query('select pg_advisory_xact_lock(4711016)');
        await new Promise((r) => setTimeout(r, 900));
        await holder.query('commit');
        await waited;
        for (let i = 0; i < 3; i++) {
          await sql`insert into activity_log (action, created_at) values ('LOGIN_SUCCEEDED', now())`.execute(
            db.db,
          );
        }
        // This process works for a while: its CPU shows.
        for (const end = performance.now() + 300; performance.now() < end;);
        await new Promise((r) => setTimeout(r, 1200));
        const r = await obs.stop();
        const chain = r.locks.byLock.find((l) => l.lock.startsWith('advisory 4711016'));
        expect(chain).toMatchObject({ waits: 1, maxAtOnce: 1 });
        expect(chain!.maxWaitMs).toBeGreaterThan(300);
        expect(r.log.rows).toBe(3);
        expect(r.processes[0]!.name).toBe('testet');
        expect(r.processes[0]!.rssMaxMb).toBeGreaterThan(10);
        expect(r.processes[0]!.gone).toBe(false);
        expect(r.processes[0]!.cpuPercent).toBeGreaterThan(0);
        expect(r.processes[0]!.cpuMaxPercent).toBeGreaterThan(0);
        expect(r.commit?.n).toBeGreaterThan(0);
        if (!(await preloaded(holder))) {
          expect(r.statements).toBeNull();
          expect(r.statementsNote).toMatch(/inte förladdat/);
          return;
        }
        // The server's other databases (the other test files, running beside this one) fill
        // pg_stat_statements too; when it evicted entries in the window, the report says so and
        // the lock's statement may be one of them.
        expect(r.statementsEvicted).toBeGreaterThanOrEqual(0);
        if (r.statementsEvicted === 0) {
          expect(r.statements?.some((s) => s.query.includes('pg_advisory_xact_lock'))).toBe(true);
        }
        expect(r.statements?.some((s) => s.query.includes('capacity-observe'))).toBe(false);
      } finally {
        await holder.end();
        await waiter.end();
        await db.close();
      }
    },
  );
  it.runIf(TEST_DB === 'postgres')(
    'says when pg_stat_statements evicted entries in its window',
    async () => {
      const { db, url } = await testDatabase();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        if (!(await preloaded(client))) return;
        const obs = await CapacityObserver.start({
          databaseUrl: url,
          redisUrl: 'redis://127.0.0.1:6379',
          processes: [],
          label: 'test',
          commitProbe: false,
        });
        // Distinct statements until the server evicts (it keeps pg_stat_statements.max of them).
        // Names and constants do not make a statement distinct (pg_stat_statements normalises
        // them), their types do: statement i is seven constants typed by i's base-4 digits.
        const types = ['int2', 'int4', 'int8', 'numeric'];
        const statement = (i: number) =>
          `select ${Array.from({ length: 7 }, (_, d) => `1::${types[Math.floor(i / 4 ** d) % 4]}`).join(', ')}`;
        const dealloc = async () =>
          Number(
            (
              await client.query<{ d: string }>(
                'select dealloc::text as d from pg_stat_statements_info',
              )
            ).rows[0]!.d,
          );
        const before = await dealloc();
        for (let i = 0; i < 4 ** 7 && (await dealloc()) === before; i += 500) {
          await client.query(Array.from({ length: 500 }, (_, k) => statement(i + k)).join(';\n'));
        }
        const r = await obs.stop();
        expect(r.statementsEvicted).toBeGreaterThan(0);
      } finally {
        await client.end();
        await db.close();
      }
    },
  );
});
