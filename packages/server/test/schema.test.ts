// The database types are checked against the migrated schema, not kept in step by hope:
// every table of `Database` in src/db/schema.ts has exactly the columns of the database, with
// the same nullability, and `Generated<…>` exactly where the column has a default. Also: the
// database itself refuses any change to a signed journal note (design.md §4.10).
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDb, describeDb, type TestDb } from './helpers.ts';

interface Declared {
  nullable: boolean;
  generated: boolean;
}

/** The table interfaces of schema.ts, read as text: `col: Type | null;` per line. */
function declaredTables(): Map<string, Map<string, Declared>> {
  const source = readFileSync(new URL('../src/db/schema.ts', import.meta.url), 'utf8');
  const ifaces = new Map<string, Map<string, Declared>>();
  for (const m of source.matchAll(/export interface (\w+Table) \{([^}]*)\}/g)) {
    const cols = new Map<string, Declared>();
    for (const line of m[2]!.split('\n')) {
      const c = line.match(/^\s*(\w+): (.+);$/);
      if (c)
        cols.set(c[1]!, {
          nullable: /\| null\b/.test(c[2]!),
          generated: /^Generated</.test(c[2]!),
        });
    }
    ifaces.set(m[1]!, cols);
  }
  const db = source.match(/export interface Database \{([^}]*)\}/)![1]!;
  const tables = new Map<string, Map<string, Declared>>();
  for (const line of db.split('\n')) {
    const t = line.match(/^\s*(\w+): (\w+);$/);
    if (t) tables.set(t[1]!, ifaces.get(t[2]!)!);
  }
  return tables;
}

describeDb('database schema', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(async () => {
    await db?.close();
  });

  it('schema.ts declares every table and column as the migrations create them', async () => {
    const { rows } = await sql<{
      table_name: string;
      column_name: string;
      is_nullable: string;
      column_default: string | null;
      is_identity: string;
    }>`select table_name, column_name, is_nullable, column_default, is_identity
       from information_schema.columns
       where table_schema = 'public' and table_name <> 'schema_migrations'
       order by table_name, ordinal_position`.execute(db.db);
    const actual = new Map<string, Map<string, Declared>>();
    for (const r of rows) {
      const cols = actual.get(r.table_name) ?? new Map<string, Declared>();
      cols.set(r.column_name, {
        nullable: r.is_nullable === 'YES',
        generated: r.column_default !== null || r.is_identity === 'YES',
      });
      actual.set(r.table_name, cols);
    }
    const declared = declaredTables();
    const asObject = (m: Map<string, Map<string, Declared>>) =>
      Object.fromEntries([...m].map(([t, cols]) => [t, Object.fromEntries(cols)]));
    expect(
      asObject(declared),
      'src/db/schema.ts differs from the migrated database: change it with the migration',
    ).toEqual(asObject(actual));
  });

  it('a signed journal note cannot be updated or deleted; an unsigned one can', async () => {
    const now = new Date();
    const user = await db.db
      .insertInto('users')
      .values({
        email: 'coach@example.com',
        password_hash: null,
        role: 'STAFF',
        created_at: now,
        updated_at: now,
        last_active_at: null,
        image_file_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const insert = (signed: boolean) =>
      db.db
        .insertInto('journal_notes')
        .values({
          user_id: user.id,
          author_id: user.id,
          form_id: null,
          content: 'Anteckning',
          status: signed ? 'SIGNED' : 'UNSIGNED',
          signed_by: signed ? user.id : null,
          signed_at: signed ? new Date() : null,
          content_hash: signed ? 'a'.repeat(64) : null,
          sent_at: null,
          created_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const signed = await insert(true);
    await expect(
      db.db
        .updateTable('journal_notes')
        .set({ content: 'Ändrad' })
        .where('id', '=', signed.id)
        .execute(),
    ).rejects.toThrow(/signerad journalanteckning kan inte ändras/);
    await expect(
      db.db.deleteFrom('journal_notes').where('id', '=', signed.id).execute(),
    ).rejects.toThrow(/signerad journalanteckning kan inte ändras/);

    const draft = await insert(false);
    await db.db
      .updateTable('journal_notes')
      .set({ content: 'Ändrad', version: 2 })
      .where('id', '=', draft.id)
      .execute();
    // Signing is the last change it takes.
    await db.db
      .updateTable('journal_notes')
      .set({ status: 'SIGNED', signed_at: new Date(), signed_by: user.id })
      .where('id', '=', draft.id)
      .execute();
    await expect(
      db.db
        .updateTable('journal_notes')
        .set({ content: 'Igen' })
        .where('id', '=', draft.id)
        .execute(),
    ).rejects.toThrow(/signerad/);
    // A note cannot claim to be signed without a time.
    await expect(
      db.db
        .insertInto('journal_notes')
        .values({
          user_id: user.id,
          content: 'x',
          status: 'SIGNED',
          signed_at: null,
          author_id: null,
          form_id: null,
          signed_by: null,
          content_hash: null,
          sent_at: null,
          created_at: new Date(),
        })
        .execute(),
    ).rejects.toThrow();
  });
});
