// `pnpm start`: validate config, open + migrate the database, serve. Only in demo mode
// (DEMO=true, what the README's start command sets) an empty database gets the demo data,
// and the demo accounts and a fresh invitation link are printed.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.ts';
import { startAuditCheckpoints } from './audit/checkpoint.ts';
import { systemClock } from './clock.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import { startOrphanSweep } from './files/orphans.ts';
import { storageFor } from './files/storage.ts';
import { createMailer } from './mail/mailer.ts';
import { warmPasswordHasher } from './security/passwords.ts';
import { dataDirSecret } from './security/secret.ts';
import { noteSigningKey } from './modules/journal/signature.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isEmpty, seedDemoData } from './seed/seed.ts';

/** A stopping instance exits within 10 s (issue 15); this leaves a margin. */
const SHUTDOWN_LIMIT_MS = 9_000;

async function main(): Promise<void> {
  let config: Config;
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
    if (config.migrationDatabaseUrl) {
      // The app runs as a role that may only INSERT into the log; the owner migrates.
      const owner = await openDatabase({ kind: 'postgres', url: config.migrationDatabaseUrl });
      await migrate(owner.db).finally(() => owner.close());
    } else {
      await migrate(opened.db);
    }
  } catch (error) {
    console.error(`Migreringen misslyckades: ${(error as Error).message}`);
    process.exit(1);
  }
  // Files: in the database with DATABASE_URL (every instance reads them), else DATA_DIR/files.
  const storage = storageFor(config, opened.db);
  const clock = systemClock;
  config = {
    ...config,
    sessionSecret: config.sessionSecret ?? (await dataDirSecret(config.dataDir)),
  };
  // The demo's signed notes carry the server's signature, as notes signed in the portal do.
  const seeded = config.demo
    ? await seedDemoData(opened.db, storage, clock, noteSigningKey(config.sessionSecret))
    : false;
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

  const noAccounts = !config.demo && (await isEmpty(opened.db));
  const invitation = config.demo
    ? await app.ctx.auth.invite(`inbjuden-${Date.now().toString(36)}@example.com`, null, null, {
        send: false,
      })
    : null;

  // A long accept queue: after a rolling restart every live client of the stopped instance
  // reconnects here at once (Node's default of 511 drops SYNs, and the proxy times out).
  await app.listen({ port: config.port, host: '0.0.0.0', backlog: 4096 });

  const db = config.databaseUrl
    ? `PostgreSQL (${new URL(config.databaseUrl).host})`
    : `PGlite i ${path.join(config.dataDir, 'pglite')}`;
  const lines = [
    '',
    `Hälsoportalen körs på ${config.publicUrl}  (port ${config.port}, ${config.nodeEnv}${config.demo ? ', demoläge' : ''})`,
    `Databas: ${db}${seeded ? ' — demodata inlagd' : ''}`,
    `E-post: ${mailer.kind === 'smtp' ? `SMTP ${new URL(config.smtpUrl!).host}` : `dev-utkorg, se ${config.publicUrl}/dev/mail`}`,
    '',
    ...(invitation
      ? [
          `Demokonton (lösenord ${DEMO_PASSWORD}):`,
          ...DEMO_ACCOUNTS.map((a) => `  ${a.role.padEnd(5)}  ${a.email}`),
          '',
          `Ny inbjudningslänk (7 dagar, ${invitation.email}):`,
          `  ${invitation.link}`,
          '',
        ]
      : []),
    ...(noAccounts
      ? ['Inga konton ännu: skapa den första administratören med  pnpm create-admin', '']
      : []),
  ];
  console.log(lines.join('\n'));

  // Bytes an upload cut off by a crash left behind: swept now, in the background, and every
  // 6 hours (files/orphans.ts).
  const orphans = startOrphanSweep(opened.db, storage);
  // The activity log's chain head, signed with a key the database does not hold, written to
  // DATA_DIR/audit-checkpoints.jsonl and the log every 5 minutes and at shutdown (audit/checkpoint.ts).
  const checkpoints = startAuditCheckpoints(opened.db, {
    dataDir: config.dataDir,
    secret: config.sessionSecret!,
  });

  // SIGTERM (a rolling restart): /readyz answers 503 at once, the listener closes (the proxy
  // sends new requests to the other instances), requests in flight finish, STOMP sockets close
  // with 4503 (clients reconnect, through the proxy, to another instance), then the databases
  // and mail close. Whatever is still running after SHUTDOWN_LIMIT_MS is cut off.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const started = Date.now();
    const limit = setTimeout(() => {
      console.error(`Avstängningen tog över ${SHUTDOWN_LIMIT_MS / 1000} s; avslutar ändå.`);
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS);
    limit.unref();
    app.health.drain();
    await app.close();
    await orphans.stop();
    await checkpoints.stop();
    const appMs = Date.now() - started;
    await mailer.close();
    await opened.close();
    console.log(
      `Stängde ned efter ${signal} på ${Date.now() - started} ms ` +
        `(förfrågningar, live och bakgrundsjobb ${appMs} ms).`,
    );
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

await main();
