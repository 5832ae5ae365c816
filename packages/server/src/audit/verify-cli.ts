// `pnpm audit:verify [--anchor seq:hash] [--checkpoints FILE]`: checks the activity log's hash
// chain in the configured database (DATABASE_URL or DATA_DIR) and prints OK with the head, or
// every broken row, one per line. The signed checkpoints (audit/checkpoint.ts; by default
// DATA_DIR/audit-checkpoints.jsonl) are checked too: each MAC, and that its row still has that
// hash. Exit code 0 when intact, 1 when broken. Read-only: it never migrates or writes.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadToolConfig } from '../config.ts';
import { openDatabase } from '../db/index.ts';
import { existingSecret } from '../security/secret.ts';
import { describeReport, verifyActivityChain } from './chain.ts';
import { CHECKPOINT_FILE } from './checkpoint.ts';

const { values } = parseArgs({
  options: { anchor: { type: 'string' }, checkpoints: { type: 'string' } },
});
let anchor: { seq: number; hash: string } | undefined;
if (values.anchor) {
  const m = /^(\d+):([0-9a-f]{64})$/.exec(values.anchor);
  if (!m) {
    console.error('--anchor ska vara chain_seq:hash, som i en tidigare OK-rad');
    process.exit(2);
  }
  anchor = { seq: Number(m[1]), hash: m[2]! };
}

const config = loadToolConfig();
const checkpointFile = values.checkpoints ?? path.join(config.dataDir, CHECKPOINT_FILE);
let checkpoints: { file: string; secret: string } | undefined;
if (existsSync(checkpointFile)) {
  const secret = await existingSecret(config);
  if (!secret) {
    console.error(
      'SESSION_SECRET saknas (och DATA_DIR/session-secret): kontrollpunkterna kan inte kontrolleras.',
    );
    process.exit(2);
  }
  checkpoints = { file: checkpointFile, secret };
} else if (values.checkpoints) {
  console.error(`Filen ${values.checkpoints} finns inte.`);
  process.exit(2);
} else {
  console.error(`Inga kontrollpunkter i ${checkpointFile}; bara kedjan i databasen kontrolleras.`);
}

const opened = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir },
);
try {
  const report = await verifyActivityChain(opened.db, { anchor, checkpoints });
  console.log(describeReport(report));
  process.exitCode = report.ok ? 0 : 1;
} finally {
  await opened.close();
}
