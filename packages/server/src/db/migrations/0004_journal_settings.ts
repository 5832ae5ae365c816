// Journal settings (/journal/general): one row with the clinic name and signature line printed
// on sent notes and the default form for new notes, with an optimistic version. Forms used by
// notes are hidden rather than deleted (`deleted_at`): a signed note is frozen by the database,
// so its form_id cannot be cleared, and its questions stay readable. One unsigned note per
// client and form, so two autosaves of a first answer cannot make two notes.
export const name = '0004_journal_settings';

export const sql = /* sql */ `
create table journal_settings (
  id integer primary key default 1 check (id = 1),
  clinic_name text not null,
  signature_line text not null default '',
  default_form_id integer references forms (id) on delete set null,
  version integer not null default 1,
  updated_by integer references users (id) on delete set null,
  updated_at timestamptz not null default now()
);
insert into journal_settings (clinic_name) values ('Hälsoportalen');

alter table forms add column deleted_at timestamptz;
create index forms_live_title_idx on forms (lower(title), id) where deleted_at is null;

create unique index journal_notes_one_unsigned_idx on journal_notes (user_id, form_id)
  where status = 'UNSIGNED';
create index journal_notes_user_signed_idx on journal_notes (user_id, signed_at desc)
  where status = 'SIGNED';
`;
