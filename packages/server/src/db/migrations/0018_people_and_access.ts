// People and access (issue 21, design §4.14): deactivated accounts, care teams, emergency access
// and the clinic's access rule.
// - users.deactivated_at: set while an account is deactivated; its data and log rows stay.
// - care_team_members: the STAFF who work with a client. Access checks read it by (staff, client)
//   in the same query as the data (now access/care-relation.ts), so both orders are indexed.
// - emergency_accesses: 'Nödåtkomst', open from opened_at to expires_at (4 hours), then closed by
//   itself; reviewed by an ADMIN on /activity/review. Rows are never deleted (the review is an
//   update of the review columns only).
// - clinic_settings: one row; care_team_only is on by default.
// - activity_log gets an index for the log rows of one emergency access (details->>'emergencyAccessId').
export const name = '0018_people_and_access';

export const sql = /* sql */ `
alter table users add column deactivated_at timestamptz;

create table care_team_members (
  client_id integer not null references users (id) on delete cascade,
  staff_id integer not null references users (id) on delete cascade,
  added_by integer references users (id) on delete set null,
  added_at timestamptz not null,
  primary key (client_id, staff_id)
);
create index care_team_members_staff_idx on care_team_members (staff_id, client_id);

create table emergency_accesses (
  id integer generated always as identity primary key,
  staff_id integer not null references users (id),
  client_id integer not null references users (id),
  reason text not null check (reason in ('URGENT_CARE', 'CLIENT_ASKED', 'COVERING', 'OTHER')),
  comment text,
  opened_at timestamptz not null,
  expires_at timestamptz not null,
  reviewed_at timestamptz,
  reviewed_by integer references users (id),
  review_comment text,
  check (expires_at >= opened_at),
  check (reason <> 'OTHER' or coalesce(comment, '') <> ''),
  check ((reviewed_at is null) = (reviewed_by is null))
);
create index emergency_accesses_open_idx on emergency_accesses (staff_id, client_id, expires_at desc);
create index emergency_accesses_unreviewed_idx on emergency_accesses (opened_at desc)
  where reviewed_at is null;

create table clinic_settings (
  id integer primary key default 1 check (id = 1),
  care_team_only boolean not null default true,
  updated_by integer references users (id) on delete set null,
  updated_at timestamptz not null default now()
);
insert into clinic_settings (id) values (1);

create index activity_log_emergency_idx on activity_log (((details->>'emergencyAccessId')::integer))
  where details ? 'emergencyAccessId';
`;
