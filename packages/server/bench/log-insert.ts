// pnpm bench:log-insert --database NAME — what one log INSERT costs under the chain's lock, split
// by part (issue 38 item 4). On a seeded database (bench:capacity-seed) it takes a coach with a
// team of about 400 and writes, as ActivityLog writes them (service.ts's insertLogRows), batches
// of 1, 50 and 400 CONVERSATION_LIST_VIEWED rows about her own clients: the first view of her day
// (what the rollup counted of her today is deleted before each) and a repeat view (the same rows
// again after a first view). Every INSERT is committed (a rolled-back one leaves dead entries
// above the chain's head that later inserts step over), so each run adds ~20 000 rows to the log.
// Each runs under EXPLAIN ANALYZE, and the median of --reps runs is split into the chain trigger
// (BEFORE ROW), the rollup trigger (0034/0037, AFTER STATEMENT), the emergency-access lookup (the
// statement's subplan), the foreign keys' checks (AFTER ROW) and the rest (the insert itself, the
// indexes). `wall` is the same INSERT without EXPLAIN, timed by the client up to its commit
// (median).
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase } from '../src/db/index.ts';
import { insertLogRows, type LogRow } from '../src/modules/activity/service.ts';

const { values } = parseArgs({
  options: {
    database: { type: 'string' },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    reps: { type: 'string', default: '15' },
    sizes: { type: 'string', default: '1,50,400' },
  },
});
if (!values.database) {
  console.error('log-insert: ange --database (en seedad databas, bench:capacity-seed).');
  process.exit(2);
}
const url = values.postgres.replace(/\/[^/]*$/, `/${values.database}`);
const REPS = Number(values.reps);
const SIZES = values.sizes.split(',').map(Number);

interface PlanNode {
  'Parent Relationship'?: string;
  'Actual Total Time'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}
/** A trigger's line; a foreign key's check names its constraint. */
interface Trigger {
  'Trigger Name': string;
  'Constraint Name'?: string;
  Time: number;
  Calls: number;
}
type Part = 'total' | 'chain' | 'rollup' | 'fk' | 'emergency';
interface Explained {
  Plan: PlanNode;
  Triggers?: Trigger[];
  'Execution Time': number;
}

/** Milliseconds in subplans (the emergency-access lookup is the statement's only one). */
const subplanMs = (n: PlanNode): number =>
  (n['Parent Relationship'] === 'SubPlan'
    ? (n['Actual Total Time'] ?? 0) * (n['Actual Loops'] ?? 1)
    : 0) + (n.Plans ?? []).reduce((s, c) => s + subplanMs(c), 0);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const opened = await openDatabase({ kind: 'postgres', url, max: 1 });
const client = new pg.Client({ connectionString: url });
await client.connect();
// The coach with the most clients of her team not read today, those clients first: each run
// takes the next such coach, so the first views are the day's first (the repeat views then count
// her day). The seed's log reaches today, so a few of a team may have been read already.
const TODAY = `(now() at time zone 'Europe/Stockholm')::date`;
const uncounted = `not exists (select 1 from staff_read_clients s where s.staff_id = m.staff_id
  and s.client_id = m.client_id and s.day = ${TODAY} and not s.outside)`;
const coach = (
  await client.query<{ staff_id: number; n: string; fresh: string }>(
    `select staff_id, count(*)::text as n, count(*) filter (where ${uncounted})::text as fresh
     from care_team_members m group by staff_id
     order by count(*) filter (where ${uncounted}) desc, staff_id limit 1`,
  )
).rows[0]!;
const team = (
  await client.query<{ client_id: number }>(
    `select client_id from care_team_members m where staff_id = $1
     order by ${uncounted} desc, client_id`,
    [coach.staff_id],
  )
).rows.map((r) => r.client_id);
const { log_rows } = (
  await client.query<{ log_rows: string }>(`select count(*)::text as log_rows from activity_log`)
).rows[0]!;
console.log(
  `log-insert: ${values.database}, coach ${coach.staff_id} (team ${coach.n}, ${coach.fresh} not read today), ` +
    `${log_rows} log rows, ${REPS} runs each`,
);

const rowsFor = (size: number): LogRow[] =>
  team.slice(0, size).map((subject, i) => ({
    action: 'CONVERSATION_LIST_VIEWED',
    actor: coach.staff_id,
    subject,
    ip: '127.0.0.1',
    details: JSON.stringify({ conversationId: 1_000_000 + i }),
    at: new Date().toISOString(),
  }));
const compiled = (rows: LogRow[]) => insertLogRows(rows).compile(opened.db);

/**
 * Makes the next view her first of the day: forgets what the rollup counted of her today (and
 * vacuums, so the probes do not step over the deleted rows). The bench's database only. The
 * vacuum invalidates the backend's plans of the two tables, so a first view's rollup includes
 * planning its statements again (~0.7 ms for 0037's one statement, at a load of 13 on 2 cores);
 * the repeat views' do not.
 */
const forgetToday = async () => {
  await client.query(`delete from staff_read_clients where staff_id = $1 and day = ${TODAY}`, [
    coach.staff_id,
  ]);
  await client.query(`delete from staff_read_days where staff_id = $1 and day = ${TODAY}`, [
    coach.staff_id,
  ]);
  await client.query('vacuum staff_read_clients, staff_read_days');
};
// Rolled-back INSERTs would leave dead entries above the chain's head, which every later head
// lookup steps over: every INSERT here is committed, and earlier runs' leftovers vacuumed.
await client.query('vacuum activity_log');

for (const repeat of [false, true]) {
  if (repeat) {
    // The day's first view of the whole list, committed: what the repeat views find counted.
    await forgetToday();
    const q = compiled(rowsFor(Math.max(...SIZES)));
    await client.query(q.sql, [...q.parameters]);
  }
  for (const size of SIZES) {
    const parts: Record<Part, number[]> = {
      total: [],
      chain: [],
      rollup: [],
      fk: [],
      emergency: [],
    };
    const wall: number[] = [];
    for (let i = 0; i < REPS; i++) {
      if (!repeat) await forgetToday();
      const q = compiled(rowsFor(size));
      const res = await client.query<{ 'QUERY PLAN': Explained[] }>(
        `explain (analyze, format json) ${q.sql}`,
        [...q.parameters],
      );
      const e = res.rows[0]!['QUERY PLAN'][0]!;
      const triggers = (keep: (t: Trigger) => boolean) =>
        (e.Triggers ?? []).filter(keep).reduce((s, t) => s + t.Time, 0);
      parts.total.push(e['Execution Time']);
      parts.chain.push(triggers((t) => t['Trigger Name'] === 'activity_log_chain'));
      parts.rollup.push(triggers((t) => t['Trigger Name'] === 'activity_log_rollup'));
      parts.fk.push(triggers((t) => t['Constraint Name'] !== undefined));
      parts.emergency.push(subplanMs(e.Plan));
      if (!repeat) await forgetToday();
      const q2 = compiled(rowsFor(size));
      await client.query('begin');
      const t0 = performance.now();
      await client.query(q2.sql, [...q2.parameters]);
      wall.push(performance.now() - t0);
      await client.query('commit');
    }
    const m = Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, median(v)])) as Record<
      Part,
      number
    >;
    const rest = m.total - m.chain - m.rollup - m.fk - m.emergency;
    console.log(
      `${String(size).padStart(4)} rows ${repeat ? 'repeat' : 'first '}: total ${m.total.toFixed(2)} ms = ` +
        `chain ${m.chain.toFixed(2)} + rollup ${m.rollup.toFixed(2)} + foreign keys ${m.fk.toFixed(2)} + ` +
        `emergency ${m.emergency.toFixed(2)} + rest ${rest.toFixed(2)}; wall ${median(wall).toFixed(2)} ms`,
    );
  }
}
await client.end();
await opened.close();
