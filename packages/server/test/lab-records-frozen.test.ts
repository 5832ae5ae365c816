// A stored lab result or action plan is a record (issue 22, item 9; migration 0017): its `files`
// row, its bytes in the database and the values read from it cannot be changed or deleted, not
// even by the app's own connection; what the app does delete (a replaced profile picture, an
// orphaned upload's bytes) still goes. On both databases.
import { randomBytes, randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database, FilesTable } from '../src/db/schema.ts';
import { DatabaseStorage } from '../src/files/storage.ts';
import { createTestDb, describeDb, insertUser, type TestDb } from './helpers.ts';

const FROZEN = /ett lagrat provsvar eller en handlingsplan kan inte ändras eller tas bort/;

describeDb('stored lab results and action plans are records', () => {
  let db: TestDb;
  let store: DatabaseStorage;
  beforeAll(async () => {
    db = await createTestDb();
    store = new DatabaseStorage(db.db, 1024);
  });
  afterAll(async () => {
    await db?.close();
  });

  /** Bytes in the database and a `files` row of `kind` naming them, as an upload makes them. */
  async function stored(
    kind: FilesTable['kind'],
    into: Kysely<Database> = db.db,
    who: { subject: number | null; by: number | null } = { subject: null, by: null },
    bytes?: { key: string; data: Buffer },
  ) {
    const key = bytes?.key ?? randomUUID();
    const data = bytes?.data ?? randomBytes(2500);
    if (!bytes) await store.put(key, data);
    const id = randomUUID();
    await into
      .insertInto('files')
      .values({
        id,
        kind,
        subject_user_id: who.subject,
        uploaded_by: who.by,
        storage_key: key,
        original_name: 'Provsvar.csv',
        mime_type: 'text/csv',
        size_bytes: data.length,
        sha256: '0'.repeat(64),
        created_at: new Date(),
      })
      .execute();
    return { id, key, data };
  }

  it('a lab file: its row, its bytes and its values refuse UPDATE, DELETE and TRUNCATE', async () => {
    for (const kind of ['LAB_RESULT', 'ACTION_PLAN'] as const) {
      const file = await stored(kind);
      await expect(
        db.db
          .updateTable('files')
          .set({ original_name: 'Annat.csv' })
          .where('id', '=', file.id)
          .execute(),
      ).rejects.toThrow(FROZEN);
      await expect(db.db.deleteFrom('files').where('id', '=', file.id).execute()).rejects.toThrow(
        FROZEN,
      );
      await expect(store.remove(file.key)).rejects.toThrow(FROZEN);
      await expect(
        db.db
          .updateTable('file_blob_chunks')
          .set({ data: Buffer.from('x') })
          .where('key', '=', file.key)
          .execute(),
      ).rejects.toThrow(FROZEN);
      expect(await store.get(file.key)).toEqual(file.data);
    }
    const client = await insertUser(db, {
      email: `${randomUUID()}@example.com`,
      role: 'USER',
      first: 'Karin',
      last: 'Johansson',
      at: new Date(),
    });
    const uploader = await insertUser(db, {
      email: `${randomUUID()}@example.com`,
      role: 'ADMIN',
      first: 'Anna',
      last: 'Admin',
      at: new Date(),
    });
    // As an upload writes them: the file row and its values in one transaction (migration 0021).
    const bytes = { key: randomUUID(), data: randomBytes(2500) };
    await store.put(bytes.key, bytes.data);
    const value = await db.db.transaction().execute(async (trx) => {
      const who = { subject: client.id, by: uploader.id };
      const lab = await stored('LAB_RESULT', trx, who, bytes);
      return trx
        .insertInto('lab_values')
        .values({
          file_id: lab.id,
          subject_user_id: client.id,
          position: 0,
          analysis: 'Hemoglobin (Hb)',
          loinc: '718-7',
          value: 142,
          unit: 'g/L',
          ref_low: 117,
          ref_high: 153,
          sampled_on: '2026-11-02',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    });
    await expect(
      db.db.updateTable('lab_values').set({ value: 999 }).where('id', '=', value.id).execute(),
    ).rejects.toThrow(FROZEN);
    await expect(
      db.db.deleteFrom('lab_values').where('id', '=', value.id).execute(),
    ).rejects.toThrow(FROZEN);
    for (const table of ['files', 'file_blob_chunks', 'lab_values']) {
      await expect(sql.raw(`truncate ${table} cascade`).execute(db.db)).rejects.toThrow(FROZEN);
    }
  });

  it('what the app deletes still goes: a profile picture and its bytes, an orphan’s bytes', async () => {
    const picture = await stored('PROFILE_IMAGE');
    await db.db.deleteFrom('files').where('id', '=', picture.id).execute();
    await store.remove(picture.key);
    expect(await store.get(picture.key)).toBeNull();
    const orphan = randomUUID();
    await store.put(orphan, randomBytes(1500));
    await store.remove(orphan);
    expect(await store.get(orphan)).toBeNull();
  });
});
