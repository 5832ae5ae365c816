// The orphan sweep (issue 16): a server that crashes in the middle of an upload leaves bytes in
// storage that no file row points at (chunk rows, a DiskStorage temp file), and nothing else ever
// removes them. `removeOrphanFiles` asks the database which keys are in use and lets the storage
// remove the rest, sparing whatever was written within the last hour (an upload in progress, or
// one whose file row is being inserted). main.ts runs it at start and every 6 hours.
//
// `files.storage_key` is the only column that holds a storage key: profile images, lab files,
// action plans and message attachments are all `files` rows, which other tables point at by
// `files.id`. A new column holding a key must be added to `referencedKeys`, or its bytes are swept.
import type { Db } from '../db/index.ts';
import { UUID_RE } from '../security/tokens.ts';
import type { FileStorage } from './storage.ts';

/** Bytes written within this long are never removed: the upload may still be under way. */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;
/** How often a running server sweeps. */
export const ORPHAN_SWEEP_INTERVAL_MS = 6 * 60 * 60 * 1000;

/** Every storage key the database names, in lower case (as storage keeps them). */
export async function referencedKeys(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom('files').select('storage_key').execute();
  // A value that is no key cannot name a stored file (storage refuses such keys).
  return new Set(rows.map((r) => r.storage_key.toLowerCase()).filter((key) => UUID_RE.test(key)));
}

/**
 * Removes the stored files no row names and last written before `olderThan` (by default an hour
 * ago, by the server's real time: chunk rows and files on disk carry real times, whatever clock
 * the app runs on). Answers how many it removed.
 */
export async function removeOrphanFiles(
  db: Db,
  storage: FileStorage,
  olderThan = new Date(Date.now() - ORPHAN_GRACE_MS),
): Promise<number> {
  return storage.removeOrphans(olderThan, await referencedKeys(db));
}

export interface OrphanSweep {
  /** Stops the timer and waits for a sweep under way. */
  stop(): Promise<void>;
}

/**
 * Sweeps now in the background and then every `intervalMs` on an unref'd timer (it never keeps
 * the process alive). A failure is logged and the next run tries again; a sweep that removed
 * something logs one line.
 */
export function startOrphanSweep(
  db: Db,
  storage: FileStorage,
  log: Pick<Console, 'log' | 'error'> = console,
  intervalMs = ORPHAN_SWEEP_INTERVAL_MS,
): OrphanSweep {
  let running: Promise<void> = Promise.resolve();
  const sweep = () => {
    running = running.then(async () => {
      try {
        const removed = await removeOrphanFiles(db, storage);
        if (removed > 0) {
          log.log(`Tog bort ${removed} övergivna filer (uppladdningar som aldrig blev klara).`);
        }
      } catch (error) {
        log.error(`Rensningen av övergivna filer misslyckades: ${(error as Error).message}`);
      }
    });
  };
  sweep();
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
