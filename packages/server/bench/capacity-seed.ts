// The data of `pnpm bench:capacity` (issue 38): a PostgreSQL database of its own on this
// machine (halsa_capacity, kept between runs; `--reseed` makes it again): the demo accounts
// (seed.ts), the scale clients and activity log of `pnpm seed:scale` (scale.ts), and what a
// care team's year leaves behind: the demo coach in the care team of every 50th scale client
// (about 400 of 20 000, as a coach's list in a chain), one conversation between her and each
// scale client with a few messages, the conversations' last messages spread over two years (a
// 30-day report reads a month of them, as at a clinic that has run for years). Written by the database
// itself (generate_series), so it takes seconds to a minute.
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { systemClock } from '../src/clock.ts';
import { openDatabase, type OpenedDb } from '../src/db/index.ts';
import { migrate } from '../src/db/migrate.ts';
import { DiskStorage } from '../src/files/storage.ts';
import { noteSigningKey } from '../src/modules/journal/signature.ts';
import { SCALE_EMAIL_DOMAIN, seedScale } from '../src/seed/scale.ts';
import { seedDemoData } from '../src/seed/seed.ts';

export const CAPACITY_DB = 'halsa_capacity';
/** The server's key for this data (signed notes, sealed lab files): fixed, it is a bench. */
export const CAPACITY_SECRET = 'bench-capacity-secret-0123456789abcdef';
export const CAPACITY_DIR = path.join(os.tmpdir(), 'halsa-capacity');

export interface SeedOptions {
  adminUrl: string;
  reseed: boolean;
  clients: number;
  logs: number;
  messagesPerClient: number;
}

const log = (line: string) => console.log(`bench:capacity: ${line}`);

/** Opens the bench's database, seeding it first when it is new or `reseed`; migrates it. */
export async function openCapacityDb(o: SeedOptions): Promise<{ opened: OpenedDb; url: string }> {
  const url = `${o.adminUrl.replace(/\/[^/]*$/, '')}/${CAPACITY_DB}`;
  const admin = new pg.Client({ connectionString: o.adminUrl });
  await admin.connect();
  if (o.reseed) await admin.query(`drop database if exists ${CAPACITY_DB} with (force)`);
  const exists =
    (await admin.query('select 1 from pg_database where datname = $1', [CAPACITY_DB])).rowCount ===
    1;
  if (!exists) await admin.query(`create database ${CAPACITY_DB}`);
  await admin.end();
  const opened = await openDatabase({ kind: 'postgres', url, max: 10 });
  // New migrations (an index this bench asked for) apply to the kept data too.
  await migrate(opened.db);
  const seeded = await opened.db
    .selectFrom('users')
    .select('id')
    .where('email', 'like', `%@${SCALE_EMAIL_DOMAIN}`)
    .limit(1)
    .executeTakeFirst();
  if (!seeded) await seed(opened, o);
  else log(`databasen ${CAPACITY_DB} finns redan med skaldata (--reseed gör om den)`);
  await sql`analyze`.execute(opened.db);
  return { opened, url };
}

async function seed(opened: OpenedDb, o: SeedOptions): Promise<void> {
  const started = Date.now();
  mkdirSync(CAPACITY_DIR, { recursive: true });
  await seedDemoData(
    opened.db,
    new DiskStorage(path.join(CAPACITY_DIR, 'files')),
    systemClock,
    noteSigningKey(CAPACITY_SECRET),
  );
  const scale = await seedScale(opened.db, { clients: o.clients, logs: o.logs });
  const db = opened.db;
  const staff = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'staff@example.com')
    .executeTakeFirstOrThrow();
  const scaleClients = sql`(select id from users where email like ${`%@${SCALE_EMAIL_DOMAIN}`})`;
  await sql`
    insert into care_team_members (client_id, staff_id, added_by, added_at)
    select id, ${staff.id}, null, now() from ${scaleClients} c where c.id % 50 = 0
    on conflict do nothing`.execute(db);
  await sql`
    insert into conversations (user_low_id, user_high_id, created_at, last_message_at)
    select least(c.id, ${staff.id}), greatest(c.id, ${staff.id}),
           now() - (c.id % 730) * interval '1 day' - interval '30 days',
           now() - (c.id % 730) * interval '1 day'
    from ${scaleClients} c
    on conflict do nothing`.execute(db);
  await sql`
    insert into messages (conversation_id, sender_id, receiver_id, content, is_read, created_at)
    select v.id, case when g % 2 = 0 then ${staff.id} else v.client end,
           case when g % 2 = 0 then v.client else ${staff.id} end,
           'Meddelande ' || g, g < ${o.messagesPerClient},
           v.last_message_at - (${o.messagesPerClient} - g) * interval '1 hour'
    from (select id, last_message_at,
                 case when user_low_id = ${staff.id} then user_high_id else user_low_id end as client
          from conversations
          where ${staff.id} in (user_low_id, user_high_id)) v,
         generate_series(1, ${o.messagesPerClient}) g`.execute(db);
  log(
    `fyllde ${CAPACITY_DB}: ${scale.clients} klienter, ${scale.logs} loggrader, ` +
      `${o.clients * o.messagesPerClient} meddelanden på ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
