// pnpm seed:scale [--clients 20000] [--logs 1000000]: adds clients and activity to the
// configured database (DATA_DIR's PGlite, or DATABASE_URL), after migrating it and seeding the
// demo accounts if it is empty. Never in production.
import { systemClock } from '../clock.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/index.ts';
import { migrate } from '../db/migrate.ts';
import path from 'node:path';
import { DiskStorage } from '../files/storage.ts';
import { noteSigningKey } from '../modules/journal/signature.ts';
import { dataDirSecret } from '../security/secret.ts';
import { seedDemoData } from './seed.ts';
import { seedScale } from './scale.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};

// Scale data goes after the demo data: demo mode (refused in production by loadConfig).
const config = loadConfig({ DEMO: 'true', ...process.env });
if (config.isProduction) throw new Error('seed:scale körs aldrig i produktion.');
const opened = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir },
);
await migrate(opened.db);
// With the server's key (SESSION_SECRET, else DATA_DIR's own, as the server takes it): the demo's
// signed notes and sealed lab files must be the server's, or its lab values are not shown.
await seedDemoData(
  opened.db,
  new DiskStorage(path.join(config.dataDir, 'files')),
  systemClock,
  noteSigningKey(config.sessionSecret ?? (await dataDirSecret(config.dataDir))),
);
const result = await seedScale(opened.db, {
  clients: arg('clients', 20_000),
  logs: arg('logs', 1_000_000),
}).catch(async (error: Error) => {
  console.error(error.message);
  await opened.close();
  process.exit(1);
});
console.log(
  `Lade till ${result.clients} klienter och ${result.logs} loggrader på ${(result.ms / 1000).toFixed(1)} s.`,
);
await opened.close();
