// Moves the uploaded files of a deployment that kept them in DATA_DIR/files into the database
// (file_blob_chunks), for a deployment that runs on DATABASE_URL and so reads files from there
// now. Each file is streamed in, read back and compared (SHA-256, streamed: no file is held
// whole in memory), and only then deleted from the disk; a file already in the database with
// the same bytes is just deleted, one with other bytes is left on disk and reported. Running it
// twice is harmless. Files in progress (DiskStorage's `.tmp`) are not storage keys: skipped.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/index.ts';
import { UUID_RE } from '../security/tokens.ts';
import { DatabaseStorage } from './storage.ts';

export interface MoveResult {
  moved: number;
  alreadyThere: number;
  /** Keys whose database copy differs from the disk's (left on disk). */
  conflicts: string[];
  /** Files under the root that are not storage keys (left alone). */
  skipped: string[];
}

async function sha(stream: AsyncIterable<Uint8Array>): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk);
  return hash.digest('hex');
}

/** SHA-256 of a stored file, or null when the database has none under `key`. */
async function storedSha(store: DatabaseStorage, key: string): Promise<string | null> {
  const stream = await store.read(key);
  return stream ? sha(stream) : null;
}

export async function moveFilesToDatabase(root: string, db: Db): Promise<MoveResult> {
  const store = new DatabaseStorage(db);
  const result: MoveResult = { moved: 0, alreadyThere: 0, conflicts: [], skipped: [] };
  let dirs: string[];
  try {
    dirs = await readdir(root);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return result;
    throw error;
  }
  for (const dir of dirs.sort()) {
    const names = await readdir(path.join(root, dir)).catch(() => null);
    if (!names) {
      result.skipped.push(dir);
      continue;
    }
    for (const name of names.sort()) {
      const file = path.join(root, dir, name);
      if (!UUID_RE.test(name) || name.slice(0, 2).toLowerCase() !== dir.toLowerCase()) {
        result.skipped.push(path.join(dir, name));
        continue;
      }
      const onDisk = await sha(createReadStream(file));
      const existing = await storedSha(store, name);
      if (existing) {
        if (existing !== onDisk) {
          result.conflicts.push(name);
          continue;
        }
        result.alreadyThere++;
      } else {
        await store.write(name, createReadStream(file));
        if ((await storedSha(store, name)) !== onDisk)
          throw new Error(`Filen ${name} lästes inte tillbaka lika`);
        result.moved++;
      }
      await rm(file);
    }
  }
  return result;
}
