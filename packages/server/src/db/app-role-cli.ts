// `pnpm db:app-role <role>`: as the schema owner (MIGRATION_DATABASE_URL, else DATABASE_URL),
// migrates, then grants <role> what the app needs, with INSERT-only rights on activity_log.
// The role itself is made beforehand: `create role halsa_app login password '…'`.
import { openDatabase } from './index.ts';
import { migrate } from './migrate.ts';
import { appRoleStatements, grantAppRole } from './app-role.ts';

const role = process.argv[2];
const url = process.env.MIGRATION_DATABASE_URL || process.env.DATABASE_URL;
if (!role || !url) {
  console.error('Användning: MIGRATION_DATABASE_URL=postgres://ägare@… pnpm db:app-role <roll>');
  process.exit(2);
}
appRoleStatements(role);
const opened = await openDatabase({ kind: 'postgres', url });
try {
  await migrate(opened.db);
  await grantAppRole(opened.db, role);
  console.log(
    `Rollen ${role} får nu läsa och skriva appens tabeller, men bara lägga till rader i activity_log.`,
  );
} finally {
  await opened.close();
}
