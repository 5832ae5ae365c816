// Ready for the forms builder and journal notes (design.md §4.10, §4.13): optimistic versions
// on forms and notes, question types with options, the fields of a signed note (answers,
// signer, time, content hash, the note it corrects), the database refusing any change to a
// signed note, and indexes for the paged, searchable lists.
export const name = '0003_journal';

export const sql = /* sql */ `
alter table forms add column version integer not null default 1;

update form_questions set type = case type when 'TEXT' then 'SHORT_TEXT'
  when 'TEXTAREA' then 'LONG_TEXT' else type end;
alter table form_questions alter column type set default 'SHORT_TEXT';
alter table form_questions add constraint form_questions_type_check check (type in (
  'SHORT_TEXT', 'LONG_TEXT', 'YES_NO', 'SINGLE_CHOICE', 'MULTIPLE_CHOICE', 'SCALE', 'NUMBER', 'DATE'));
alter table form_questions add column required boolean not null default false;
update form_questions set options = '{}'::jsonb where options is null;
alter table form_questions alter column options set default '{}'::jsonb;
alter table form_questions alter column options set not null;

alter table journal_notes
  add column version integer not null default 1,
  add column status text not null default 'UNSIGNED' check (status in ('UNSIGNED', 'SIGNED')),
  add column form_title text not null default '',
  add column answers jsonb not null default '[]'::jsonb,
  add column signed_by integer references users (id) on delete set null,
  add column content_hash text check (content_hash ~ '^[0-9a-f]{64}$'),
  add column corrects_note_id integer references journal_notes (id),
  add column updated_at timestamptz not null default now();
update journal_notes set status = 'SIGNED', signed_by = author_id where signed_at is not null;
update journal_notes set updated_at = created_at;
alter table journal_notes add constraint journal_notes_signed_check
  check ((status = 'SIGNED') = (signed_at is not null));
create index journal_notes_corrects_idx on journal_notes (corrects_note_id);

-- A signed note is frozen: corrections are new notes that point at it (design.md §4.10).
create function journal_notes_signed_frozen() returns trigger language plpgsql as $$
begin
  if old.status = 'SIGNED' then
    raise exception 'en signerad journalanteckning kan inte ändras (% nekas)', tg_op;
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  return new;
end;
$$;
create trigger journal_notes_frozen before update or delete on journal_notes
  for each row execute function journal_notes_signed_frozen();

-- Paged lists: clients sorted by name and by activity, the log filtered by action and actor.
create index users_role_name_idx on users (role, lower(last_name), lower(first_name));
create index users_role_last_active_idx on users (role, last_active_at desc);
create index activity_log_action_idx on activity_log (action, created_at desc);
create index activity_log_actor_idx on activity_log (actor_user_id, created_at desc);
`;
