// Migrations run once when several instances start together (issue 15): three pools against a
// fresh, empty PostgreSQL database call migrate() at the same moment; exactly one applies every
// migration, the others wait for its advisory lock and find nothing left to do.
// PostgreSQL only (PGlite is one embedded process: there is nothing to race).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { openDatabase } from '../src/db/index.ts';
import { migrate, migrations } from '../src/db/migrate.ts';
import { describeDb, PG_ADMIN_URL, TEST_DB } from './helpers.ts';

(TEST_DB === 'postgres' ? describeDb : describeDb.skip)('migrations on several instances', () => {
  it('three instances migrating one empty database at once: applied once, no error', async () => {
    const name = `halsa_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = `${PG_ADMIN_URL.replace(/\/[^/]*$/, '')}/${name}`;
    const instances = await Promise.all(
      [0, 1, 2].map(() => openDatabase({ kind: 'postgres', url, max: 3 })),
    );
    try {
      const results = await Promise.all(instances.map((o) => migrate(o.db)));
      const all = migrations.map((m) => m.name);
      expect(results.filter((r) => r.length > 0)).toEqual([all]);
      expect(results.filter((r) => r.length === 0)).toHaveLength(2);
      const rows = await sql<{
        name: string;
      }>`select name from schema_migrations order by name`.execute(instances[0]!.db);
      expect(rows.rows.map((r) => r.name)).toEqual([...all].sort());
      // The lock is released: a later start migrates nothing and does not hang.
      expect(await migrate(instances[1]!.db)).toEqual([]);
    } finally {
      await Promise.all(instances.map((o) => o.close()));
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
