// Verifies the activity log's hash chain (migration 0007): rows in chain_seq order 1, 2, 3 …
// without gaps, each prev_hash equal to the row before's row_hash, and each row_hash equal to the
// sha256 of the row's content as recomputed here (independent of the database's own functions).
// A changed row breaks its own hash; a deleted row leaves a gap or a wrong prev_hash. A deleted
// tail leaves no trace inside the table, so the answer names the head (seq + hash): compare it
// with an earlier run's (`--anchor seq:hash` checks that row is still there, unchanged).
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';

export type ChainReport =
  | { ok: true; rows: number; head: { seq: number; hash: string } | null }
  | { ok: false; rows: number; id: number | null; seq: number | null; problem: string };

interface ChainRow {
  seq: string;
  id: number;
  prev_hash: string | null;
  row_hash: string | null;
  action: string;
  actor: string | null;
  subject: string | null;
  ip: string | null;
  details: string | null;
  micros: string;
}

const NULL = '\\N';

/** The row's text exactly as activity_log_row_text() builds it in SQL. */
export function rowText(r: Omit<ChainRow, 'row_hash'>): string {
  return [
    r.seq,
    r.prev_hash ?? NULL,
    String(r.id),
    r.action,
    r.actor ?? NULL,
    r.subject ?? NULL,
    r.ip ?? NULL,
    r.details ?? NULL,
    r.micros,
  ].join('\u001f');
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const BATCH = 5_000;

export async function verifyActivityChain(
  db: Db,
  options: { anchor?: { seq: number; hash: string } } = {},
): Promise<ChainReport> {
  const unchained = await sql<{ id: number }>`
    select id from activity_log where chain_seq is null order by id limit 1`.execute(db);
  if (unchained.rows[0]) {
    return {
      ok: false,
      rows: 0,
      id: unchained.rows[0].id,
      seq: null,
      problem: 'raden saknar kedja (skriven med avstängd trigger)',
    };
  }
  let rows = 0;
  let expectedSeq = 1;
  let prevHash: string | null = null;
  let anchorSeen = false;
  for (;;) {
    const batch = await sql<ChainRow>`
      select chain_seq::text as seq, id, prev_hash, row_hash, action,
        actor_user_id::text as actor, subject_user_id::text as subject, ip_address as ip,
        details::text as details,
        ((extract(epoch from created_at) * 1000000)::bigint)::text as micros
      from activity_log where chain_seq >= ${expectedSeq}
      order by chain_seq limit ${BATCH}`.execute(db);
    for (const r of batch.rows) {
      const seq = Number(r.seq);
      const broken = (problem: string): ChainReport => ({
        ok: false,
        rows,
        id: r.id,
        seq,
        problem,
      });
      if (seq !== expectedSeq) {
        return broken(
          seq - expectedSeq === 1
            ? `raden med chain_seq ${expectedSeq} saknas (raderad)`
            : `raderna med chain_seq ${expectedSeq}–${seq - 1} saknas (raderade)`,
        );
      }
      if (r.prev_hash !== prevHash) {
        return broken(
          'prev_hash stämmer inte med raden före (en rad före är raderad eller ändrad)',
        );
      }
      if (r.row_hash !== sha256(rowText(r))) {
        return broken('innehållet stämmer inte med radens hash (raden är ändrad)');
      }
      if (options.anchor && options.anchor.seq === seq) {
        if (options.anchor.hash !== r.row_hash) {
          return broken('ankarraden har en annan hash än vid förra kontrollen');
        }
        anchorSeen = true;
      }
      rows += 1;
      expectedSeq += 1;
      prevHash = r.row_hash;
    }
    if (batch.rows.length < BATCH) break;
  }
  if (options.anchor && !anchorSeen) {
    return {
      ok: false,
      rows,
      id: null,
      seq: options.anchor.seq,
      problem: `ankarraden chain_seq ${options.anchor.seq} finns inte längre (slutet av loggen raderat)`,
    };
  }
  return { ok: true, rows, head: rows ? { seq: expectedSeq - 1, hash: prevHash! } : null };
}

export function describeReport(report: ChainReport): string {
  if (report.ok) {
    return report.head
      ? `OK: ${report.rows} rader, kedjan är obruten. Senaste rad: chain_seq ${report.head.seq}, hash ${report.head.hash}`
      : 'OK: aktivitetsloggen är tom.';
  }
  const where = [
    report.id !== null ? `id ${report.id}` : null,
    report.seq !== null ? `chain_seq ${report.seq}` : null,
  ]
    .filter(Boolean)
    .join(', ');
  return `BRUTEN vid rad ${where}: ${report.problem}. ${report.rows} rader före den är obrutna.`;
}
