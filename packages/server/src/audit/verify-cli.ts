// `pnpm audit:verify [--anchor seq:hash]`: checks the activity log's hash chain in the configured
// database (DATABASE_URL or DATA_DIR) and prints OK with the head, or the first broken row.
// Exit code 0 when intact, 1 when broken. Read-only: it never migrates or writes.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/index.ts';
import { describeReport, verifyActivityChain } from './chain.ts';

const { values } = parseArgs({ options: { anchor: { type: 'string' } } });
let anchor: { seq: number; hash: string } | undefined;
if (values.anchor) {
  const m = /^(\d+):([0-9a-f]{64})$/.exec(values.anchor);
  if (!m) {
    console.error('--anchor ska vara chain_seq:hash, som i en tidigare OK-rad');
    process.exit(2);
  }
  anchor = { seq: Number(m[1]), hash: m[2]! };
}

let config;
try {
  // Mail settings are not used here.
  config = loadConfig({ ...process.env, SMTP_URL: process.env.SMTP_URL || 'smtp://unused' });
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  throw error;
}
const opened = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir },
);
try {
  const report = await verifyActivityChain(opened.db, anchor ? { anchor } : {});
  console.log(describeReport(report));
  process.exitCode = report.ok ? 0 : 1;
} finally {
  await opened.close();
}
