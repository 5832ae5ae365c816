// Initial schema: every entity of spec §3 that later issues need, so they add routes,
// not tables. Plain PostgreSQL that runs unchanged on PGlite (PG 17) and PostgreSQL ≥ 13.
export const name = '0001_init';

export const sql = /* sql */ `
create table users (
  id integer generated always as identity primary key,
  email text not null,
  password_hash text,
  role text not null check (role in ('USER', 'STAFF', 'ADMIN')),
  first_name text not null default '',
  last_name text not null default '',
  image_file_id uuid,
  registration_status text not null default 'REGISTERED'
    check (registration_status in ('INVITED', 'REGISTERED')),
  created_at timestamptz not null,
  updated_at timestamptz not null,
  last_active_at timestamptz
);
create unique index users_email_key on users (lower(email));

create table client_profiles (
  user_id integer primary key references users (id) on delete cascade,
  has_social_security boolean not null default true,
  social_security_number text check (social_security_number ~ '^[0-9]{8}-[0-9]{4}$'),
  birth_date text check (birth_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
  phone_number text,
  street text,
  city text,
  zip_code text check (zip_code ~ '^[0-9]{3} [0-9]{2}$'),
  membership text,
  package text,
  created_at timestamptz not null,
  updated_at timestamptz not null
);

create table files (
  id uuid primary key,
  kind text not null check (kind in ('PROFILE_IMAGE', 'LAB_RESULT', 'ACTION_PLAN', 'MESSAGE_ATTACHMENT')),
  subject_user_id integer references users (id) on delete cascade,
  uploaded_by integer references users (id) on delete set null,
  storage_key text not null unique,
  original_name text not null,
  mime_type text not null,
  size_bytes integer not null check (size_bytes >= 0),
  sha256 text not null,
  created_at timestamptz not null
);
create index files_subject_kind_idx on files (subject_user_id, kind, created_at desc);
alter table users add constraint users_image_file_fk
  foreign key (image_file_id) references files (id) on delete set null;

create table sessions (
  id_hash text primary key,
  user_id integer not null references users (id) on delete cascade,
  created_at timestamptz not null,
  last_seen_at timestamptz not null,
  expires_at timestamptz not null,
  ip_address text,
  user_agent text
);
create index sessions_user_idx on sessions (user_id);

create table two_factor_challenges (
  id uuid primary key,
  user_id integer not null references users (id) on delete cascade,
  code_hash text not null,
  attempts integer not null default 0,
  resend_count integer not null default 0,
  created_at timestamptz not null,
  last_sent_at timestamptz not null,
  expires_at timestamptz not null,
  consumed_at timestamptz,
  ip_address text
);
create index two_factor_user_idx on two_factor_challenges (user_id);

create table auth_tokens (
  id integer generated always as identity primary key,
  token_hash text not null unique,
  kind text not null check (kind in ('RESET_PASSWORD', 'SET_PASSWORD', 'INVITATION')),
  user_id integer references users (id) on delete cascade,
  email text,
  created_by integer references users (id) on delete set null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  consumed_at timestamptz,
  check (kind = 'INVITATION' and email is not null or kind <> 'INVITATION' and user_id is not null)
);

create table notifications (
  id integer generated always as identity primary key,
  user_id integer not null references users (id) on delete cascade,
  type text not null,
  message text not null,
  status text not null default 'UNREAD' check (status in ('UNREAD', 'READ')),
  created_at timestamptz not null
);
create index notifications_user_idx on notifications (user_id, created_at desc);

create table conversations (
  id integer generated always as identity primary key,
  user_low_id integer not null references users (id) on delete cascade,
  user_high_id integer not null references users (id) on delete cascade,
  created_at timestamptz not null,
  last_message_at timestamptz,
  check (user_low_id < user_high_id),
  unique (user_low_id, user_high_id)
);
create index conversations_high_idx on conversations (user_high_id);

create table messages (
  id integer generated always as identity primary key,
  conversation_id integer not null references conversations (id) on delete cascade,
  sender_id integer not null references users (id) on delete cascade,
  receiver_id integer not null references users (id) on delete cascade,
  content text not null,
  file_id uuid references files (id) on delete set null,
  original_file_name text,
  client_message_id text,
  is_read boolean not null default false,
  is_edited boolean not null default false,
  edited_at timestamptz,
  created_at timestamptz not null,
  unique (sender_id, client_message_id)
);
create index messages_conversation_idx on messages (conversation_id, created_at);
create index messages_unread_idx on messages (receiver_id) where not is_read;

create table forms (
  id integer generated always as identity primary key,
  title text not null default '',
  drafted boolean not null default true,
  created_by integer references users (id) on delete set null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);

create table form_sections (
  id integer generated always as identity primary key,
  form_id integer not null references forms (id) on delete cascade,
  title text not null default '',
  instruction text not null default '',
  sort_order integer not null
);
create index form_sections_form_idx on form_sections (form_id, sort_order);

create table form_questions (
  id integer generated always as identity primary key,
  section_id integer not null references form_sections (id) on delete cascade,
  text text not null default '',
  type text not null default 'TEXT',
  options jsonb,
  sort_order integer not null
);
create index form_questions_section_idx on form_questions (section_id, sort_order);

create table journal_notes (
  id integer generated always as identity primary key,
  user_id integer not null references users (id) on delete cascade,
  author_id integer references users (id) on delete set null,
  form_id integer references forms (id) on delete set null,
  kind text not null default 'DAILY_NOTE' check (kind in ('DAILY_NOTE', 'JOURNAL')),
  content text not null,
  signed_at timestamptz,
  sent_at timestamptz,
  created_at timestamptz not null
);
create index journal_notes_user_idx on journal_notes (user_id, created_at desc);

-- Activity log (Patientdatalagen): append-only. No foreign key actions that would rewrite
-- rows; users are never hard-deleted while log rows point at them.
create table activity_log (
  id integer generated always as identity primary key,
  action text not null,
  actor_user_id integer references users (id),
  subject_user_id integer references users (id),
  ip_address text,
  details jsonb,
  created_at timestamptz not null
);
create index activity_log_subject_idx on activity_log (subject_user_id, created_at desc);
create index activity_log_created_idx on activity_log (created_at desc);

create function activity_log_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'activity_log är endast för tillägg (% nekas)', tg_op;
end;
$$;
create trigger activity_log_no_update before update or delete on activity_log
  for each row execute function activity_log_append_only();
create trigger activity_log_no_truncate before truncate on activity_log
  for each statement execute function activity_log_append_only();
`;
