// Health questionnaires (design §4.19, issue 36).
// - forms.purpose: 'JOURNAL' (staff fill it in, as before) or 'QUESTIONNAIRE' (sent to a client);
//   chosen when the form is made, kept by duplication, never changed after.
// - questionnaires: one form sent to one client. While OPEN she autosaves her answers (version
//   against lost edits); 'Skicka in' sets SUBMITTED with the time, the plain text of her answers
//   and its sha-256, and the row is frozen as a signed journal note is: the database refuses
//   any UPDATE or DELETE after, and an INSERT of a row that is already submitted.
// - One OPEN questionnaire per client and form (a partial unique index): sending it twice, or two
//   staff at once, gives her one.
// - reminder_due_at: when the reminder mail goes (3 days before the last day, 09:00 Stockholm),
//   reminder_sent_at when it went; a claim sets both in one UPDATE (FOR UPDATE SKIP LOCKED), so
//   of several instances exactly one sends it, as for meeting reminders (0020).
// - notice_settings / notice_batches accept the new mail kind 'QUESTIONNAIRE' ('Ny enkät').
export const name = '0028_questionnaires';

export const sql = /* sql */ `
alter table forms add column purpose text not null default 'JOURNAL'
  check (purpose in ('JOURNAL', 'QUESTIONNAIRE'));

create table questionnaires (
  id integer generated always as identity primary key,
  form_id integer not null references forms (id),
  client_user_id integer not null references users (id) on delete cascade,
  sent_by integer references users (id) on delete set null,
  form_title text not null,
  sent_at timestamptz not null,
  due_date date,
  status text not null default 'OPEN' check (status in ('OPEN', 'SUBMITTED')),
  answers jsonb not null default '[]'::jsonb,
  version integer not null default 1 check (version >= 1),
  updated_at timestamptz not null,
  submitted_at timestamptz,
  content text,
  content_hash text check (content_hash ~ '^[0-9a-f]{64}$'),
  reminder_due_at timestamptz,
  reminder_sent_at timestamptz,
  check ((status = 'SUBMITTED') = (submitted_at is not null)),
  check (status = 'OPEN' or (content_hash is not null and content is not null))
);
create unique index questionnaires_one_open_idx on questionnaires (form_id, client_user_id)
  where status = 'OPEN';
create index questionnaires_client_idx on questionnaires (client_user_id, sent_at desc);
create index questionnaires_reminder_due_idx on questionnaires (reminder_due_at)
  where reminder_due_at is not null;

create function questionnaires_frozen() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    if new.status <> 'OPEN' or new.submitted_at is not null or new.content_hash is not null then
      raise exception 'en enkät kan inte läggas till som inskickad: den skickas in när den är öppen';
    end if;
    return new;
  end if;
  if old.status = 'SUBMITTED' then
    raise exception 'ett inskickat enkätsvar kan inte ändras (% nekas)', tg_op;
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  if (new.form_id, new.client_user_id, new.sent_at, new.form_title)
      is distinct from (old.form_id, old.client_user_id, old.sent_at, old.form_title) then
    raise exception 'en skickad enkäts formulär och mottagare kan inte ändras';
  end if;
  return new;
end;
$$;
create trigger questionnaires_frozen before insert or update or delete on questionnaires
  for each row execute function questionnaires_frozen();

alter table notice_settings drop constraint notice_settings_kind_check;
alter table notice_settings add constraint notice_settings_kind_check check (kind in (
  'NEW_MESSAGE', 'LAB_RESULT', 'ACTION_PLAN', 'JOURNAL_NOTE', 'APPOINTMENT',
  'APPOINTMENT_REMINDER', 'QUESTIONNAIRE'));
alter table notice_batches drop constraint notice_batches_kind_check;
alter table notice_batches add constraint notice_batches_kind_check check (kind in (
  'NEW_MESSAGE', 'LAB_RESULT', 'ACTION_PLAN', 'JOURNAL_NOTE', 'QUESTIONNAIRE'));
`;
