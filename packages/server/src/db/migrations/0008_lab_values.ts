// Structured lab results (design §4.12, issue 13). A lab upload stays a file in `files`; beside
// it `lab_files` says what it is (PDF, picture, CSV or FHIR), whether its values could be read
// (with the Swedish note shown to the client when not) and when the client first opened it
// (the newest unopened file is marked new). `lab_values` holds the values read from the
// structured ones, one row per analysis and sample, for tables and trends across uploads.
// Files uploaded before this migration have no `lab_files` row: they are read as PDF/picture,
// not opened.
export const name = '0008_lab_values';

export const sql = /* sql */ `
create table lab_files (
  file_id uuid primary key references files (id) on delete cascade,
  subject_user_id integer not null references users (id) on delete cascade,
  format text not null check (format in ('PDF', 'IMAGE', 'CSV', 'FHIR')),
  values_status text not null check (values_status in ('NONE', 'READ', 'UNREADABLE')),
  note text,
  opened_at timestamptz
);
create index lab_files_subject_idx on lab_files (subject_user_id);

create table lab_values (
  id integer generated always as identity primary key,
  file_id uuid not null references files (id) on delete cascade,
  subject_user_id integer not null references users (id) on delete cascade,
  position integer not null check (position >= 0),
  analysis text not null check (length(analysis) between 1 and 200),
  loinc text check (loinc ~ '^[0-9]{1,7}-[0-9]$'),
  value double precision not null,
  unit text not null check (length(unit) <= 50),
  ref_low double precision,
  ref_high double precision,
  sampled_on text not null check (sampled_on ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
  unique (file_id, position)
);
create index lab_values_subject_idx on lab_values (subject_user_id, sampled_on);
`;
