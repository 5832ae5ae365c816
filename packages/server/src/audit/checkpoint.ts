// Signed checkpoints of the activity log's chain head (issue 22 §8). The chain alone is unkeyed:
// whoever owns the database (and, on PGlite, the app) can edit a row and re-chain every later
// row with the database's own hash function. So every few minutes, and at shutdown, the app
// writes the head `{ seq, hash, at, mac }` OUTSIDE the database: a JSON line appended to
// `DATA_DIR/audit-checkpoints.jsonl` and one log line (`audit-checkpoint {...}`) for the
// operator's log store. The MAC is HMAC-SHA256 over `seq:hash:at` keyed by a key derived from
// SESSION_SECRET, which the database never holds; `pnpm audit:verify` checks every MAC and that
// the row at each seq still has that hash, so a rewrite of any row up to a checkpoint is found.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';

export interface Checkpoint {
  seq: number;
  hash: string;
  at: string;
  mac: string;
}

export const CHECKPOINT_FILE = 'audit-checkpoints.jsonl';
export const CHECKPOINT_INTERVAL_MS = 5 * 60_000;

/** Its own key, so a checkpoint MAC can never stand in for a session or code MAC. */
function checkpointKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, '', 'halsa audit checkpoint v1', 32));
}

export function checkpointMac(secret: string, c: Omit<Checkpoint, 'mac'>): string {
  return createHmac('sha256', checkpointKey(secret))
    .update(`${c.seq}:${c.hash}:${c.at}`, 'utf8')
    .digest('hex');
}

/** The chain head as a signed checkpoint, or null while the log is empty. */
export async function signHead(db: Db, secret: string, at: Date): Promise<Checkpoint | null> {
  const head = await sql<{ seq: string; hash: string }>`
    select chain_seq::text as seq, row_hash as hash from activity_log
    where chain_seq is not null order by chain_seq desc limit 1`.execute(db);
  const row = head.rows[0];
  if (!row) return null;
  const c = { seq: Number(row.seq), hash: row.hash, at: at.toISOString() };
  return { ...c, mac: checkpointMac(secret, c) };
}

export async function writeCheckpoint(
  db: Db,
  options: { dataDir: string; secret: string; log?: Pick<Console, 'log'>; at?: Date },
): Promise<Checkpoint | null> {
  const c = await signHead(db, options.secret, options.at ?? new Date());
  if (!c) return null;
  const line = JSON.stringify(c);
  await mkdir(options.dataDir, { recursive: true });
  await appendFile(path.join(options.dataDir, CHECKPOINT_FILE), `${line}\n`, { mode: 0o600 });
  (options.log ?? console).log(`audit-checkpoint ${line}`);
  return c;
}

/**
 * Every few minutes in the background, and once more at stop(); a head that has not moved since
 * this instance's last checkpoint is not written again (the file would only grow).
 */
export function startAuditCheckpoints(
  db: Db,
  options: { dataDir: string; secret: string },
  log: Pick<Console, 'log' | 'error'> = console,
  intervalMs = CHECKPOINT_INTERVAL_MS,
): { stop(): Promise<void> } {
  let lastSeq: number | null = null;
  let running: Promise<void> = Promise.resolve();
  const write = (force: boolean) => {
    running = running.then(async () => {
      try {
        const head = await signHead(db, options.secret, new Date());
        if (!head || (!force && head.seq === lastSeq)) return;
        const c = await writeCheckpoint(db, { ...options, log });
        if (c) lastSeq = c.seq;
      } catch (error) {
        log.error(`Kontrollpunkten för aktivitetsloggen misslyckades: ${(error as Error).message}`);
      }
    });
  };
  write(false);
  const timer = setInterval(() => write(false), intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      write(false);
      await running;
    },
  };
}

/** Parses and MAC-checks a checkpoint file: the good checkpoints, and a problem per bad line. */
export async function readCheckpoints(
  file: string,
  secret: string,
): Promise<{
  checkpoints: Checkpoint[];
  problems: { id: null; seq: number | null; problem: string }[];
}> {
  const checkpoints: Checkpoint[] = [];
  const problems: { id: null; seq: number | null; problem: string }[] = [];
  const lines = (await readFile(file, 'utf8')).split('\n');
  lines.forEach((text, i) => {
    // A log line shipped back may keep its `audit-checkpoint ` prefix.
    const json = text.trim().replace(/^.*?audit-checkpoint\s+/, '');
    if (!json) return;
    let c: Checkpoint;
    try {
      c = JSON.parse(json) as Checkpoint;
    } catch {
      problems.push({ id: null, seq: null, problem: `rad ${i + 1} i ${file} är inte JSON` });
      return;
    }
    const wellFormed =
      Number.isSafeInteger(c.seq) &&
      typeof c.hash === 'string' &&
      typeof c.at === 'string' &&
      typeof c.mac === 'string' &&
      /^[0-9a-f]{64}$/.test(c.mac);
    const expected = wellFormed ? Buffer.from(checkpointMac(secret, c), 'hex') : null;
    if (!expected || !timingSafeEqual(expected, Buffer.from(c.mac, 'hex'))) {
      problems.push({
        id: null,
        seq: Number.isSafeInteger(c.seq) ? c.seq : null,
        problem: `kontrollpunkten på rad ${i + 1} i ${file} har fel MAC (ändrad, eller signerad med en annan SESSION_SECRET)`,
      });
      return;
    }
    checkpoints.push(c);
  });
  return { checkpoints, problems };
}
