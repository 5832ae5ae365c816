// The log's rollup trigger (0034) in one set-based statement, and the chain trigger (0015) without
// a catalogue query per row (issue 38 item 4): both run inside the log's INSERT, under the chain's
// lock, so every other logged request waits for them. A coach's conversation list writes ~400
// rows in one INSERT; 0034's loop made each of them a plpgsql iteration of up to five statements
// (pnpm bench:log-insert splits the INSERT by part, before and after, in the note of this change).
//
// activity_log_rollup: the same rules and counts as 0034 (what a read is, once per staff member,
// Swedish day and client; outside her team when STAFF, no emergencyAccessId and not in the
// client's care team at that moment), the same tables, still in the inserting statement. Why 0034
// left the set query: its plan, kept from the first statement a backend ran (one row, a young
// database), joined the users by their role index and then read every user for each row. Here
// there is no join for a plan to choose: every lookup is a scalar subquery by primary key (users
// by id, care_team_members and staff_read_clients by their keys) in the target list of a
// MATERIALIZED CTE, where PostgreSQL never turns it into a join; the transition table is read
// once; sequential scans stay off inside, so a lookup planned while a table was small is an index
// lookup still. What is left to choose is how to deduplicate and group (hash or sort), which does
// not depend on the size of the tables. Checked with auto_explain (nested statements): a backend
// whose first log INSERT was one staff read on a database of four users kept this plan (every
// lookup by key, estimated one row) and, after the users grew to 20 000 without ANALYZE, ran 419
// rows through it in one lookup per row and key; on the seeded database (20 000 clients, 300 000
// log rows) the plan is the same. test/log-rollups.test.ts checks the counts on both databases.
// A (staff, day, client) already counted is found by that probe and not inserted again; ON
// CONFLICT DO NOTHING stays for two writers counting the same key at once.
//
// activity_log_chain: 0015's owner check ran `select relowner from pg_class` for every row, a
// query of its own (a plpgsql expression with a subquery goes through the executor each time).
// It matters only for a row whose created_at is more than 5 minutes from the database's clock,
// so that is now tested first and the owner looked up only then: the same rows are refused, with
// the same message. The head, the lock and the hash (activity_log_row_hash, the format
// audit:verify checks) are as 0015 made them.
export const name = '0037_log_rollup_set';

export const sql = /* sql */ `
create or replace function activity_log_rollup() returns trigger language plpgsql
set enable_seqscan = off as $f$
begin
  update activity_log_counts set n = n + (select count(*) from inserted)
  where shard = pg_backend_pid() % 16;
  with reads as materialized (
    select i.actor_user_id as staff_id, i.subject_user_id as client_id,
           (i.created_at at time zone 'Europe/Stockholm')::date as day,
           (select u.role from users u where u.id = i.actor_user_id) as staff_role,
           (select c.role from users c where c.id = i.subject_user_id) as client_role,
           coalesce(i.details ? 'emergencyAccessId', false) as emergency
    from inserted i
    where i.actor_user_id <> i.subject_user_id
  ), staff_reads as materialized (
    select r.staff_id, r.day, r.client_id,
           r.staff_role = 'STAFF' and not r.emergency
             and not exists (select 1 from care_team_members m
                             where m.client_id = r.client_id and m.staff_id = r.staff_id)
             as outside
    from reads r
    where r.staff_role in ('STAFF', 'ADMIN') and r.client_role = 'USER'
  ), keys as materialized (
    select k.staff_id, k.day, k.client_id, k.outside,
           exists (select 1 from staff_read_clients s
                   where s.staff_id = k.staff_id and s.day = k.day
                     and s.client_id = k.client_id and s.outside = k.outside) as counted
    from (select staff_id, day, client_id, false as outside from staff_reads
          union
          select staff_id, day, client_id, true from staff_reads where outside) k
  ), fresh as (
    insert into staff_read_clients (staff_id, day, client_id, outside)
    select staff_id, day, client_id, outside from keys where not counted
    order by staff_id, day, client_id, outside
    on conflict do nothing
    returning staff_id, day, outside
  )
  insert into staff_read_days (staff_id, day, clients, outside_clients)
  select staff_id, day, count(*) filter (where not outside), count(*) filter (where outside)
  from fresh group by staff_id, day order by staff_id, day
  on conflict (staff_id, day) do update
    set clients = staff_read_days.clients + excluded.clients,
        outside_clients = staff_read_days.outside_clients + excluded.outside_clients;
  return null;
end
$f$;

create or replace function activity_log_chain() returns trigger language plpgsql as $f$
declare
  head_seq bigint;
  head_hash text;
begin
  if new.created_at is null or abs(extract(epoch from new.created_at - clock_timestamp())) > 300
  then
    if not pg_has_role(current_user,
        (select relowner from pg_class where oid = tg_relid), 'USAGE') then
      raise exception 'activity_log.created_at % är mer än 5 minuter från databasens klocka',
        new.created_at using errcode = 'check_violation';
    end if;
  end if;
  perform pg_advisory_xact_lock(4711016);
  select chain_seq, row_hash into head_seq, head_hash
    from activity_log where chain_seq is not null order by chain_seq desc limit 1;
  new.chain_seq := coalesce(head_seq, 0) + 1;
  new.prev_hash := head_hash;
  new.row_hash := activity_log_row_hash(new.chain_seq, new.prev_hash, new.id, new.action,
    new.actor_user_id, new.subject_user_id, new.ip_address, new.details, new.created_at);
  return new;
end
$f$;

-- The row's text and hash are what they were; declared STABLE (concat_ws is), they are inlined
-- into the trigger's expression instead of run as two SQL functions of their own for each row.
alter function activity_log_row_text(bigint, text, integer, text, integer, integer, text, jsonb,
  timestamptz) stable;
alter function activity_log_row_hash(bigint, text, integer, text, integer, integer, text, jsonb,
  timestamptz) stable;
`;
