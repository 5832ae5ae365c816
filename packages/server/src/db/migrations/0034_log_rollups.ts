// Two figures ADMIN reads on every view no longer count the log (issue 38 item 4; at 200 000 rows
// bench:capacity --plans measured the month of staff reads 'Logguppföljning' grouped at 471 ms,
// and the log page's total at 236 ms, both growing with the log):
//
// - staff_read_days: per staff member and Swedish day, the distinct clients she read, and of
//   those the ones read outside her care team (not under an emergency access). The card reads a
//   month of these (a row per staff member and day), not the month's log rows.
//   staff_read_clients keeps which (staff, day, client) have been counted, so a client is counted
//   once a day (`outside` false: read at all; true: read outside her team); the card never reads
//   it, only the trigger does, by its primary key.
//   What a read is is decided when it is written, by the rules the card applied when it looked:
//   the actor is STAFF or ADMIN, the subject is a client (role USER); outside her team means the
//   actor is STAFF, the row carries no emergencyAccessId and she is not in the client's care team
//   at that moment (when she read, not when ADMIN looks: a client added to her team later does
//   not turn an earlier read into one inside it).
// - activity_log_counts: the number of log rows, in 16 rows a writer picks by its backend, so
//   concurrent writers of the log do not queue on one counter row. The whole log's total is
//   their sum. The log is append-only (0001's triggers refuse UPDATE, DELETE and TRUNCATE), so
//   inserts are all that changes it.
//
// Both are kept by one AFTER INSERT statement trigger on activity_log, in the inserting statement
// (the same transaction as the rows): every writer (the app's batched or single rows, the scale
// seed, psql) counts alike, and a rolled-back row is never counted. The statement's rows come in
// a transition table, so a batch of rows is one insert per table, not one per row; rows are
// inserted in key order so two batches over the same keys do not deadlock each other.
// The existing log is counted here, once, by the same query over the whole table.
export const name = '0034_log_rollups';

/**
 * The staff reads among the log rows of `source` (the trigger's transition table, or the whole
 * log), each (staff, day, client, outside) once, in key order: `outside` false for every client
 * read, and a second row, true, for a client read outside the actor's care team.
 */
const staffReads = (source: string) => /* sql */ `
  select distinct x.staff_id, x.day, x.client_id, k.outside
  from (
    select r.actor_user_id as staff_id, r.subject_user_id as client_id,
           (r.created_at at time zone 'Europe/Stockholm')::date as day,
           a.role = 'STAFF' and not coalesce(r.details ? 'emergencyAccessId', false)
             and not exists (select 1 from care_team_members m
                             where m.staff_id = r.actor_user_id
                               and m.client_id = r.subject_user_id) as outside
    from ${source} r
    join users a on a.id = r.actor_user_id and a.role in ('STAFF', 'ADMIN')
    join users c on c.id = r.subject_user_id and c.role = 'USER'
    where r.actor_user_id <> r.subject_user_id
  ) x
  cross join lateral (values (false), (true)) k(outside)
  where not k.outside or x.outside
  order by x.staff_id, x.day, x.client_id, k.outside`;

/** Counts what `fresh` (newly inserted staff_read_clients rows) adds to each staff member's day. */
const addDays = /* sql */ `
  insert into staff_read_days (staff_id, day, clients, outside_clients)
  select staff_id, day, count(*) filter (where not outside), count(*) filter (where outside)
  from fresh group by staff_id, day order by staff_id, day
  on conflict (staff_id, day) do update
    set clients = staff_read_days.clients + excluded.clients,
        outside_clients = staff_read_days.outside_clients + excluded.outside_clients`;

/**
 * The log so far, counted once (the trigger counts from here on); also what a test compares the
 * trigger's counts with.
 */
export const backfill = /* sql */ `
update activity_log_counts set n = (select count(*) from activity_log) where shard = 0;
with fresh as (
  insert into staff_read_clients (staff_id, day, client_id, outside)
  ${staffReads('activity_log')}
  on conflict do nothing
  returning staff_id, day, outside
)
${addDays};
`;

export const sql = /* sql */ `
create table staff_read_clients (
  staff_id integer not null,
  day date not null,
  client_id integer not null,
  outside boolean not null,
  primary key (staff_id, day, client_id, outside)
);

create table staff_read_days (
  staff_id integer not null,
  day date not null,
  clients integer not null default 0,
  outside_clients integer not null default 0,
  primary key (staff_id, day)
);
create index staff_read_days_day_idx on staff_read_days (day);

create table activity_log_counts (
  shard smallint primary key,
  n bigint not null default 0
);
insert into activity_log_counts (shard, n) select g, 0 from generate_series(0, 15) g;

create function activity_log_rollup() returns trigger language plpgsql as $f$
begin
  update activity_log_counts set n = n + (select count(*) from inserted)
  where shard = pg_backend_pid() % 16;
  -- Most rows are a client's own reads, or have no actor or subject: nothing more to count.
  -- The rest is planned for each statement (EXECUTE), for its own rows: a plan kept from a
  -- statement of one row on a young database (a handful of users) joined the users by their
  -- role index, and a seed's 200 000 rows then read every user for each row.
  if exists (select 1 from inserted where actor_user_id <> subject_user_id) then
    execute $q$
      with fresh as (
        insert into staff_read_clients (staff_id, day, client_id, outside)
        ${staffReads('inserted')}
        on conflict do nothing
        returning staff_id, day, outside
      )
      ${addDays}
    $q$;
  end if;
  return null;
end
$f$;

create trigger activity_log_rollup after insert on activity_log
  referencing new table as inserted
  for each statement execute function activity_log_rollup();
${backfill}`;
