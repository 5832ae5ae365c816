// Moves the uploaded files of a deployment that kept them in DATA_DIR/files into the database
// (file_blobs), for a deployment that runs on DATABASE_URL and so reads files from there now.
// Each file is inserted, read back and compared, and only then deleted from the disk; a file
// already in the database with the same bytes is just deleted, one with other bytes is left
// on disk and reported. Running it twice is harmless.
import { createHash } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
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

const sha = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

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
      const data = await readFile(file);
      const existing = await store.get(name);
      if (existing) {
        if (sha(existing) !== sha(data)) {
          result.conflicts.push(name);
          continue;
        }
        result.alreadyThere++;
      } else {
        await store.put(name, data);
        const back = await store.get(name);
        if (!back || sha(back) !== sha(data))
          throw new Error(`Filen ${name} lästes inte tillbaka lika`);
        result.moved++;
      }
      await rm(file);
    }
  }
  return result;
}
