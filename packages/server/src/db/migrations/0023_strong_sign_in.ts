// Strong sign-in (issue 32, design §4.17): passkeys, an authenticator app and reserve codes.
// - sign_in_methods: one row per method. PASSKEY keeps the credential id, its COSE public key and
//   the last sign counter (an UPDATE only where the new counter is higher, so a cloned key that
//   goes back is refused even when two sign-ins race). TOTP keeps its key AES-256-GCM encrypted
//   under a key derived from SESSION_SECRET (never in the clear) and the last time step used
//   (an UPDATE only where the new step is higher: a used step is refused, atomically); it counts
//   only once confirmed with a code. RESERVE_CODES is her one set of codes.
// - reserve_codes: HMAC of each code under a key derived from SESSION_SECRET, used_at once used.
// - webauthn_challenges: a challenge is single use (consumed_at set by the UPDATE that takes it)
//   and bound to what it was issued for: her session (REGISTER), a pending login
//   (LOGIN_STEP) or a 'Logga in med nyckel' attempt (PASSKEY_LOGIN, its own id). In the database,
//   so any instance may take the answer.
// - two_factor_challenges.code_hash may be null: a pending login whose second step is a passkey
//   or the app sends no mail until she asks for the e-mailed code.
// - clinic_settings: 'Personal måste använda nyckel eller autentiseringsapp' (on in a fresh
//   clinic; the demo seed turns it off) and 'Klienter får logga in med e-postkod' (on).
export const name = '0023_strong_sign_in';

export const sql = /* sql */ `
create table sign_in_methods (
  id integer generated always as identity primary key,
  user_id integer not null references users (id) on delete cascade,
  kind text not null check (kind in ('PASSKEY', 'TOTP', 'RESERVE_CODES')),
  name text not null,
  created_at timestamptz not null,
  confirmed_at timestamptz,
  last_used_at timestamptz,
  credential_id text unique,
  public_key bytea,
  sign_count bigint,
  transports text,
  totp_secret text,
  totp_last_step bigint,
  check ((kind = 'PASSKEY') = (credential_id is not null)),
  check (kind <> 'PASSKEY' or (public_key is not null and sign_count is not null)),
  check ((kind = 'TOTP') = (totp_secret is not null)),
  check (kind = 'TOTP' or confirmed_at is not null)
);
create index sign_in_methods_user_idx on sign_in_methods (user_id, kind);
create unique index sign_in_methods_one_app_idx on sign_in_methods (user_id)
  where kind = 'TOTP' and confirmed_at is not null;
create unique index sign_in_methods_one_codes_idx on sign_in_methods (user_id)
  where kind = 'RESERVE_CODES';

create table reserve_codes (
  method_id integer not null references sign_in_methods (id) on delete cascade,
  code_hash text not null,
  used_at timestamptz,
  primary key (method_id, code_hash)
);

create table webauthn_challenges (
  id text primary key,
  purpose text not null check (purpose in ('REGISTER', 'LOGIN_STEP', 'PASSKEY_LOGIN')),
  challenge text not null unique,
  user_id integer references users (id) on delete cascade,
  session_id_hash text,
  two_factor_id uuid references two_factor_challenges (id) on delete cascade,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  consumed_at timestamptz,
  check (purpose <> 'REGISTER' or (user_id is not null and session_id_hash is not null)),
  check (purpose <> 'LOGIN_STEP' or two_factor_id is not null)
);
create index webauthn_challenges_expires_idx on webauthn_challenges (expires_at);

alter table two_factor_challenges alter column code_hash drop not null;

alter table clinic_settings
  add column staff_strong_required boolean not null default true,
  add column client_email_code boolean not null default true;
`;
