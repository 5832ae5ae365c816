// Lab reports as laboratories send them (design §4.15, issue 23). A value read from a FHIR R4
// report may be a quantity with a comparator (`<1`), a text (a string, a code, yes/no), part of
// a blood-pressure Observation's components or of a `hasMember` panel, preliminary, or an
// amended/corrected version of a value sent before. `lab_values` rows stay frozen (0017): a
// correction is a new row with the same `identifier` (readers show only the newest row of each
// identifier), and a cancelled or entered-in-error Observation with an identifier becomes a row
// without a value (`obs_status` says which) that only hides the earlier ones; it is never shown.
// A partial sampling date (`2026`, `2026-11`) keeps its precision. `lab_files.read_count` and
// `lab_skipped_values` keep what the upload answer said (N values read, each skipped one with
// its analysis and Swedish reason) for the file's history.
export const name = '0019_lab_value_details';

export const sql = /* sql */ `
alter table lab_values alter column value drop not null;
alter table lab_values drop constraint lab_values_sampled_on_check;
alter table lab_values add constraint lab_values_sampled_on_check
  check (sampled_on ~ '^[0-9]{4}(-[0-9]{2}(-[0-9]{2})?)?$');
alter table lab_values
  add column value_text text check (length(value_text) between 1 and 1000),
  add column comparator text check (comparator in ('<', '<=', '>=', '>')),
  add column obs_status text
    check (obs_status in ('final', 'amended', 'corrected', 'preliminary', 'cancelled', 'entered-in-error')),
  add column interpretation text check (interpretation in ('LOW', 'HIGH', 'ABNORMAL', 'NORMAL')),
  add column identifier text check (length(identifier) between 1 and 600),
  add column reported_at timestamptz,
  add column group_key text check (length(group_key) between 1 and 300),
  add column group_name text check (length(group_name) between 1 and 200),
  add column group_loinc text check (group_loinc ~ '^[0-9]{1,7}-[0-9]$');
alter table lab_values add constraint lab_values_value_or_retraction check (
  (obs_status in ('cancelled', 'entered-in-error') and value is null and value_text is null
    and identifier is not null)
  or (coalesce(obs_status, 'final') not in ('cancelled', 'entered-in-error')
    and (value is not null or value_text is not null))
);
create index lab_values_identifier_idx on lab_values (subject_user_id, identifier)
  where identifier is not null;

alter table lab_files add column read_count integer check (read_count >= 0);

create table lab_skipped_values (
  file_id uuid not null references files (id) on delete cascade,
  position integer not null check (position >= 0),
  analysis text check (length(analysis) between 1 and 200),
  reason text not null check (length(reason) between 1 and 500),
  primary key (file_id, position)
);
create trigger lab_skipped_values_frozen before update or delete on lab_skipped_values
  for each row execute function lab_record_frozen();
`;
