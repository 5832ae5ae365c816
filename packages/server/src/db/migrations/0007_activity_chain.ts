// A tamper-evident activity log (issue 16 §4): every row carries the sha256 of its own content
// and of the row before it (`prev_hash`), in the order `chain_seq` (1, 2, 3, … without gaps).
// Changing or deleting a row breaks the chain at that row; `pnpm audit:verify` finds it.
// (Migration 0006 is file_blobs; this is the next free number.)
//
// The chain is made by a BEFORE INSERT trigger, so every writer (every instance, the scale
// seed, a psql session) chains alike. Concurrent inserts take turns on a transaction-scoped
// advisory lock, and each reads the head after getting it (READ COMMITTED: a fresh snapshot per
// statement, so it sees the previous holder's committed row); the unique index on chain_seq
// turns any fork (e.g. a REPEATABLE READ writer with an old snapshot) into an error, never a
// silent branch. Rows written before this migration are chained here, in id order.
//
// The row's text is its columns joined by U+001F, NULL as \N, created_at as epoch microseconds;
// src/security/audit-chain.ts recomputes the same text in JavaScript to verify.
export const name = '0007_activity_chain';

export const sql = /* sql */ `
alter table activity_log
  add column chain_seq bigint,
  add column prev_hash text,
  add column row_hash text;

create function activity_log_row_text(
  seq bigint, prev text, id integer, action text, actor integer, subject integer,
  ip text, details jsonb, created timestamptz
) returns text language sql immutable as $f$
  select concat_ws(chr(31),
    seq::text, coalesce(prev, '\\N'), id::text, action,
    coalesce(actor::text, '\\N'), coalesce(subject::text, '\\N'), coalesce(ip, '\\N'),
    coalesce(details::text, '\\N'), ((extract(epoch from created) * 1000000)::bigint)::text)
$f$;

create function activity_log_row_hash(
  seq bigint, prev text, id integer, action text, actor integer, subject integer,
  ip text, details jsonb, created timestamptz
) returns text language sql immutable as $f$
  select encode(sha256(convert_to(
    activity_log_row_text(seq, prev, id, action, actor, subject, ip, details, created), 'UTF8')), 'hex')
$f$;

-- Existing rows, in id order (the append-only trigger is off only inside this transaction).
alter table activity_log disable trigger activity_log_no_update;
do $d$
declare
  r record;
  seq bigint := 0;
  prev text := null;
begin
  for r in select * from activity_log order by id loop
    seq := seq + 1;
    update activity_log set chain_seq = seq, prev_hash = prev,
      row_hash = activity_log_row_hash(seq, prev, r.id, r.action, r.actor_user_id,
        r.subject_user_id, r.ip_address, r.details, r.created_at)
    where id = r.id
    returning row_hash into prev;
  end loop;
end
$d$;
alter table activity_log enable trigger activity_log_no_update;

create unique index activity_log_chain_seq_idx on activity_log (chain_seq);

-- The head is read from the table once per transaction; later rows of the same transaction
-- (which holds the lock until it ends) take it from a transaction-local setting, so a bulk
-- insert does not look the head up again for every row.
create function activity_log_chain() returns trigger language plpgsql as $f$
declare
  cached text := current_setting('halsa.activity_chain_head', true);
  head_seq bigint;
  head_hash text;
begin
  if cached is null or cached = '' then
    perform pg_advisory_xact_lock(4711016);
    select chain_seq, row_hash into head_seq, head_hash
      from activity_log where chain_seq is not null order by chain_seq desc limit 1;
  else
    head_seq := split_part(cached, ':', 1)::bigint;
    head_hash := nullif(split_part(cached, ':', 2), '');
  end if;
  new.chain_seq := coalesce(head_seq, 0) + 1;
  new.prev_hash := head_hash;
  new.row_hash := activity_log_row_hash(new.chain_seq, new.prev_hash, new.id, new.action,
    new.actor_user_id, new.subject_user_id, new.ip_address, new.details, new.created_at);
  perform set_config('halsa.activity_chain_head', new.chain_seq || ':' || new.row_hash, true);
  return new;
end
$f$;
create trigger activity_log_chain before insert on activity_log
  for each row execute function activity_log_chain();
`;
