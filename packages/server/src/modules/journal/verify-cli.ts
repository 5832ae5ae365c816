// `pnpm notes:verify [--public-key <base64>]`: checks every signed journal note in the configured
// database (DATABASE_URL or DATA_DIR): its content against its content hash, its signature
// against the server's public key (from SESSION_SECRET, or the key given, e.g. one kept away
// from the server). Prints each bad note and a summary; exit 1 on any bad note.
// `pnpm notes:verify --print-public-key` prints the public key. Read-only: never migrates.
import { parseArgs } from 'node:util';
import { loadToolConfig } from '../../config.ts';
import { openDatabase } from '../../db/index.ts';
import { existingSecret } from '../../security/secret.ts';
import {
  describeNoteReport,
  noteSigningKey,
  publicKeyFromText,
  publicKeyText,
  verifySignedNotes,
} from './signature.ts';

const { values } = parseArgs({
  options: { 'public-key': { type: 'string' }, 'print-public-key': { type: 'boolean' } },
});

const config = loadToolConfig();

/** SESSION_SECRET, else the DATA_DIR secret the server made (never a new one here). */
async function serverSecret(): Promise<string> {
  const secret = await existingSecret(config);
  if (secret) return secret;
  console.error(
    'SESSION_SECRET saknas och DATA_DIR/session-secret finns inte: ange SESSION_SECRET eller --public-key',
  );
  process.exit(2);
}

let publicKey;
try {
  publicKey = values['public-key']
    ? publicKeyFromText(values['public-key'])
    : noteSigningKey(await serverSecret()).publicKey;
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
if (values['print-public-key']) {
  console.log(publicKeyText(publicKey));
  process.exit(0);
}

const opened = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir },
);
try {
  const report = await verifySignedNotes(opened.db, publicKey);
  for (const line of describeNoteReport(report)) console.log(line);
  process.exitCode = report.bad.length === 0 ? 0 : 1;
} finally {
  await opened.close();
}
