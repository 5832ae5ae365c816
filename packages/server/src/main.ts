// `pnpm start`: validate config, open + migrate the database, seed an empty one, serve.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.ts';
import { systemClock } from './clock.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import { DiskStorage } from './files/storage.ts';
import { createMailer } from './mail/mailer.ts';
import { warmPasswordHasher } from './security/passwords.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from './seed/seed.ts';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  if (!config.databaseUrl && !existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION'))) {
    console.log(`Skapar en ny inbäddad databas i ${config.dataDir} (första starten tar en stund)…`);
  }
  const opened = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  ).catch((error: unknown) => {
    console.error(`Kunde inte öppna databasen: ${(error as Error).message}`);
    process.exit(1);
  });
  try {
    await migrate(opened.db);
  } catch (error) {
    console.error(`Migreringen misslyckades: ${(error as Error).message}`);
    process.exit(1);
  }
  const storage = new DiskStorage(path.join(config.dataDir, 'files'));
  const clock = systemClock;
  const seeded = await seedDemoData(opened.db, storage, clock);
  await warmPasswordHasher();

  const mailer = createMailer(config, clock);
  const app = await buildApp({
    config,
    db: opened.db,
    dbKind: opened.kind,
    mailer,
    storage,
    clock,
    logger: process.env.LOG_REQUESTS === '1',
  });

  const invitation = await app.ctx.auth.invite(
    `inbjuden-${Date.now().toString(36)}@example.com`,
    null,
    null,
    { send: false },
  );

  await app.listen({ port: config.port, host: '0.0.0.0' });

  const db = config.databaseUrl
    ? `PostgreSQL (${new URL(config.databaseUrl).host})`
    : `PGlite i ${path.join(config.dataDir, 'pglite')}`;
  const lines = [
    '',
    `Hälsoportalen körs på ${config.publicUrl}  (port ${config.port}, ${config.nodeEnv})`,
    `Databas: ${db}${seeded ? ' — demodata inlagd' : ''}`,
    `E-post: ${mailer.kind === 'smtp' ? `SMTP ${config.smtpUrl}` : `dev-utkorg, se ${config.publicUrl}/dev/mail`}`,
    '',
    `Demokonton (lösenord ${DEMO_PASSWORD}):`,
    ...DEMO_ACCOUNTS.map((a) => `  ${a.role.padEnd(5)}  ${a.email}`),
    '',
    `Ny inbjudningslänk (7 dagar, ${invitation.email}):`,
    `  ${invitation.link}`,
    '',
  ];
  console.log(lines.join('\n'));

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await app.close();
    await mailer.close();
    await opened.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

await main();
