// Applies the SQL migrations in order, each in its own transaction, once. An advisory
// lock serialises several server instances starting against the same PostgreSQL.
import { sql, type Kysely } from 'kysely';
import * as m0001 from './migrations/0001_init.ts';
import * as m0002 from './migrations/0002_outbox.ts';
import * as m0003 from './migrations/0003_journal.ts';
import type { Database } from './schema.ts';

export const migrations: ReadonlyArray<{ name: string; sql: string }> = [m0001, m0002, m0003];

export async function migrate(db: Kysely<Database>): Promise<string[]> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const raw = db as unknown as Kysely<any>;
  await sql`create table if not exists schema_migrations (
    name text primary key,
    applied_at timestamptz not null default now()
  )`.execute(raw);
  const applied: string[] = [];
  for (const migration of migrations) {
    await raw.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(4711001)`.execute(trx);
      const done = await trx
        .selectFrom('schema_migrations')
        .select('name')
        .where('name', '=', migration.name)
        .executeTakeFirst();
      if (done) return;
      await sql.raw(migration.sql).execute(trx);
      await trx.insertInto('schema_migrations').values({ name: migration.name }).execute();
      applied.push(migration.name);
    });
  }
  return applied;
}
