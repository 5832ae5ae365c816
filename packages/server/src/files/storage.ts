// Blob storage for uploads. Keys are random UUIDs made by the server: an uploaded file's
// name is kept only as data (files.original_name), never used as a path.
//   DatabaseStorage  with DATABASE_URL: rows of at most 256 KiB per file in `file_blob_chunks`
//                    (migrations 0010, 0012), so every instance reads every file and pg_dump backs
//                    them up;
//   DiskStorage      the embedded default: DATA_DIR/files/<2 hex>/<uuid>;
//   MemoryStorage    tests.
// Files stream in and out (issue 16 §7): `write` takes the upload's bytes as they arrive and a
// file appears only once all of them are stored (nothing is left of a write that fails), `read`
// answers a stream. `put`/`get` are the same for a Buffer at hand (seed data, tests).
// `pnpm --filter @halsa/server files:to-db` moves a DiskStorage deployment's files into the
// database (files/move-to-db.ts).
// A server that crashes in the middle of an upload leaves bytes no file row points at (chunk
// rows, a DiskStorage temp file): `removeOrphans` deletes what the database does not name and
// was last written before a cutoff, and files/orphans.ts runs it with an hour's grace (uploads
// in progress are never touched) at start and every 6 hours. Which keys are in use is the
// caller's to say: storage knows no other table.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { link, mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { UUID_RE } from '../security/tokens.ts';

/** Bytes as they arrive: an upload's file stream, a file on disk, or a Buffer in an array. */
export type ByteSource = AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

export interface FileStorage {
  /**
   * Stores `source` under `key` and answers its size. A key is written once (a second write
   * fails). When `source` or the storage fails, nothing is stored and the error is thrown.
   */
  write(key: string, source: ByteSource): Promise<number>;
  /** The stored bytes as a stream, or null when there is no such file. */
  read(key: string): Promise<Readable | null>;
  remove(key: string): Promise<void>;
  /** `write` of a Buffer at hand. */
  put(key: string, data: Buffer): Promise<void>;
  /** The whole file in memory: only for small files (seed data, tests, a lab file to parse). */
  get(key: string): Promise<Buffer | null>;
  /**
   * Removes the stored files whose key is not in `referenced` (lower-case keys) and that were
   * last written before `olderThan`, and unfinished uploads' leftovers older than that (such as
   * DiskStorage's temp files); answers how many files it removed.
   */
  removeOrphans(olderThan: Date, referenced: ReadonlySet<string>): Promise<number>;
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

/** Reads a stream to its end into one Buffer. */
export async function readAll(stream: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** `put` and `get` in terms of `write` and `read`. */
abstract class StreamStorage implements FileStorage {
  abstract write(key: string, source: ByteSource): Promise<number>;
  abstract read(key: string): Promise<Readable | null>;
  abstract remove(key: string): Promise<void>;
  abstract removeOrphans(olderThan: Date, referenced: ReadonlySet<string>): Promise<number>;
  async put(key: string, data: Buffer): Promise<void> {
    await this.write(key, [data]);
  }
  async get(key: string): Promise<Buffer | null> {
    const stream = await this.read(key);
    return stream ? readAll(stream) : null;
  }
}

/** Size of a row of `file_blob_chunks`. */
export const DB_CHUNK_BYTES = 256 * 1024;

export class DatabaseStorage extends StreamStorage {
  constructor(
    private readonly db: Db,
    private readonly chunkBytes = DB_CHUNK_BYTES,
  ) {
    super();
  }

  async write(key: string, source: ByteSource): Promise<number> {
    const k = checkKey(key);
    // Each chunk is its own short INSERT, not one transaction over the whole upload: a slow
    // client must not hold a pool connection for as long as it takes to send (a few such
    // uploads would starve every other request). The rows are invisible until the caller's
    // file row points at the key; a failed upload (too large, cut off, refused) deletes the
    // rows it wrote. At most one chunk is held in memory.
    let seq = 0;
    let size = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async (data: Buffer) => {
      // A key is written once, like DiskStorage: seq 0 of a second write hits the primary key.
      await this.db.insertInto('file_blob_chunks').values({ key: k, seq, data }).execute();
      seq++;
    };
    try {
      for await (const piece of source) {
        let chunk = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
        size += chunk.length;
        while (pendingBytes + chunk.length >= this.chunkBytes) {
          const take = this.chunkBytes - pendingBytes;
          await flush(Buffer.concat([...pending, chunk.subarray(0, take)]));
          chunk = chunk.subarray(take);
          pending = [];
          pendingBytes = 0;
        }
        if (chunk.length > 0) {
          // A copy: the source may reuse its buffer once it has been consumed.
          pending.push(Buffer.from(chunk));
          pendingBytes += chunk.length;
        }
      }
      if (pendingBytes > 0 || seq === 0) await flush(Buffer.concat(pending));
      return size;
    } catch (error) {
      // Only rows this write made: when seq 0 failed, the key belongs to someone else.
      if (seq > 0) await this.remove(k).catch(() => undefined);
      throw error;
    }
  }

  async read(key: string): Promise<Readable | null> {
    const k = checkKey(key);
    const { count } = await this.db
      .selectFrom('file_blob_chunks')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('key', '=', k)
      .executeTakeFirstOrThrow();
    const chunks = Number(count);
    if (chunks === 0) return null;
    const db = this.db;
    // One row per read: the response takes the next only when it has sent the last.
    return Readable.from(
      (async function* () {
        for (let seq = 0; seq < chunks; seq++) {
          const row = await db
            .selectFrom('file_blob_chunks')
            .select('data')
            .where('key', '=', k)
            .where('seq', '=', seq)
            .executeTakeFirst();
          if (!row) throw new Error(`Filen ${k} saknar del ${seq}`);
          if (row.data.length > 0) yield Buffer.from(row.data);
        }
      })(),
      { objectMode: false },
    );
  }

  async remove(key: string): Promise<void> {
    await this.db.deleteFrom('file_blob_chunks').where('key', '=', checkKey(key)).execute();
  }

  async removeOrphans(olderThan: Date, referenced: ReadonlySet<string>): Promise<number> {
    // A key whose newest row is old (its upload ended or died long ago) and that nothing names.
    // `created_at` is by the database's clock, `olderThan` by the server's: the caller's hour
    // of grace absorbs any skew between them.
    const { rows } = await sql<{ removed: number }>`
      with gone as (
        delete from file_blob_chunks c
        using (
          select key from file_blob_chunks group by key having max(created_at) < ${olderThan}
          except
          select unnest(${[...referenced]}::uuid[])
        ) orphan
        where c.key = orphan.key
        returning c.key
      )
      select count(distinct key)::integer as removed from gone`.execute(this.db);
    return rows[0]?.removed ?? 0;
  }
}

/** Where DiskStorage writes files in progress; a file is linked into place once complete. */
const TEMP_DIR = '.tmp';

export class DiskStorage extends StreamStorage {
  constructor(readonly root: string) {
    super();
  }
  #path(key: string) {
    const k = checkKey(key);
    return path.join(this.root, k.slice(0, 2), k);
  }
  /** Where files in progress are written (same file system as the files, for `link`). */
  get tempDir(): string {
    return path.join(this.root, TEMP_DIR);
  }

  async write(key: string, source: ByteSource): Promise<number> {
    const file = this.#path(key);
    const temp = path.join(
      this.tempDir,
      `${path.basename(file)}.${randomBytes(6).toString('hex')}`,
    );
    await mkdir(path.dirname(file), { recursive: true });
    await mkdir(this.tempDir, { recursive: true });
    let size = 0;
    try {
      await pipeline(
        Readable.from(source, { objectMode: false }),
        async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            size += chunk.length;
            yield chunk;
          }
        },
        createWriteStream(temp, { flags: 'wx' }),
      );
      // `link` fails when the key exists (a key is written once); a half-written file is
      // never seen under its key.
      await link(temp, file);
    } finally {
      await rm(temp, { force: true });
    }
    return size;
  }

  async read(key: string): Promise<Readable | null> {
    try {
      const handle = await open(this.#path(key), 'r');
      return handle.createReadStream();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.#path(key), { force: true });
  }

  async removeOrphans(olderThan: Date, referenced: ReadonlySet<string>): Promise<number> {
    // A file gone meanwhile (a write that just finished) is not old.
    const old = async (file: string) =>
      ((await stat(file).catch(() => null))?.mtimeMs ?? Infinity) < olderThan.getTime();
    let removed = 0;
    // Temp files are never referenced: an old one is an upload that died.
    for (const name of await filesIn(this.tempDir)) {
      const file = path.join(this.tempDir, name);
      if (await old(file)) {
        await rm(file, { force: true });
        removed++;
      }
    }
    // Only names this storage makes (<2 hex>/<uuid>): anything else in the folder is left be.
    for (const dir of await readdir(this.root).catch(none)) {
      if (!/^[0-9a-f]{2}$/.test(dir)) continue;
      for (const key of await filesIn(path.join(this.root, dir))) {
        if (!KEY_NAME.test(key) || !key.startsWith(dir) || referenced.has(key)) continue;
        const file = path.join(this.root, dir, key);
        if (await old(file)) {
          await rm(file, { force: true });
          removed++;
        }
      }
    }
    return removed;
  }
}

/** A key as DiskStorage names its file (lower case). */
const KEY_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** An empty list for a folder that does not exist (yet). */
function none(error: NodeJS.ErrnoException): string[] {
  if (error.code === 'ENOENT') return [];
  throw error;
}

/** The names of the plain files in `dir`. */
async function filesIn(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => e.name);
  } catch (error) {
    return none(error as NodeJS.ErrnoException);
  }
}

export class MemoryStorage extends StreamStorage {
  readonly blobs = new Map<string, Buffer>();
  /** When each blob was written (ms since epoch), for `removeOrphans`. */
  readonly written = new Map<string, number>();
  async write(key: string, source: ByteSource): Promise<number> {
    const k = checkKey(key);
    const data = await readAll(Readable.from(source, { objectMode: false }));
    this.blobs.set(k, data);
    this.written.set(k, Date.now());
    return data.length;
  }
  async read(key: string) {
    const data = this.blobs.get(checkKey(key));
    return data ? Readable.from([data], { objectMode: false }) : null;
  }
  async remove(key: string) {
    this.blobs.delete(checkKey(key));
    this.written.delete(checkKey(key));
  }
  async removeOrphans(olderThan: Date, referenced: ReadonlySet<string>): Promise<number> {
    let removed = 0;
    for (const key of [...this.blobs.keys()]) {
      // A blob set directly (not through `write`) has no time and is kept.
      const at = this.written.get(key) ?? Infinity;
      if (!referenced.has(key) && at < olderThan.getTime()) {
        await this.remove(key);
        removed++;
      }
    }
    return removed;
  }
}
