// `pnpm create-admin [--email adress] [--first Förnamn] [--last Efternamn]`: makes the first
// ADMIN of a deployment against the configured database (DATABASE_URL or DATA_DIR) and prints
// a set-password link. Without --email it asks for the address on the terminal.
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { systemClock } from '../../clock.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/index.ts';
import { migrate } from '../../db/migrate.ts';
import { createAdmin, CreateAdminError } from './create-admin.ts';

const { values } = parseArgs({
  options: { email: { type: 'string' }, first: { type: 'string' }, last: { type: 'string' } },
});

let config;
try {
  // The mail settings are not used here: the link is printed for the operator.
  config = loadConfig({ ...process.env, SMTP_URL: process.env.SMTP_URL || 'smtp://unused' });
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

let email = values.email;
if (!email) {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  email = (await rl.question('E-postadress för den nya administratören: ')).trim();
  rl.close();
}

const opened = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir },
);
try {
  await migrate(opened.db);
  const admin = await createAdmin(opened.db, systemClock, config.publicUrl, {
    email,
    ...(values.first ? { firstName: values.first } : {}),
    ...(values.last ? { lastName: values.last } : {}),
  });
  console.log(
    [
      `Administratören ${admin.email} är skapad (utan lösenord).`,
      `Ge personen den här länken; den gäller i 7 dagar och en gång, och där väljer hon sitt lösenord:`,
      `  ${admin.link}`,
    ].join('\n'),
  );
} catch (error) {
  if (!(error instanceof CreateAdminError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await opened.close();
}
