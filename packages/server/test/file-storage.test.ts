// Files across instances (issue 15): with DATABASE_URL uploads live in the database
// (DatabaseStorage, rows of at most 256 KiB in file_blob_chunks); `files:to-db` moves a DATA_DIR
// deployment's files there.
// Runs on both databases (the table exists on PGlite too; main.ts only uses it with PostgreSQL).
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { moveFilesToDatabase } from '../src/files/move-to-db.ts';
import { DatabaseStorage, DiskStorage, storageFor } from '../src/files/storage.ts';
import { createTestDb, describeDb, type TestDb } from './helpers.ts';

describeDb('files in the database', () => {
  let db: TestDb;
  let dir: string;
  beforeAll(async () => {
    db = await createTestDb();
    dir = await mkdtemp(path.join(os.tmpdir(), 'halsa-files-'));
  });
  afterAll(async () => {
    await db?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('DATABASE_URL stores in the database, the embedded default on disk', () => {
    expect(storageFor({ databaseUrl: 'postgres://x/y', dataDir: dir }, db.db)).toBeInstanceOf(
      DatabaseStorage,
    );
    const disk = storageFor({ databaseUrl: undefined, dataDir: dir }, db.db);
    expect(disk).toBeInstanceOf(DiskStorage);
    expect((disk as DiskStorage).root).toBe(path.join(dir, 'files'));
  });

  it('put, get byte-identical, a key written once, remove', async () => {
    const store = new DatabaseStorage(db.db);
    const key = randomUUID();
    const bytes = Buffer.from([0, 1, 2, 255, 254, 0x25, 0x50, 0x44, 0x46]);
    await store.put(key, bytes);
    const back = await store.get(key.toUpperCase());
    expect(back).toEqual(bytes);
    expect(Buffer.isBuffer(back)).toBe(true);
    await expect(store.put(key, Buffer.from('annat'))).rejects.toThrow();
    expect(await store.get(key)).toEqual(bytes);
    await store.remove(key);
    expect(await store.get(key)).toBeNull();
    expect(await store.get(randomUUID())).toBeNull();
    await expect(store.get('../../etc/passwd')).rejects.toThrow(/Ogiltig lagringsnyckel/);
  });

  it('files:to-db moves every file, byte-identical, leaves conflicts and foreign files, and can run twice', async () => {
    const root = path.join(dir, 'files');
    const disk = new DiskStorage(root);
    const store = new DatabaseStorage(db.db);
    const files = Array.from({ length: 5 }, (_, i) => ({
      key: randomUUID(),
      data: Buffer.from(`%PDF-1.4 fil ${i} ${'x'.repeat(i * 1000)}`),
    }));
    for (const f of files) await disk.put(f.key, f.data);
    // One already copied (same bytes), one whose database copy differs.
    await store.put(files[0]!.key, files[0]!.data);
    const conflict = { key: randomUUID(), data: Buffer.from('på disk') };
    await disk.put(conflict.key, conflict.data);
    await store.put(conflict.key, Buffer.from('i databasen'));

    const first = await moveFilesToDatabase(root, db.db);
    expect(first).toEqual({ moved: 4, alreadyThere: 1, conflicts: [conflict.key], skipped: [] });
    for (const f of files) {
      expect(await store.get(f.key)).toEqual(f.data);
      expect(await disk.get(f.key)).toBeNull();
    }
    expect(await disk.get(conflict.key)).toEqual(conflict.data);

    const again = await moveFilesToDatabase(root, db.db);
    expect(again).toEqual({ moved: 0, alreadyThere: 0, conflicts: [conflict.key], skipped: [] });
    const left = (await readdir(root, { recursive: true })).filter((n) => n.includes('-'));
    expect(left.map((n) => path.basename(n))).toEqual([conflict.key]);
    expect(await moveFilesToDatabase(path.join(dir, 'saknas'), db.db)).toEqual({
      moved: 0,
      alreadyThere: 0,
      conflicts: [],
      skipped: [],
    });
  });
});
