// Appointments (design §4.11, issue 13): a meeting between a client and a staff member, booked
// by STAFF/ADMIN. A cancelled meeting stays (status CANCELLED) so the client still sees it.
export const name = '0009_appointments';

export const sql = /* sql */ `
create table appointments (
  id integer generated always as identity primary key,
  client_user_id integer not null references users (id) on delete cascade,
  staff_user_id integer not null references users (id),
  starts_at timestamptz not null,
  minutes integer not null check (minutes between 15 and 240),
  place text check (length(place) <= 200),
  video_link text check (video_link ~ '^https?://' and length(video_link) <= 2000),
  note text check (length(note) <= 2000),
  status text not null default 'BOOKED' check (status in ('BOOKED', 'CANCELLED')),
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index appointments_client_idx on appointments (client_user_id, starts_at);
`;
