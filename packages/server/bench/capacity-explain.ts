// bench:capacity --plans: every statement the walk collected, run again under
// EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) in a transaction that is rolled back (a write is
// planned and executed as the server makes it, and leaves nothing), then searched for
// sequential scans of tables over LIMIT rows (pg_class.reltuples after ANALYZE).
//
// Each statement is explained twice: with its values (the custom plan PostgreSQL makes for an
// unnamed statement, and for a named one's first five runs) and as the generic plan a named
// statement may keep after that (src/db/prepared.ts; plan_cache_mode = auto keeps it when its
// cost is no higher than the custom plans'). The generic one is read by PREPARE, then
// `EXPLAIN EXECUTE` with plan_cache_mode = force_generic_plan and the values as literals, as pg
// sends them. A sequential scan in either fails.
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

const failing = (r: Explained) =>
  r.seqScans.some((s) => s.tableRows > SEQ_SCAN_LIMIT && !allowedScan(r.issued, s.table));

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

export interface Explained {
  issued: Issued;
  /** The generic plan (force_generic_plan), not the custom one. */
  generic: boolean;
  /** Sequential scans: the table, its size, and the rows the scan returned. */
  seqScans: { table: string; tableRows: number; rows: number }[];
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
      for (const generic of [false, true]) {
        const explained = await explainOne(client, issued, generic);
        out.push({ issued, generic, ...explained, seqScans: seqScansOf(explained.plan, sizes) });
      }
    }
  } finally {
    client.release();
  }
  return out;
}

/** The prepared statement of the generic pass (deallocated after each). */
const GENERIC = 'halsa_generic_plan';

/** A value as the SQL literal pg would send for it (text format), or NULL. */
function literal(client: pg.PoolClient, value: unknown): string {
  const text = pgUtils.prepareValue(value) as string | Buffer | null;
  if (text === null || text === undefined) return 'null';
  if (Buffer.isBuffer(text)) return `'\\x${text.toString('hex')}'::bytea`;
  return client.escapeLiteral(String(text));
}

/** One EXPLAIN (ANALYZE, BUFFERS) in a transaction rolled back; `plan` undefined on an error. */
async function explainOne(
  client: pg.PoolClient,
  issued: Issued,
  generic: boolean,
): Promise<Omit<Explained, 'issued' | 'generic' | 'seqScans'> & { plan?: PlanNode }> {
  await client.query('begin');
  try {
    let res: pg.QueryResult<{ 'QUERY PLAN': unknown }>;
    if (generic) {
      await client.query(`prepare ${GENERIC} as ${issued.sql}`);
      await client.query('set local plan_cache_mode = force_generic_plan');
      const args = issued.parameters.map((v) => literal(client, v));
      res = await client.query(
        `explain (analyze, buffers, format json) execute ${GENERIC}${args.length ? `(${args.join(', ')})` : ''}`,
      );
    } else {
      res = await client.query(
        `explain (analyze, buffers, format json) ${issued.sql}`,
        issued.parameters as unknown[],
      );
    }
    const plan = (res.rows[0]!['QUERY PLAN'] as Record<string, unknown>[])[0]!;
    const root = plan.Plan as PlanNode & Record<string, unknown>;
    return {
      plan: root,
      ms: Number(plan['Execution Time'] ?? 0),
      sharedHit: Number(root['Shared Hit Blocks'] ?? 0),
      sharedRead: Number(root['Shared Read Blocks'] ?? 0),
    };
  } catch (error) {
    return { ms: 0, sharedHit: 0, sharedRead: 0, error: (error as Error).message };
  } finally {
    await client.query('rollback');
    // PREPARE is not undone by a rollback.
    if (generic) await client.query(`deallocate all`);
  }
}

/** The plan's sequential scans: the table, its size, and the rows the scan returned. */
function seqScansOf(root: PlanNode | undefined, sizes: Map<string, number>): Explained['seqScans'] {
  const seqScans: Explained['seqScans'] = [];
  const walk = (node: PlanNode) => {
    if (node['Node Type'] === 'Seq Scan' && node['Relation Name']) {
      const table = node['Relation Name'];
      seqScans.push({
        table,
        tableRows: sizes.get(table) ?? 0,
        rows: (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1),
      });
    }
    for (const child of node.Plans ?? []) walk(child);
  };
  if (root) walk(root);
  return seqScans;
}

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
    `bench:capacity --plans: ${results.length} frågor förklarade (EXPLAIN ANALYZE, BUFFERS), ` +
      `långsammast först:`,
  );
  for (const r of sorted) {
    const scans = r.seqScans.length
      ? ` seq scan: ${r.seqScans
          .map((s) => {
            const allowed = s.tableRows > SEQ_SCAN_LIMIT && allowedScan(r.issued, s.table);
            return `${s.table} (${Math.round(s.tableRows)} rader i tabellen, ${s.rows} lästa${allowed ? `; tillåten: ${allowed.reason}` : ''})`;
          })
          .join(', ')}`
      : '';
    const routes = [...r.issued.routes].slice(0, verbose ? 20 : 2).join(', ');
    const more = r.issued.routes.size > 2 && !verbose ? ` +${r.issued.routes.size - 2}` : '';
    console.log(
      `  ${r.error ? 'FEL  ' : failing(r) ? 'SEQ  ' : 'ok   '}${r.generic ? 'generisk ' : 'värden   '}` +
        `${r.ms.toFixed(2).padStart(8)} ms  buffertar ${r.sharedHit}+${r.sharedRead}  ` +
        `${oneLine(r.issued.sql, verbose ? 400 : 110)}  [${routes}${more}]${scans}` +
        `${r.error ? ` (kunde inte förklaras: ${r.error})` : ''}`,
    );
  }
  if (bad.length) {
    console.log(
      `bench:capacity --plans: ${bad.length} frågor läser en tabell över ${SEQ_SCAN_LIMIT} rader sekventiellt:`,
    );
    for (const r of bad) {
      console.log(`  ${r.generic ? '(generisk plan) ' : ''}${oneLine(r.issued.sql, 400)}`);
      console.log(`    från ${[...r.issued.routes].join(', ')}`);
    }
  } else {
    console.log(
      `bench:capacity --plans: ingen fråga läser en tabell över ${SEQ_SCAN_LIMIT} rader sekventiellt.`,
    );
  }
  return bad.length > 0;
}
