// `pnpm --filter @halsa/server db:types`: migrates a fresh in-memory PGlite and writes
// src/db/schema.generated.ts from what the migrations made (see types-generator.ts).
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { openDatabase } from './index.ts';
import { migrate } from './migrate.ts';
import { GENERATED_FILE, generateSchemaTypes } from './types-generator.ts';

const opened = await openDatabase({ kind: 'pglite' });
try {
  await migrate(opened.db);
  await writeFile(GENERATED_FILE, await generateSchemaTypes(opened.db));
  console.log(`Skrev ${fileURLToPath(GENERATED_FILE)}`);
} finally {
  await opened.close();
}
