// No double booking (issue 22): two BOOKED meetings of the same client, or of the same staff
// member, may not overlap in time. Exclusion constraints make the database refuse the second
// one even when two bookings race; the service turns the refusal (SQLSTATE 23P01) into a 409
// named by the constraint. A cancelled meeting blocks nothing. The range is half-open, so a
// meeting may start the minute the one before ends.
//
// The range is taken in UTC as a `tsrange`: `timestamptz + interval` is only STABLE (it reads
// the session's time zone), and an index expression must be IMMUTABLE. `=` on an integer in a
// GiST index needs btree_gist: PGlite loads it in db/index.ts; on PostgreSQL (≥ 13) it is a
// trusted extension, so the database owner may create it.
//
// Meetings booked before this migration may already overlap; the constraint could not be
// added over them, so the migration stops and names them for the operator to move or cancel.
export const name = '0014_appointment_overlap';

export const sql = /* sql */ `
create extension if not exists btree_gist;

do $$
declare
  clashes text;
begin
  select string_agg(a.id || ' och ' || b.id, ', ') into clashes
  from appointments a
  join appointments b on b.id > a.id
    and (b.client_user_id = a.client_user_id or b.staff_user_id = a.staff_user_id)
    and tsrange(a.starts_at at time zone 'UTC', (a.starts_at at time zone 'UTC') + make_interval(mins => a.minutes))
      && tsrange(b.starts_at at time zone 'UTC', (b.starts_at at time zone 'UTC') + make_interval(mins => b.minutes))
  where a.status = 'BOOKED' and b.status = 'BOOKED';
  if clashes is not null then
    raise exception 'Bokade möten överlappar (mötes-id %). Flytta eller avboka det ena i varje par och starta om servern.', clashes;
  end if;
end
$$;

alter table appointments
  add constraint appointments_client_overlap exclude using gist (
    client_user_id with =,
    tsrange(starts_at at time zone 'UTC', (starts_at at time zone 'UTC') + make_interval(mins => minutes)) with &&
  ) where (status = 'BOOKED'),
  add constraint appointments_staff_overlap exclude using gist (
    staff_user_id with =,
    tsrange(starts_at at time zone 'UTC', (starts_at at time zone 'UTC') + make_interval(mins => minutes)) with &&
  ) where (status = 'BOOKED');
`;
