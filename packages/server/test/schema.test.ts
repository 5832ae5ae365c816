// The database types come from the migrated schema, not from hope: the committed
// src/db/schema.generated.ts must be exactly what the generator writes from this leg's freshly
// migrated database (PGlite and PostgreSQL alike). Also: the database itself refuses any change
// to a signed journal note (design.md §4.10).
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkLiterals, GENERATED_FILE, generateSchemaTypes } from '../src/db/types-generator.ts';
import { createTestDb, describeDb, type TestDb } from './helpers.ts';
import { insertSignedNote } from './journal-helpers.ts';

describeDb('database schema', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(async () => {
    await db?.close();
  });

  it('schema.generated.ts is what the migrations make', async () => {
    const committed = readFileSync(GENERATED_FILE, 'utf8');
    expect(
      await generateSchemaTypes(db.db),
      'src/db/schema.generated.ts differs from the migrated database: run pnpm --filter @halsa/server db:types',
    ).toBe(committed);
  });

  it('a migration that adds a column or a value list shows up in the generated types', async () => {
    const rollback = new Error('rollback');
    await expect(
      db.db.transaction().execute(async (trx) => {
        await sql`alter table forms add column colour text check (colour in ('RED', 'GREEN'))`.execute(
          trx,
        );
        await sql`alter table forms add column meta jsonb`.execute(trx);
        const types = await generateSchemaTypes(trx);
        expect(types).toContain("colour: 'RED' | 'GREEN' | null;");
        expect(types).toContain('meta: Json | null;');
        throw rollback;
      }),
    ).rejects.toBe(rollback);
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
    const insert = (signed: boolean) => {
      const values = {
        user_id: user.id,
        author_id: user.id,
        form_id: null,
        content: 'Anteckning',
        sent_at: null,
        created_at: new Date(),
      };
      // A signed note is a draft that was signed (the database refuses a signed INSERT).
      return signed
        ? insertSignedNote(db.db, values, { signedBy: user.id, signedAt: new Date() })
        : db.db
            .insertInto('journal_notes')
            .values({ ...values, signed_by: null, signed_at: null })
            .returning('id')
            .executeTakeFirstOrThrow();
    };
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
      .set({
        status: 'SIGNED',
        signed_at: new Date(),
        signed_by: user.id,
        server_signature: 'c2lnbmF0dXI=',
      })
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

it('reads the value list of a CHECK constraint, and only of an `in (…)` one', () => {
  expect(
    checkLiterals(
      'role',
      "CHECK ((role = ANY (ARRAY['USER'::text, 'STAFF'::text, 'ADMIN'::text])))",
    ),
  ).toEqual(['USER', 'STAFF', 'ADMIN']);
  expect(checkLiterals('type', `CHECK (("type" = 'ONE'::text))`)).toEqual(['ONE']);
  expect(checkLiterals('zip_code', "CHECK ((zip_code ~ '^[0-9]{3} [0-9]{2}$'::text))")).toBeNull();
  expect(checkLiterals('size', 'CHECK ((size >= 0))')).toBeNull();
});
