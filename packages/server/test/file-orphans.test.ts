// The orphan sweep (issue 16): bytes a crashed upload left in storage, which no `files` row names,
// are removed once they are an hour old; younger ones (an upload in progress) and every file a row
// names, however old, stay byte-identical. For each storage, on both databases.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { FilesTable } from '../src/db/schema.ts';
import { removeOrphanFiles, startOrphanSweep } from '../src/files/orphans.ts';
import {
  DatabaseStorage,
  DiskStorage,
  MemoryStorage,
  type FileStorage,
} from '../src/files/storage.ts';
import { createTestDb, describeDb, type TestDb } from './helpers.ts';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const KINDS: FilesTable['kind'][] = [
  'PROFILE_IMAGE',
  'LAB_RESULT',
  'ACTION_PLAN',
  'MESSAGE_ATTACHMENT',
];

describeDb('orphan sweep', () => {
  let db: TestDb;
  let dir: string;
  beforeAll(async () => {
    db = await createTestDb();
    dir = await mkdtemp(path.join(os.tmpdir(), 'halsa-orphans-'));
  });
  afterAll(async () => {
    await db?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** A `files` row naming `key`, as an upload of that kind makes it. */
  async function fileRow(kind: FilesTable['kind'], key: string) {
    await db.db
      .insertInto('files')
      .values({
        id: randomUUID(),
        kind,
        subject_user_id: null,
        uploaded_by: null,
        storage_key: key,
        original_name: 'fil.bin',
        mime_type: 'application/octet-stream',
        size_bytes: 0,
        sha256: '0'.repeat(64),
        created_at: new Date(),
      })
      .execute();
  }

  /** Each storage, and how its bytes for a key are made `ms` older than now. */
  const storages: Array<{
    name: string;
    make: () => FileStorage;
    age: (store: FileStorage, key: string, ms: number) => Promise<void>;
  }> = [
    {
      name: 'DatabaseStorage',
      // Small rows, so every file here is several of them.
      make: () => new DatabaseStorage(db.db, 1024),
      age: async (_store, key, ms) => {
        await db.db
          .updateTable('file_blob_chunks')
          .set({ created_at: new Date(Date.now() - ms) })
          .where('key', '=', key)
          .execute();
      },
    },
    {
      name: 'DiskStorage',
      make: () => new DiskStorage(path.join(dir, 'files')),
      age: async (store, key, ms) => {
        const when = new Date(Date.now() - ms);
        await utimes(path.join((store as DiskStorage).root, key.slice(0, 2), key), when, when);
      },
    },
    {
      name: 'MemoryStorage',
      make: () => new MemoryStorage(),
      age: async (store, key, ms) => {
        (store as MemoryStorage).written.set(key, Date.now() - ms);
      },
    },
  ];

  for (const { name, make, age } of storages) {
    it(`${name}: removes an old orphan, keeps a young one and every referenced file however old`, async () => {
      const store = make();
      const stored = async (ms: number) => {
        const key = randomUUID();
        const data = randomBytes(3000);
        await store.put(key, data);
        await age(store, key, ms);
        return { key, data };
      };
      const oldOrphan = await stored(2 * HOUR);
      const youngOrphan = await stored(50 * MINUTE);
      const referenced: Array<{ label: string; key: string; data: Buffer }> = [];
      for (const kind of KINDS) {
        const file = await stored(365 * 24 * HOUR);
        await fileRow(kind, file.key);
        referenced.push({ label: kind, ...file });
      }
      // Upper case in the row: keys are compared as storage keeps them.
      const shouting = await stored(2 * HOUR);
      await fileRow('LAB_RESULT', shouting.key.toUpperCase());
      referenced.push({ label: 'upper case', ...shouting });

      expect(await removeOrphanFiles(db.db, store)).toBe(1);

      expect(await store.get(oldOrphan.key)).toBeNull();
      expect(await store.get(youngOrphan.key)).toEqual(youngOrphan.data);
      for (const file of referenced) {
        expect(await store.get(file.key), file.label).toEqual(file.data);
      }
      // Nothing more to do the second time.
      expect(await removeOrphanFiles(db.db, store)).toBe(0);
    });
  }

  it('DatabaseStorage: a key whose newest row is young is an upload in progress and kept', async () => {
    const store = new DatabaseStorage(db.db, 1024);
    const key = randomUUID();
    const data = randomBytes(2500);
    await store.put(key, data);
    // The first rows long ago, the last one just now: a slow upload still sending.
    await db.db
      .updateTable('file_blob_chunks')
      .set({ created_at: new Date(Date.now() - 2 * HOUR) })
      .where('key', '=', key)
      .where('seq', '<', 2)
      .execute();
    expect(await removeOrphanFiles(db.db, store)).toBe(0);
    expect(await store.get(key)).toEqual(data);
  });

  it('DiskStorage: removes old temp files a dead upload left, keeps young ones and foreign files', async () => {
    const store = new DiskStorage(path.join(dir, 'disk-temp'));
    await mkdir(store.tempDir, { recursive: true });
    const temp = (name: string) => path.join(store.tempDir, name);
    const old = new Date(Date.now() - 2 * HOUR);
    const dead = `${randomUUID()}.aaaaaaaaaaaa`;
    await writeFile(temp(dead), randomBytes(100));
    await utimes(temp(dead), old, old);
    const young = `${randomUUID()}.bbbbbbbbbbbb`;
    await writeFile(temp(young), randomBytes(100));
    // Not named as this storage names files: left alone, however old.
    const foreign = path.join(store.root, 'ab', 'anteckningar.txt');
    await mkdir(path.dirname(foreign), { recursive: true });
    await writeFile(foreign, 'inte en fil från portalen');
    await utimes(foreign, old, old);

    expect(await removeOrphanFiles(db.db, store)).toBe(1);
    expect(await readdir(store.tempDir)).toEqual([young]);
    expect(await readdir(path.dirname(foreign))).toEqual(['anteckningar.txt']);
    // A storage that has never written anything has nothing to sweep.
    expect(await removeOrphanFiles(db.db, new DiskStorage(path.join(dir, 'tom')))).toBe(0);
  });

  it('the running sweep logs one line when it removed something, and logs a failure', async () => {
    const store = new MemoryStorage();
    const key = randomUUID();
    await store.put(key, Buffer.from('kvar efter en krasch'));
    store.written.set(key, Date.now() - 2 * HOUR);
    const log = { log: vi.fn(), error: vi.fn() };
    await startOrphanSweep(db.db, store, log).stop();
    expect(await store.get(key)).toBeNull();
    expect(log.log).toHaveBeenCalledOnce();
    expect(log.log.mock.calls[0]![0]).toMatch(/Tog bort 1 övergivna filer/);
    expect(log.error).not.toHaveBeenCalled();

    // Nothing removed: no line.
    log.log.mockClear();
    await startOrphanSweep(db.db, store, log).stop();
    expect(log.log).not.toHaveBeenCalled();

    const broken = new MemoryStorage();
    broken.removeOrphans = () => Promise.reject(new Error('disken är full'));
    await startOrphanSweep(db.db, broken, log).stop();
    expect(log.error.mock.calls[0]![0]).toMatch(/disken är full/);
  });
});
