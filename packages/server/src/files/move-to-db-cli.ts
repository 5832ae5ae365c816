// pnpm --filter @halsa/server files:to-db — with DATABASE_URL and DATA_DIR set as the deployment
// runs them: moves DATA_DIR/files into the database (move-to-db.ts), after migrating it.
import path from 'node:path';
import { openDatabase } from '../db/index.ts';
import { migrate } from '../db/migrate.ts';
import { moveFilesToDatabase } from './move-to-db.ts';

// Only these two settings matter here (the rest of the deployment's config need not be set).
const databaseUrl = process.env.DATABASE_URL?.trim();
const dataDir = path.resolve(process.env.DATA_DIR?.trim() || './.data');
if (!databaseUrl) {
  console.error(
    'Ange DATABASE_URL: filerna flyttas till den databasen (utan den ligger de kvar i DATA_DIR).',
  );
  process.exit(1);
}
const root = path.join(dataDir, 'files');
const opened = await openDatabase({ kind: 'postgres', url: databaseUrl });
try {
  await migrate(opened.db);
  const r = await moveFilesToDatabase(root, opened.db);
  console.log(
    `Flyttade ${r.moved} filer från ${root} till databasen (${r.alreadyThere} fanns redan där).`,
  );
  if (r.conflicts.length > 0) {
    console.error(
      `${r.conflicts.length} filer skiljer sig från databasens och ligger kvar: ${r.conflicts.join(', ')}`,
    );
  }
  if (r.skipped.length > 0)
    console.log(`Rörde inte ${r.skipped.length} andra filer: ${r.skipped.join(', ')}`);
  process.exitCode = r.conflicts.length > 0 ? 1 : 0;
} finally {
  await opened.close();
}
