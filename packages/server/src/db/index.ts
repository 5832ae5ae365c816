// Opens the database: a real PostgreSQL server (DATABASE_URL) through `pg`, or embedded
// PGlite (files in DATA_DIR/pglite, or in memory for tests). Same Kysely<Database> either way.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect.ts';
import { StatementPreparer } from './prepared.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
export type DbKind = 'pglite' | 'postgres';

export interface OpenedDb {
  db: Db;
  kind: DbKind;
  /** The embedded instance, when kind is 'pglite'. */
  pglite?: PGlite;
  close(): Promise<void>;
}

export type DbTarget =
  | { kind: 'postgres'; url: string; max?: number }
  | { kind: 'pglite'; dataDir?: string | undefined; loadDataDir?: Blob | undefined };

/**
 * Extensions the migrations create: pg_trgm for the client search (migration 0005), btree_gist
 * for the no-double-booking constraints (migration 0014).
 */
const extensions = { pg_trgm, btree_gist };

export async function openDatabase(target: DbTarget): Promise<OpenedDb> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.max ?? 10 });
    pool.on('error', () => {
      /* idle client errors are surfaced on the next query */
    });
    // A text run a few times becomes a named statement, so its plan is kept (prepared.ts).
    new StatementPreparer().attach(pool);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  let pglite: PGlite;
  if (target.dataDir) {
    const dir = path.join(target.dataDir, 'pglite');
    await mkdir(dir, { recursive: true });
    pglite = await PGlite.create(dir, { extensions });
  } else {
    pglite = await PGlite.create(
      target.loadDataDir ? { loadDataDir: target.loadDataDir, extensions } : { extensions },
    );
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return { db, kind: 'pglite', pglite, close: () => db.destroy() };
}
