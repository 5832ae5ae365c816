// Verifies the activity log's hash chain (migration 0007): rows in chain_seq order 1, 2, 3 …
// without gaps, each prev_hash equal to the row before's row_hash, and each row_hash equal to the
// sha256 of the row's content as recomputed here (independent of the database's own functions).
// A changed row breaks its own hash; a deleted row leaves a gap or a wrong prev_hash. A deleted
// tail leaves no trace inside the table, so the answer names the head (seq + hash): compare it
// with an earlier run's (`--anchor seq:hash` checks that row is still there, unchanged).
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { readCheckpoints } from './checkpoint.ts';

/** One break in the chain: the row (id and/or chain_seq) and what is wrong with it. */
export interface ChainProblem {
  id: number | null;
  seq: number | null;
  problem: string;
}

/**
 * Every break, not only the first: after a break the walk re-anchors on the broken row's stored
 * hash and goes on, so one early break (or a false alarm) does not hide a later edit. When broken,
 * `rows` counts the intact rows before the first break and id/seq/problem name that break;
 * `checked` is every chained row walked.
 */
export type ChainReport =
  | { ok: true; rows: number; head: { seq: number; hash: string } | null; problems: [] }
  | {
      ok: false;
      rows: number;
      checked: number;
      id: number | null;
      seq: number | null;
      problem: string;
      problems: ChainProblem[];
      head: { seq: number; hash: string } | null;
    };

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
  options: {
    anchor?: { seq: number; hash: string };
    /** Signed checkpoints (audit/checkpoint.ts): each MAC is checked, then its row's hash. */
    checkpoints?: { file: string; secret: string };
  } = {},
): Promise<ChainReport> {
  const problems: ChainProblem[] = [];
  const unchained = await sql<{ id: number }>`
    select id from activity_log where chain_seq is null order by id`.execute(db);
  for (const r of unchained.rows) {
    problems.push({
      id: r.id,
      seq: null,
      problem: 'raden saknar kedja (skriven med avstängd trigger)',
    });
  }
  // Rows whose hash an earlier run or a signed checkpoint recorded; the walk compares them.
  const anchors = new Map<number, { hash: string; what: string; seen: boolean }[]>();
  const addAnchor = (seq: number, hash: string, what: string) =>
    anchors.set(seq, [...(anchors.get(seq) ?? []), { hash, what, seen: false }]);
  if (options.anchor) addAnchor(options.anchor.seq, options.anchor.hash, 'ankarraden');
  if (options.checkpoints) {
    const read = await readCheckpoints(options.checkpoints.file, options.checkpoints.secret);
    problems.push(...read.problems);
    for (const c of read.checkpoints) addAnchor(c.seq, c.hash, `kontrollpunkten från ${c.at}`);
  }

  let checked = 0;
  let rowsBeforeFirstBreak: number | null = null;
  let expectedSeq = 1;
  let prevHash: string | null = null;
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
      const broken = (problem: string) => {
        rowsBeforeFirstBreak ??= checked;
        problems.push({ id: r.id, seq, problem });
      };
      if (seq !== expectedSeq) {
        // The gap explains this row's prev_hash too; its own content is still checked.
        broken(
          seq - expectedSeq === 1
            ? `raden med chain_seq ${expectedSeq} saknas (raderad)`
            : `raderna med chain_seq ${expectedSeq}–${seq - 1} saknas (raderade)`,
        );
      } else if (r.prev_hash !== prevHash) {
        broken('prev_hash stämmer inte med raden före (en rad före är raderad eller ändrad)');
      }
      if (r.row_hash !== sha256(rowText(r))) {
        broken('innehållet stämmer inte med radens hash (raden är ändrad)');
      }
      for (const anchor of anchors.get(seq) ?? []) {
        anchor.seen = true;
        if (anchor.hash !== r.row_hash) {
          broken(`${anchor.what} har en annan hash för raden (loggen är omskriven)`);
        }
      }
      // Re-anchor on the row as stored, so the rows after it are checked against it.
      checked += 1;
      expectedSeq = seq + 1;
      prevHash = r.row_hash;
    }
    if (batch.rows.length < BATCH) break;
  }
  for (const [seq, list] of anchors) {
    for (const anchor of list) {
      if (anchor.seen) continue;
      problems.push({
        id: null,
        seq,
        problem: `${anchor.what}: raden med chain_seq ${seq} finns inte längre (slutet av loggen raderat)`,
      });
    }
  }
  const head = checked ? { seq: expectedSeq - 1, hash: prevHash! } : null;
  if (problems.length === 0) return { ok: true, rows: checked, head, problems: [] };
  problems.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  const first = problems[0]!;
  return {
    ok: false,
    // Intact rows before the first break (none are trusted when a row is not chained at all).
    rows: unchained.rows.length ? 0 : (rowsBeforeFirstBreak ?? checked),
    checked,
    id: first.id,
    seq: first.seq,
    problem: first.problem,
    problems,
    head,
  };
}

function describeProblem(p: ChainProblem): string {
  const where = [p.id !== null ? `id ${p.id}` : null, p.seq !== null ? `chain_seq ${p.seq}` : null]
    .filter(Boolean)
    .join(', ');
  return where ? `BRUTEN vid rad ${where}: ${p.problem}.` : `BRUTEN: ${p.problem}.`;
}

export function describeReport(report: ChainReport): string {
  if (report.ok) {
    return report.head
      ? `OK: ${report.rows} rader, kedjan är obruten. Senaste rad: chain_seq ${report.head.seq}, hash ${report.head.hash}`
      : 'OK: aktivitetsloggen är tom.';
  }
  const [first, ...rest] = report.problems.map(describeProblem);
  return [
    `${first} ${report.rows} rader före den är obrutna.`,
    ...rest,
    `${report.problems.length} fel bland ${report.checked} rader.`,
  ].join('\n');
}
