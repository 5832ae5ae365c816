// Once per e2e run (vitest's globalSetup): the product is started in demo mode on an empty
// DATA_DIR, which creates the embedded database, migrates it and seeds the demo data, and is
// stopped again. Every test file's product (support/product.ts) then starts from a copy of that
// directory: the same demo data, fresh for each file, without paying initdb, the migrations and
// the seed's password hashing twelve times over (issue 25, item 6).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { runServer } from './product.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A DATA_DIR holding the migrated database with the demo data (copied per file). */
    seededDataDir: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'halsa-e2e-seeded-'));
  const started = Date.now();
  const server = await runServer({ DATA_DIR: dir }, 300_000);
  await server.stop();
  console.log(`e2e: demo data seeded once in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  project.provide('seededDataDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
