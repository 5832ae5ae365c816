// Blob storage for uploads. Keys are random UUIDs made by the server: an uploaded file's
// name is kept only as data (files.original_name), never used as a path.
//   DatabaseStorage  with DATABASE_URL: a bytea row per file in `file_blobs` (migration 0006),
//                    so every instance reads every file and pg_dump backs them up;
//   DiskStorage      the embedded default: DATA_DIR/files/<2 hex>/<uuid>;
//   MemoryStorage    tests.
// `pnpm --filter @halsa/server files:to-db` moves a DiskStorage deployment's files into the
// database (files/move-to-db.ts).
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/index.ts';
import { UUID_RE } from '../security/tokens.ts';

export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}

/** Where this deployment keeps files: the database with DATABASE_URL, else DATA_DIR/files. */
export function storageFor(
  config: { databaseUrl: string | undefined; dataDir: string },
  db: Db,
): FileStorage {
  return config.databaseUrl
    ? new DatabaseStorage(db)
    : new DiskStorage(path.join(config.dataDir, 'files'));
}

function checkKey(key: string): string {
  if (!UUID_RE.test(key)) throw new Error(`Ogiltig lagringsnyckel: ${key}`);
  return key.toLowerCase();
}

export class DatabaseStorage implements FileStorage {
  constructor(private readonly db: Db) {}
  async put(key: string, data: Buffer): Promise<void> {
    // A key is written once, like DiskStorage's 'wx': a second put of the same key fails.
    await this.db
      .insertInto('file_blobs')
      .values({ key: checkKey(key), data })
      .execute();
  }
  async get(key: string): Promise<Buffer | null> {
    const row = await this.db
      .selectFrom('file_blobs')
      .select('data')
      .where('key', '=', checkKey(key))
      .executeTakeFirst();
    return row ? Buffer.from(row.data) : null;
  }
  async remove(key: string): Promise<void> {
    await this.db.deleteFrom('file_blobs').where('key', '=', checkKey(key)).execute();
  }
}

export class DiskStorage implements FileStorage {
  constructor(readonly root: string) {}
  #path(key: string) {
    const k = checkKey(key);
    return path.join(this.root, k.slice(0, 2), k);
  }
  async put(key: string, data: Buffer): Promise<void> {
    const file = this.#path(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data, { flag: 'wx' });
  }
  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.#path(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }
  async remove(key: string): Promise<void> {
    await rm(this.#path(key), { force: true });
  }
}

export class MemoryStorage implements FileStorage {
  readonly blobs = new Map<string, Buffer>();
  async put(key: string, data: Buffer) {
    this.blobs.set(checkKey(key), Buffer.from(data));
  }
  async get(key: string) {
    return this.blobs.get(checkKey(key)) ?? null;
  }
  async remove(key: string) {
    this.blobs.delete(checkKey(key));
  }
}
