// bench:capacity --plans: every statement the walk collected, run again under
// EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) in a transaction that is rolled back (a write is
// planned and executed as the server makes it, and leaves nothing), then searched for
// sequential scans of tables over LIMIT rows (pg_class.reltuples after ANALYZE) and for index
// reads of over LIMIT rows that no aggregate counts.
//
// Each statement is explained twice: with its values (the plan PostgreSQL makes for an unnamed
// statement, and for a named one's first five runs), and as the named statement the server sends
// once a text is frequent (src/db/prepared.ts) runs from its sixth run on: PREPARE, five runs
// (each rolled back), then `EXPLAIN EXECUTE`, the values as the literals pg sends. From the sixth
// run PostgreSQL (plan_cache_mode = auto) keeps a generic plan when its cost is no higher than the
// custom plans' were; pg_prepared_statements.generic_plans says which it chose. Either pass can
// fail.
import type pg from 'pg';
import pgUtils from 'pg/lib/utils.js';
import type { Issued } from './capacity-plans.ts';

export const SEQ_SCAN_LIMIT = 10_000;

/**
 * Statements whose sequential scan is what they are asked for: each answers with (or about)
 * every row of the table, so no index can read less. Matched by every route that issued it and
 * the start of its text; a statement also issued by another route, or a scan of another table,
 * still fails. Add one only with the reason, never by raising SEQ_SCAN_LIMIT.
 */
export const ALLOWED_SCANS: readonly {
  routes: readonly string[];
  sql: string;
  tables: readonly string[];
  reason: string;
}[] = [
  {
    // Spec §9 'alla': the export streams every log row (by index, in batches); before the first
    // byte it names every client those rows are about, one access row each (design §4.14).
    routes: ['ADMIN GET /api/v1/admin/export-logs'],
    sql: 'select distinct "s"."id" from "activity_log"',
    tables: ['activity_log', 'users'],
    reason: 'exporten av hela loggen läser hela loggen',
  },
  {
    // The bare list of spec §8 answers every client (design §4.13: a bare call answers as the
    // spec says); no screen asks for it, the client lists ask for a page (walked as ?page=).
    routes: ['ADMIN GET /api/v1/admin/clients'],
    sql: 'select "u"."id", "u"."email", "u"."first_name"',
    tables: ['users', 'client_profiles'],
    reason: 'den osidade listan enligt spec svarar med varje klient',
  },
  {
    // Spec §6: ADMIN may start a conversation with anyone; the list answers every active user.
    routes: ['ADMIN GET /api/v1/user/messaging/filteredUsers'],
    sql: 'select "id", "first_name", "last_name", "role", "image_file_id" from "users"',
    tables: ['users'],
    reason: 'ADMIN kan skriva till alla: listan svarar med varje aktiv användare',
  },
  {
    // The `total` of an ADMIN's page of all clients (design §4.13): every client counts.
    routes: ['ADMIN GET /api/v1/admin/clients?page=1&size=50'],
    sql: 'select count(*) as "n" from "users" as "u" where "u"."role" = $1 and true',
    tables: ['users'],
    reason: 'totalen för alla klienter räknar varje klient',
  },
];

/** The allow-list entry that covers this scan, if every route that issued it is listed. */
export function allowedScan(issued: Issued, table: string) {
  return ALLOWED_SCANS.find(
    (a) =>
      a.tables.includes(table) &&
      issued.sql.startsWith(a.sql) &&
      [...issued.routes].every((r) => a.routes.includes(r)),
  );
}

const failing = (r: Explained) => r.reads.some((s) => tooBig(s) && !allowedScan(r.issued, s.table));

/** A sequential scan of a table over the limit, or an index read of more rows than the limit. */
const tooBig = (s: Explained['reads'][number]) =>
  s.via === 'seq' ? s.tableRows > SEQ_SCAN_LIMIT : s.rows > SEQ_SCAN_LIMIT;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

export interface Explained {
  issued: Issued;
  /** 'values': an unnamed statement; 'named': a named one's sixth run. */
  pass: 'values' | 'named';
  /** The named statement's sixth run used PostgreSQL's generic plan (not one for its values). */
  generic: boolean;
  /**
   * Its sequential scans (`seq`), and its index reads of more than SEQ_SCAN_LIMIT rows not under
   * an aggregate (`index`: an index walked from one end, as a merge join does, reads as much as
   * a scan): the table, its size, and the rows read.
   */
  reads: { table: string; tableRows: number; rows: number; via: 'seq' | 'index' }[];
  ms: number;
  sharedHit: number;
  sharedRead: number;
  error?: string;
}

/** Statements that plan nothing (transaction control, settings). */
const NOT_PLANNED = /^\s*(begin|commit|rollback|savepoint|release|set|show|reset|listen|notify)\b/i;

export async function explainAll(pool: pg.Pool, statements: Issued[]): Promise<Explained[]> {
  const client = await pool.connect();
  const sizes = new Map<string, number>();
  const { rows } = await client.query<{ relname: string; reltuples: number }>(
    `select c.relname, c.reltuples::float8 as reltuples from pg_class c
     join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p')`,
  );
  for (const r of rows) sizes.set(r.relname, Math.max(0, Number(r.reltuples)));
  const out: Explained[] = [];
  try {
    for (const issued of statements) {
      if (NOT_PLANNED.test(issued.sql)) continue;
      for (const pass of ['values', 'named'] as const) {
        const explained = await explainOne(client, issued, pass);
        out.push({ issued, pass, ...explained, reads: readsOf(explained.plan, sizes) });
      }
    }
  } finally {
    client.release();
  }
  return out;
}

/** The prepared statement of the named pass (deallocated after each). */
const NAMED = 'halsa_plans_named';
/** The runs before the explained one: PostgreSQL plans the first five for their values. */
const CUSTOM_RUNS = 5;

/** A value as the SQL literal pg would send for it (text format), or NULL. */
function literal(client: pg.PoolClient, value: unknown): string {
  const text = pgUtils.prepareValue(value) as string | Buffer | null;
  if (text === null || text === undefined) return 'null';
  if (Buffer.isBuffer(text)) return `'\\x${text.toString('hex')}'::bytea`;
  return client.escapeLiteral(String(text));
}

type Explanation = Omit<Explained, 'issued' | 'pass' | 'reads'> & { plan?: PlanNode };

/** One EXPLAIN (ANALYZE, BUFFERS), each run in a transaction rolled back; no plan on an error. */
async function explainOne(
  client: pg.PoolClient,
  issued: Issued,
  pass: Explained['pass'],
): Promise<Explanation> {
  const rolledBack = async <T>(run: () => Promise<T>): Promise<T> => {
    await client.query('begin');
    try {
      return await run();
    } finally {
      await client.query('rollback');
    }
  };
  const explain = 'explain (analyze, buffers, format json)';
  try {
    if (pass === 'values') {
      const res = await rolledBack(() =>
        client.query(`${explain} ${issued.sql}`, issued.parameters as unknown[]),
      );
      return fromPlan(res.rows[0]!['QUERY PLAN'], false);
    }
    const args = issued.parameters.map((v) => literal(client, v));
    const execute = `execute ${NAMED}${args.length ? `(${args.join(', ')})` : ''}`;
    await client.query(`prepare ${NAMED} as ${issued.sql}`);
    try {
      for (let run = 0; run < CUSTOM_RUNS; run++) await rolledBack(() => client.query(execute));
      const res = await rolledBack(() => client.query(`${explain} ${execute}`));
      const chosen = await client.query<{ generic_plans: string }>(
        'select generic_plans from pg_prepared_statements where name = $1',
        [NAMED],
      );
      return fromPlan(res.rows[0]!['QUERY PLAN'], Number(chosen.rows[0]?.generic_plans) > 0);
    } finally {
      // A prepared statement outlives the rollbacks.
      await client.query(`deallocate ${NAMED}`);
    }
  } catch (error) {
    return { generic: false, ms: 0, sharedHit: 0, sharedRead: 0, error: (error as Error).message };
  }
}

function fromPlan(queryPlan: unknown, generic: boolean): Explanation {
  const plan = (queryPlan as Record<string, unknown>[])[0]!;
  const root = plan.Plan as PlanNode & Record<string, unknown>;
  return {
    plan: root,
    generic,
    ms: Number(plan['Execution Time'] ?? 0),
    sharedHit: Number(root['Shared Hit Blocks'] ?? 0),
    sharedRead: Number(root['Shared Read Blocks'] ?? 0),
  };
}

/** The plan's sequential scans and its index reads over the limit (Explained['reads']). */
function readsOf(root: PlanNode | undefined, sizes: Map<string, number>): Explained['reads'] {
  const reads: Explained['reads'] = [];
  // An index read under an aggregate counts what the statement is asked to count (a report, a
  // total); one that hands rows up unaggregated read them to return a few (a merge join walking
  // an index from one end, a page filtered row by row).
  const walk = (node: PlanNode, counted: boolean) => {
    const table = node['Relation Name'];
    const type = node['Node Type'];
    const loops = node['Actual Loops'] ?? 1;
    const rows = ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0)) * loops;
    if (table && type === 'Seq Scan') {
      reads.push({ table, tableRows: sizes.get(table) ?? 0, rows, via: 'seq' });
    } else if (table && /^(Index Scan|Index Only Scan|Bitmap Heap Scan)$/.test(type)) {
      if (rows > SEQ_SCAN_LIMIT && !counted)
        reads.push({ table, tableRows: sizes.get(table) ?? 0, rows, via: 'index' });
    }
    const counts = counted || type === 'Aggregate' || type === 'WindowAgg';
    for (const child of node.Plans ?? []) walk(child, counts);
  };
  if (root) walk(root, false);
  return reads;
}

/** 'värden', or the named statement's sixth run and the plan PostgreSQL chose for it. */
const passName = (r: Explained) =>
  r.pass === 'values' ? 'värden' : `namngiven, ${r.generic ? 'generisk' : 'egen'} plan`;

const oneLine = (text: string, max: number) => {
  const s = text.replace(/\s+/g, ' ').trim();
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
};

/** Prints every statement checked; resolves true when one scans a big table sequentially. */
export async function printPlans(
  _pool: pg.Pool,
  results: Explained[],
  verbose: boolean | undefined,
): Promise<boolean> {
  const bad = results.filter(failing);
  const sorted = [...results].sort((a, b) => b.ms - a.ms);
  console.log(
    `bench:capacity --plans: ${new Set(results.map((r) => r.issued)).size} frågor förklarade ` +
      `(EXPLAIN ANALYZE, BUFFERS) med sina värden och som namngiven sats vid sjätte körningen, ` +
      `långsammast först:`,
  );
  for (const r of sorted) {
    const scans = r.reads.length
      ? ` läser: ${r.reads
          .map((s) => {
            const allowed = tooBig(s) && allowedScan(r.issued, s.table);
            return `${s.via === 'seq' ? 'seq scan' : 'genom index'} ${s.table} (${Math.round(s.tableRows)} rader i tabellen, ${s.rows} lästa${allowed ? `; tillåten: ${allowed.reason}` : ''})`;
          })
          .join(', ')}`
      : '';
    const routes = [...r.issued.routes].slice(0, verbose ? 20 : 2).join(', ');
    const more = r.issued.routes.size > 2 && !verbose ? ` +${r.issued.routes.size - 2}` : '';
    console.log(
      `  ${r.error ? 'FEL  ' : failing(r) ? 'SEQ  ' : 'ok   '}${passName(r).padEnd(19)}` +
        `${r.ms.toFixed(2).padStart(8)} ms  buffertar ${r.sharedHit}+${r.sharedRead}  ` +
        `${oneLine(r.issued.sql, verbose ? 400 : 110)}  [${routes}${more}]${scans}` +
        `${r.error ? ` (kunde inte förklaras: ${r.error})` : ''}`,
    );
  }
  if (bad.length) {
    console.log(
      `bench:capacity --plans: ${bad.length} frågor läser en tabell över ${SEQ_SCAN_LIMIT} rader sekventiellt eller över ${SEQ_SCAN_LIMIT} rader genom ett index:`,
    );
    for (const r of bad) {
      console.log(`  (${passName(r)}) ${oneLine(r.issued.sql, 400)}`);
      console.log(`    från ${[...r.issued.routes].join(', ')}`);
    }
  } else {
    console.log(
      `bench:capacity --plans: ingen fråga läser en tabell över ${SEQ_SCAN_LIMIT} rader sekventiellt eller över ${SEQ_SCAN_LIMIT} rader genom ett index.`,
    );
  }
  return bad.length > 0;
}
