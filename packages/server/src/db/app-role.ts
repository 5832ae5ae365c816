// Running the app as a role that may only INSERT into the activity log (issue 16 §4). The owner
// of the schema (the role migrations run as: MIGRATION_DATABASE_URL) grants an app role
// everything the app needs on every table, except UPDATE, DELETE and TRUNCATE on activity_log;
// not being the owner, the app role can neither drop nor disable the log's triggers, nor
// alter the table. Default privileges give it the same rights on tables later migrations add.
// `pnpm db:app-role <role>` runs these statements (as the owner); README "INSERT-only log".
import { sql, type Kysely } from 'kysely';

const ROLE_RE = /^[a-z_][a-z0-9_]{0,62}$/;

export function appRoleStatements(role: string): string[] {
  if (!ROLE_RE.test(role)) throw new Error(`Ogiltigt rollnamn: "${role}"`);
  return [
    `grant usage on schema public to ${role}`,
    `grant select, insert, update, delete on all tables in schema public to ${role}`,
    `grant usage, select on all sequences in schema public to ${role}`,
    `revoke update, delete, truncate on activity_log from ${role}`,
    `revoke insert, update, delete, truncate on schema_migrations from ${role}`,
    `alter default privileges in schema public grant select, insert, update, delete on tables to ${role}`,
    `alter default privileges in schema public grant usage, select on sequences to ${role}`,
  ];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function grantAppRole(db: Kysely<any>, role: string): Promise<void> {
  for (const statement of appRoleStatements(role)) await sql.raw(statement).execute(db);
}
