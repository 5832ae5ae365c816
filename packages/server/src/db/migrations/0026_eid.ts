// E-legitimation through an OIDC broker (design §4.18, issue 33).
// - eid_logins: one row per started sign-in: the hash of its `state`, the `nonce` and PKCE
//   verifier it was started with, and the page to return to. In the database, so the callback
//   may reach another instance than the start; consumed once (a replayed `state` is refused),
//   short-lived.
// - users.personal_number: the optional personal number of a STAFF or ADMIN (a client's is in
//   client_profiles), written as a client's (YYYYMMDD-NNNN), unique among them.
export const name = '0026_eid';

export const sql = /* sql */ `
create table eid_logins (
  state_hash text primary key,
  nonce text not null,
  code_verifier text not null,
  return_to text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  consumed_at timestamptz
);
create index eid_logins_expires on eid_logins (expires_at);

alter table users add column personal_number text
  check (personal_number ~ '^[0-9]{8}-[0-9]{4}$');
create unique index users_personal_number on users (personal_number)
  where personal_number is not null;
create index client_profiles_ssn on client_profiles (social_security_number)
  where social_security_number is not null;
`;
