// `pnpm lab-results:verify`: checks every stored lab file's seal in the configured database
// (DATABASE_URL or DATA_DIR) against what the database holds now, with the seal key derived from
// SESSION_SECRET (or the DATA_DIR secret the server made). Prints each file without a right seal
// and a summary; exit 1 on any. Read-only: never migrates, never seals.
import { loadToolConfig } from '../../config.ts';
import { openDatabase } from '../../db/index.ts';
import { existingSecret } from '../../security/secret.ts';
import { noteSigningKey } from '../journal/signature.ts';
import { describeLabSealReport, labSealKey, verifyLabSeals } from './seal.ts';

const config = loadToolConfig();
const secret = await existingSecret(config);
if (!secret) {
  console.error(
    'SESSION_SECRET saknas och DATA_DIR/session-secret finns inte: ange SESSION_SECRET',
  );
  process.exit(2);
}

const opened = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir },
);
try {
  const report = await verifyLabSeals(opened.db, labSealKey(noteSigningKey(secret)));
  for (const line of describeLabSealReport(report)) console.log(line);
  process.exitCode = report.bad.length === 0 ? 0 : 1;
} finally {
  await opened.close();
}
