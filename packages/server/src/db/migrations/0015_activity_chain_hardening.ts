// The activity log's chain trigger, hardened (issue 22 §8; 0007 made it).
//
// The head now comes ONLY from the table, read under the advisory lock, for every row. 0007 kept
// it in the transaction-local setting `halsa.activity_chain_head` to spare bulk inserts the
// lookup, but any session may set that setting: the INSERT-only role could fork the chain on
// purpose (a false alarm). The lookup is one backward scan of the unique chain_seq index per row;
// a BEFORE ROW trigger's query sees the rows its own statement inserted before, so one
// INSERT … SELECT still chains in order.
//
// created_at: the app writes it from its injected clock (modules/activity/service.ts; tests move
// that clock by days), so it is not overwritten. Instead a role that does not own the table
// (the INSERT-only app role, src/db/app-role.ts) may not write a time more than 5 minutes away
// from the database's clock: no back-dated rows. The owner is not checked: it can disable the
// trigger anyway (the signed checkpoints, src/audit/checkpoint.ts, guard against it).
export const name = '0015_activity_chain_hardening';

export const sql = /* sql */ `
create or replace function activity_log_chain() returns trigger language plpgsql as $f$
declare
  head_seq bigint;
  head_hash text;
begin
  if not pg_has_role(current_user,
      (select relowner from pg_class where oid = tg_relid), 'USAGE')
    and (new.created_at is null
      or abs(extract(epoch from new.created_at - clock_timestamp())) > 300) then
    raise exception 'activity_log.created_at % är mer än 5 minuter från databasens klocka',
      new.created_at using errcode = 'check_violation';
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
`;
