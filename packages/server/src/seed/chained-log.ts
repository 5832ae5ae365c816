// Activity-log rows in bulk for the scale seeds (issue 38: 20 000 000 rows at a chain's scale),
// chained here in Node instead of by the chain trigger (migrations 0007, 0015), which reads the
// head through the index and hashes in SQL for every row: 20 M rows took over an hour. The rows
// and their hashes are exactly what the trigger would write: rowText() and sha256 of
// audit/chain.ts (the verifier's own text), in chain_seq order after the table's head, so
// `pnpm audit:verify` checks them as any other rows.
//
// How: one transaction turns the chain trigger off for itself (ALTER TABLE … DISABLE TRIGGER
// activity_log_chain: transactional, so no other session ever sees the table without it; the
// lock it takes lets others read the log but makes their inserts wait until the commit, as one
// long insert would), takes the chain's advisory lock (4711016), reads the head, appends batches
// of rows with their chain columns and ids (OVERRIDING SYSTEM VALUE, ids from the table's own
// sequence) by `unnest` of arrays, hashing the next batch while the last one is written, and
// turns the trigger on again before it commits. Every other trigger (the append-only ones, a
// count kept by trigger) still fire. For a large load the secondary indexes and the foreign keys
// are dropped first and made again at the end (a sort and one join are much faster than
// millions of btree inserts and key lookups; PostgreSQL's advice for populating a database), all
// in the same transaction; readers wait for those minutes. It needs the table's owner (the
// migration role), as a seed does.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { rowText } from '../audit/chain.ts';
import type { Db } from '../db/index.ts';

/** The chain trigger's advisory lock (migration 0007). */
export const ACTIVITY_CHAIN_LOCK = 4711016;

/** One row to append: created_at as microseconds since 1970 (the chain's own precision). */
export interface LogRowSpec {
  action: string;
  actor: number | null;
  subject: number | null;
  ip: string | null;
  micros: number;
}

const BATCH = 20_000;
/** Ids are taken from the sequence this many at a time (not per batch: that query would wait
 * for the batch being written, and the hashing of the next would not overlap it). */
const ID_BLOCK = 10 * BATCH;

/** `micros` as an ISO timestamp PostgreSQL reads to the microsecond. */
export function isoMicros(micros: number): string {
  const ms = Math.floor(micros / 1000);
  const rest = String(micros - ms * 1000).padStart(3, '0');
  return new Date(ms).toISOString().replace('Z', `${rest}Z`);
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** From this many rows on, the secondary indexes are built again rather than kept up. */
const REBUILD_FROM = 1_000_000;

/** Appends `count` rows, the i-th from `rowAt(i)`, to the chain, after its head. */
export async function appendChainedLog(
  db: Db,
  count: number,
  rowAt: (i: number) => LogRowSpec,
  { rebuildFrom = REBUILD_FROM }: { rebuildFrom?: number } = {},
): Promise<void> {
  if (count <= 0) return;
  await db.transaction().execute(async (trx) => {
    await sql`alter table activity_log disable trigger activity_log_chain`.execute(trx);
    await sql`select pg_advisory_xact_lock(${ACTIVITY_CHAIN_LOCK})`.execute(trx);
    const rebuild =
      count >= rebuildFrom
        ? (
            await sql<{ name: string; def: string }>`
              select i.relname as name, pg_get_indexdef(x.indexrelid) as def
              from pg_index x join pg_class i on i.oid = x.indexrelid
              where x.indrelid = 'activity_log'::regclass and not x.indisunique`.execute(trx)
          ).rows
        : [];
    // The foreign keys too: checked again in one join when added back (PostgreSQL's advice for
    // populating a database), not by a lookup per row.
    const keys =
      count >= rebuildFrom
        ? (
            await sql<{ name: string; def: string }>`
              select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
              where conrelid = 'activity_log'::regclass and contype = 'f'`.execute(trx)
          ).rows
        : [];
    for (const index of rebuild) await sql`drop index ${sql.id(index.name)}`.execute(trx);
    for (const key of keys) {
      await sql`alter table activity_log drop constraint ${sql.id(key.name)}`.execute(trx);
    }
    const head = await sql<{ seq: string; hash: string }>`
      select chain_seq::text as seq, row_hash as hash from activity_log
      where chain_seq is not null order by chain_seq desc limit 1`.execute(trx);
    let seq = Number(head.rows[0]?.seq ?? 0);
    let prev: string | null = head.rows[0]?.hash ?? null;
    let writing: Promise<unknown> = Promise.resolve();
    let ids: number[] = [];
    let taken = 0;
    for (let from = 0; from < count; from += BATCH) {
      const n = Math.min(BATCH, count - from);
      if (ids.length - taken < n) {
        const block = await sql<{ id: number }>`
          select nextval(pg_get_serial_sequence('activity_log', 'id'))::integer as id
          from generate_series(1, ${Math.min(ID_BLOCK, count - from)}) order by 1`.execute(trx);
        ids = [...ids.slice(taken), ...block.rows.map((r) => r.id)];
        taken = 0;
      }
      const cols = {
        id: [] as number[],
        action: [] as string[],
        actor: [] as (number | null)[],
        subject: [] as (number | null)[],
        ip: [] as (string | null)[],
        created: [] as string[],
        seq: [] as string[],
        prev: [] as (string | null)[],
        hash: [] as string[],
      };
      for (let k = 0; k < n; k++) {
        const r = rowAt(from + k);
        const id = ids[taken++]!;
        seq += 1;
        const hash = sha256(
          rowText({
            seq: String(seq),
            prev_hash: prev,
            id,
            action: r.action,
            actor: r.actor === null ? null : String(r.actor),
            subject: r.subject === null ? null : String(r.subject),
            ip: r.ip,
            details: null,
            micros: String(r.micros),
          }),
        );
        cols.id.push(id);
        cols.action.push(r.action);
        cols.actor.push(r.actor);
        cols.subject.push(r.subject);
        cols.ip.push(r.ip);
        cols.created.push(isoMicros(r.micros));
        cols.seq.push(String(seq));
        cols.prev.push(prev);
        cols.hash.push(hash);
        prev = hash;
      }
      await writing;
      writing = sql`
        insert into activity_log (id, action, actor_user_id, subject_user_id, ip_address,
                                  created_at, chain_seq, prev_hash, row_hash)
        overriding system value
        select * from unnest(${cols.id}::integer[], ${cols.action}::text[],
                             ${cols.actor}::integer[], ${cols.subject}::integer[],
                             ${cols.ip}::text[], ${cols.created}::timestamptz[],
                             ${cols.seq}::bigint[], ${cols.prev}::text[], ${cols.hash}::text[])`.execute(
        trx,
      );
      // A failed batch rejects here or at the next await; none is left unobserved.
      writing.catch(() => {});
    }
    await writing;
    if (rebuild.length) await sql`set local maintenance_work_mem = '256MB'`.execute(trx);
    for (const index of rebuild) await sql.raw(index.def).execute(trx);
    for (const key of keys) {
      await sql`alter table activity_log add constraint ${sql.id(key.name)} ${sql.raw(key.def)}`.execute(
        trx,
      );
    }
    await sql`alter table activity_log enable trigger activity_log_chain`.execute(trx);
  });
}
