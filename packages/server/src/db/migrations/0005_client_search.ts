// Client search at clinic scale (issue 11): trigram GIN indexes (pg_trgm) on exactly the texts
// the client list searches with `like '%…%'` — name and e-mail as one lower-case text, and the
// personal number's digits — so a selective search reads only the rows that can match instead
// of lower-casing the whole register. And the list's two other sorts as indexes in the order
// the list asks for them (last active newest first with never-active last; created), so a
// common word ('son') still stops after one page instead of sorting every match. The index of
// 0003 on last_active_at (desc, nulls first) served no query of the list and goes.
// PGlite loads pg_trgm in db/index.ts; on PostgreSQL (≥ 13) it is a trusted extension, so the
// database owner who runs the migrations may create it.
export const name = '0005_client_search';

export const sql = /* sql */ `
create extension if not exists pg_trgm;
create index users_search_trgm_idx on users
  using gin (lower(first_name || ' ' || last_name || ' ' || email) gin_trgm_ops);
create index client_profiles_ssn_trgm_idx on client_profiles
  using gin (replace(social_security_number, '-', '') gin_trgm_ops);
drop index if exists users_role_last_active_idx;
create index users_role_last_active_idx on users (role, last_active_at desc nulls last, id desc);
create index users_role_created_idx on users (role, created_at, id);
`;
