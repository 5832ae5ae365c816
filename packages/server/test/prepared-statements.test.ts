// Named statements on PostgreSQL (src/db/prepared.ts): a text run PREPARE_AFTER times is
// prepared on the connection from then on and answers the same; a statement whose result columns
// change under it (a migration while the instance runs) is answered by a plain retry outside a
// transaction and is never named again.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDb } from '../src/db/index.ts';
import { PREPARE_AFTER, statementName } from '../src/db/prepared.ts';
import { createTestDb, PG_ADMIN_URL, TEST_DB, type TestDb } from './helpers.ts';

/** The probe table's rows (it is no table of the product's). */
type Probe = {
  prep_probe: { id: number; label: string; note: string | null; seen: boolean | null };
};

describe.runIf(TEST_DB === 'postgres')('named statements on PostgreSQL', () => {
  let test: TestDb;
  /** One connection, so pg_prepared_statements is the one the statements ran on. */
  let one: OpenedDb;

  beforeAll(async () => {
    test = await createTestDb();
    const url = `${PG_ADMIN_URL.replace(/\/[^/]*$/, '')}/${test.name}`;
    one = await openDatabase({ kind: 'postgres', url, max: 1 });
    await sql`create table prep_probe (id int primary key, label text)`.execute(one.db);
    await sql`insert into prep_probe values (1, 'ett'), (2, 'två')`.execute(one.db);
  });
  afterAll(async () => {
    await one?.close();
    await test?.close();
  });

  const prepared = async () =>
    (
      await sql<{
        name: string;
      }>`select name from pg_prepared_statements where name like 'k\\_%'`.execute(one.db)
    ).rows.map((r) => r.name);

  it(`prepares a text after ${PREPARE_AFTER} runs, and answers the same before and after`, async () => {
    const query = one.db
      .withTables<Probe>()
      .selectFrom('prep_probe')
      .select(['id', 'label'])
      .where('id', '=', 2);
    const name = statementName(query.compile().sql);
    const answers = [];
    for (let run = 1; run <= PREPARE_AFTER; run++) answers.push(await query.execute());
    expect(await prepared()).not.toContain(name);
    for (let run = 0; run < 3; run++) answers.push(await query.execute());
    expect(await prepared()).toContain(name);
    for (const answer of answers) expect(answer).toEqual([{ id: 2, label: 'två' }]);
    // Other values bind to the same statement.
    expect(
      await one.db
        .withTables<Probe>()
        .selectFrom('prep_probe')
        .select(['id', 'label'])
        .where('id', '=', 1)
        .execute(),
    ).toEqual([{ id: 1, label: 'ett' }]);
  });

  it('leaves a text run once unnamed', async () => {
    const query = one.db
      .withTables<Probe>()
      .selectFrom('prep_probe')
      .select('label')
      .where('id', 'in', [1, 2, 3, 4]);
    await query.execute();
    expect(await prepared()).not.toContain(statementName(query.compile().sql));
  });

  it('answers a statement whose columns changed under it, then runs it unnamed', async () => {
    const all = one.db.withTables<Probe>().selectFrom('prep_probe').selectAll().orderBy('id');
    const name = statementName(all.compile().sql);
    for (let run = 0; run <= PREPARE_AFTER; run++) await all.execute();
    expect(await prepared()).toContain(name);

    // A migration, as another instance would run it, adds a column.
    await sql`alter table prep_probe add column note text`.execute(test.db);
    // Outside a transaction the call is retried unnamed: the caller sees the new column.
    expect(await all.execute()).toEqual([
      { id: 1, label: 'ett', note: null },
      { id: 2, label: 'två', note: null },
    ]);

    // Inside a transaction the first failure is the caller's, as any statement error is.
    const inTransaction = one.db
      .withTables<Probe>()
      .selectFrom('prep_probe')
      .selectAll()
      .where('id', '>', 0);
    for (let run = 0; run <= PREPARE_AFTER; run++) await inTransaction.execute();
    await sql`alter table prep_probe add column seen boolean`.execute(test.db);
    await expect(
      one.db
        .transaction()
        .execute((trx) =>
          trx
            .withTables<Probe>()
            .selectFrom('prep_probe')
            .selectAll()
            .where('id', '>', 0)
            .execute(),
        ),
    ).rejects.toThrow(/cached plan must not change result type/);
    // Never named again: the next call (and every later one) answers with the new columns.
    for (let run = 0; run <= PREPARE_AFTER; run++) {
      expect(await inTransaction.execute()).toHaveLength(2);
    }
    expect((await inTransaction.execute())[0]).toEqual({
      id: 1,
      label: 'ett',
      note: null,
      seen: null,
    });
  });
});
