// `pnpm --filter @halsa/server bench:capacity-seed --database NAME [--reseed] [--clients N] [--logs N]
// [--messages N] [--verify] [--drop]`: seeds a bench:capacity database (capacity-seed.ts) without
// running the bench, and says how long it took and what it holds; --verify then checks the log's
// chain (audit:verify's walk) and every lab file's seal (lab-results:verify's), --drop removes
// the database afterwards (a full-scale try takes disk). The database is named on purpose: the
// shared halsa_capacity is reseeded only by `pnpm bench:capacity --reseed`.
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { describeReport, verifyActivityChain } from '../src/audit/chain.ts';
import { noteSigningKey } from '../src/modules/journal/signature.ts';
import {
  describeLabSealReport,
  labSealKey,
  verifyLabSeals,
} from '../src/modules/lab-results/seal.ts';
import { CAPACITY_DB, CAPACITY_SECRET, openCapacityDb, seedOptionsFrom } from './capacity-seed.ts';

const { values } = parseArgs({
  options: {
    database: { type: 'string' },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    reseed: { type: 'boolean', default: false },
    clients: { type: 'string', default: '20000' },
    logs: { type: 'string' },
    messages: { type: 'string', default: '3' },
    verify: { type: 'boolean', default: false },
    drop: { type: 'boolean', default: false },
  },
});

if (!values.database || values.database === CAPACITY_DB) {
  console.error(
    `capacity-seed: ange --database med ett eget namn (inte ${CAPACITY_DB}, som bänken delar).`,
  );
  process.exit(2);
}

const started = Date.now();
const { opened } = await openCapacityDb(seedOptionsFrom(values));
const seconds = (Date.now() - started) / 1000;
const counts = await sql<{ t: string; n: string }>`
  select 'users' as t, count(*)::text as n from users
  union all select 'care_team_members', count(*)::text from care_team_members
  union all select 'messages', count(*)::text from messages
  union all select 'appointments', count(*)::text from appointments
  union all select 'files', count(*)::text from files
  union all select 'lab_values', count(*)::text from lab_values
  union all select 'activity_log', count(*)::text from activity_log`.execute(opened.db);
const size = await sql<{ size: string }>`
  select pg_size_pretty(pg_database_size(current_database())) as size`.execute(opened.db);
console.log(
  `capacity-seed: ${values.database} klar på ${seconds.toFixed(1)} s (med migrering och VACUUM ANALYZE), ` +
    `${size.rows[0]!.size}: ${counts.rows.map((r) => `${r.t} ${r.n}`).join(', ')}`,
);
let failed = false;
if (values.verify) {
  const t = Date.now();
  const chain = await verifyActivityChain(opened.db);
  console.log(
    `  audit:verify: ${describeReport(chain)} (${((Date.now() - t) / 1000).toFixed(1)} s)`,
  );
  const seals = await verifyLabSeals(opened.db, labSealKey(noteSigningKey(CAPACITY_SECRET)));
  for (const line of describeLabSealReport(seals).slice(-5))
    console.log(`  lab-results:verify: ${line}`);
  failed = !chain.ok || seals.bad.length > 0;
}
await opened.close();
if (values.drop) {
  const admin = new pg.Client({ connectionString: values.postgres });
  await admin.connect();
  await admin.query(`drop database if exists ${values.database} with (force)`);
  await admin.end();
  console.log(`  ${values.database} borttagen`);
}
process.exitCode = failed ? 1 : 0;
