// Notices outside the portal (design §4.16, issue 24).
// - notice_settings: a person's choice per kind; without a row her role's default holds
//   (USER all on, STAFF/ADMIN only new messages).
// - notice_batches: at most one mail per kind per person per 15 minutes. `pending` events not yet
//   told wait until `due_at`; the background task claims due rows (FOR UPDATE SKIP LOCKED) and
//   writes one outbox mail for them in the same transaction, so nothing is told twice or lost.
// - appointments.sequence rises with each change (iCalendar SEQUENCE); reminder_due_at is when
//   the reminder of a booked meeting goes out (24 h before; moved with the meeting, cleared when
//   it is cancelled or the reminder is sent), reminder_sent_at when it went: a claim sets both in
//   one UPDATE, so two instances never send the same reminder.
export const name = '0020_notice_mails';

export const sql = /* sql */ `
create table notice_settings (
  user_id integer not null references users (id) on delete cascade,
  kind text not null check (kind in ('NEW_MESSAGE', 'LAB_RESULT', 'ACTION_PLAN', 'JOURNAL_NOTE',
    'APPOINTMENT', 'APPOINTMENT_REMINDER')),
  enabled boolean not null,
  updated_at timestamptz not null,
  primary key (user_id, kind)
);

create table notice_batches (
  user_id integer not null references users (id) on delete cascade,
  kind text not null check (kind in ('NEW_MESSAGE', 'LAB_RESULT', 'ACTION_PLAN', 'JOURNAL_NOTE')),
  pending integer not null default 0 check (pending >= 0),
  due_at timestamptz,
  last_sent_at timestamptz,
  primary key (user_id, kind),
  check ((pending = 0) = (due_at is null))
);
create index notice_batches_due_idx on notice_batches (due_at) where due_at is not null;

alter table appointments add column sequence integer not null default 0 check (sequence >= 0);
alter table appointments add column reminder_due_at timestamptz;
alter table appointments add column reminder_sent_at timestamptz;
update appointments set reminder_due_at = starts_at - interval '24 hours'
  where status = 'BOOKED' and starts_at - interval '24 hours' > now();
create index appointments_reminder_due_idx on appointments (reminder_due_at)
  where reminder_due_at is not null;
`;
