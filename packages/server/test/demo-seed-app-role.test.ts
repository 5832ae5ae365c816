// The demo seed under the INSERT-only app role (README "Access log", `db:app-role`): it used to
// crash, because its lab uploads wrote their log rows dated weeks back, which the log's trigger
// refuses from a role that does not own the table (issue 34). PostgreSQL only (roles).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { verifyActivityChain } from '../src/audit/chain.ts';
import { systemClock } from '../src/clock.ts';
import { grantAppRole } from '../src/db/app-role.ts';
import { openDatabase } from '../src/db/index.ts';
import { MemoryStorage } from '../src/files/storage.ts';
import { seedDemoData } from '../src/seed/seed.ts';
import { createTestDb, describeDb, PG_ADMIN_URL, TEST_DB } from './helpers.ts';

(TEST_DB === 'postgres' ? describeDb : describe.skip)('demo seed as the app role', () => {
  it('seeds an empty database as the INSERT-only role; the log chain is whole', async () => {
    const owned = await createTestDb();
    const role = `halsa_app_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`create role ${role} login`);
    const url = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${owned.name}`).replace('postgres@', `${role}@`);
    try {
      await grantAppRole(owned.db, role);
      const asApp = await openDatabase({ kind: 'postgres', url, max: 2 });
      try {
        expect(await seedDemoData(asApp.db, new MemoryStorage(), systemClock)).toBe(true);
      } finally {
        await asApp.close();
      }
      const rows = await owned.db
        .selectFrom('activity_log')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(rows.n)).toBeGreaterThan(0);
      expect(await verifyActivityChain(owned.db)).toMatchObject({ ok: true });
    } finally {
      // Dropping the database drops the role's rights in it; then the role can go.
      await owned.close();
      await admin.query(`drop role if exists ${role}`);
      await admin.end();
    }
  }, 180_000);
});
