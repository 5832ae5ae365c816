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
// a transition table; each staff read among them is a few lookups by primary key.
// The existing log is counted here, once, by one query with the trigger's rules (the test
// test/log-rollups.test.ts checks that both count alike).
export const name = '0034_log_rollups';

/**
 * The staff reads among the log rows of `source` (the whole log, for the backfill), by the
 * trigger's rules, each (staff, day, client, outside) once: `outside` false for every client
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

-- Row by row, each step a lookup by primary key: a set query over the statement's rows kept the
-- plan of its first statement (one row, on a young database of a handful of users), which joined
-- the users by their role index, and the scale seed's 200 000 rows then read every user for each
-- row; planned again for every statement (EXECUTE) it cost 5 ms a log row. Sequential scans are
-- off inside it, so no plan made while a table was small scans it once it has grown.
create function activity_log_rollup() returns trigger language plpgsql
set enable_seqscan = off as $f$
declare
  r record;
  staff_role text;
  read_day date;
  outside boolean;
  fresh integer;
  fresh_outside integer;
begin
  update activity_log_counts set n = n + (select count(*) from inserted)
  where shard = pg_backend_pid() % 16;
  -- Most rows are a client's own reads, or have no actor or subject: nothing more to count.
  for r in select i.actor_user_id, i.subject_user_id, i.details, i.created_at from inserted i
           where i.actor_user_id <> i.subject_user_id loop
    select u.role into staff_role from users u where u.id = r.actor_user_id;
    continue when staff_role is null or staff_role not in ('STAFF', 'ADMIN');
    continue when not exists (select 1 from users c
                              where c.id = r.subject_user_id and c.role = 'USER');
    read_day := (r.created_at at time zone 'Europe/Stockholm')::date;
    outside := staff_role = 'STAFF' and not coalesce(r.details ? 'emergencyAccessId', false)
      and not exists (select 1 from care_team_members m
                      where m.client_id = r.subject_user_id and m.staff_id = r.actor_user_id);
    insert into staff_read_clients (staff_id, day, client_id, outside)
    values (r.actor_user_id, read_day, r.subject_user_id, false) on conflict do nothing;
    get diagnostics fresh = row_count;
    fresh_outside := 0;
    if outside then
      insert into staff_read_clients (staff_id, day, client_id, outside)
      values (r.actor_user_id, read_day, r.subject_user_id, true) on conflict do nothing;
      get diagnostics fresh_outside = row_count;
    end if;
    if fresh + fresh_outside > 0 then
      insert into staff_read_days (staff_id, day, clients, outside_clients)
      values (r.actor_user_id, read_day, fresh, fresh_outside)
      on conflict (staff_id, day) do update
        set clients = staff_read_days.clients + excluded.clients,
            outside_clients = staff_read_days.outside_clients + excluded.outside_clients;
    end if;
  end loop;
  return null;
end
$f$;

create trigger activity_log_rollup after insert on activity_log
  referencing new table as inserted
  for each statement execute function activity_log_rollup();
${backfill}`;
