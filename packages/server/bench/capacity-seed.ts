// The data of `pnpm bench:capacity` (issue 38): a PostgreSQL database of its own on this
// machine (halsa_capacity, kept between runs; `--reseed` makes it again): the demo accounts
// (seed.ts), the scale clients and activity log of `pnpm seed:scale` (scale.ts), and what a
// care team's year leaves behind: 50 coaches (the demo coach and 49 more), each in the care team
// of every 50th scale client (about 400 of 20 000, as a coach's list in a chain), one
// conversation between each client and her coach with a few messages (the demo coach also keeps
// those of a team that left her), the conversations' last messages spread over two years (a
// 30-day report reads a month of them, as at a clinic that has run for years). Written by the
// database itself (generate_series), so it takes seconds to a minute.
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
  /** The database's name (CAPACITY_DB unless `--database` names another, e.g. a helper's own). */
  database?: string;
  reseed: boolean;
  clients: number;
  logs: number;
  messagesPerClient: number;
}

/** Care teams: the demo coach's is every TEAMS-th client (id % TEAMS = 0). */
const TEAMS = 50;
/** The clients of this team once were the demo coach's: she keeps their conversations. */
const FORMER_TEAM = 25;
/** The bench's coaches (not scale clients: scale.ts finds those by their own domain). */
const STAFF_EMAIL_DOMAIN = 'personal.skala.example.com';

const log = (line: string) => console.log(`bench:capacity: ${line}`);

/** Opens the bench's database, seeding it first when it is new or `reseed`; migrates it. */
export async function openCapacityDb(o: SeedOptions): Promise<{ opened: OpenedDb; url: string }> {
  const name = o.database ?? CAPACITY_DB;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`ogiltigt databasnamn: ${name}`);
  const url = `${o.adminUrl.replace(/\/[^/]*$/, '')}/${name}`;
  const admin = new pg.Client({ connectionString: o.adminUrl });
  await admin.connect();
  if (o.reseed) await admin.query(`drop database if exists ${name} with (force)`);
  const exists =
    (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  if (!exists) await admin.query(`create database ${name}`);
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
  if (!seeded) await seed(opened, o, name);
  else log(`databasen ${name} finns redan med skaldata (--reseed gör om den)`);
  await sql`analyze`.execute(opened.db);
  return { opened, url };
}

async function seed(opened: OpenedDb, o: SeedOptions, name: string): Promise<void> {
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
  // The chain's staff: the demo coach and TEAMS - 1 more, each with a care team of every
  // TEAMS-th client (about 400 of 20 000, issue 38: 500 staff in teams of about 400), each
  // client writing with her own team's coach. The demo coach also keeps the conversations of
  // the clients that left her team (a list that filters them out).
  await sql`
    insert into users (email, password_hash, role, first_name, last_name, registration_status,
                       created_at, updated_at)
    select 'coach' || g || ${`@${STAFF_EMAIL_DOMAIN}`}, null, 'STAFF', 'Coach', 'Nummer ' || g,
           'REGISTERED', now() - interval '3 years', now() - interval '3 years'
    from generate_series(1, ${TEAMS - 1}) g`.execute(db);
  const coaches = sql`(select ${staff.id}::integer as id, 0 as team
    union all select id, row_number() over (order by id)::integer from users
              where email like ${`%@${STAFF_EMAIL_DOMAIN}`})`;
  await sql`analyze users`.execute(db);
  await sql`
    insert into care_team_members (client_id, staff_id, added_by, added_at)
    select c.id, t.id, null, now() from ${scaleClients} c join ${coaches} t on t.team = c.id % ${TEAMS}
    on conflict do nothing`.execute(db);
  await sql`analyze care_team_members`.execute(db);
  await sql`
    insert into conversations (user_low_id, user_high_id, created_at, last_message_at)
    select least(p.client_id, p.staff_id), greatest(p.client_id, p.staff_id),
           now() - (p.client_id % 730) * interval '1 day' - interval '30 days',
           now() - (p.client_id % 730) * interval '1 day'
    from (select m.client_id, m.staff_id from care_team_members m join ${scaleClients} c on c.id = m.client_id
          union all select c2.id, ${staff.id} from ${scaleClients} c2
                    where c2.id % ${TEAMS} = ${FORMER_TEAM}) p
    on conflict do nothing`.execute(db);
  await sql`analyze conversations`.execute(db);
  await sql`
    insert into messages (conversation_id, sender_id, receiver_id, content, is_read, created_at)
    select v.id, case when g % 2 = 0 then v.coach else v.client end,
           case when g % 2 = 0 then v.client else v.coach end,
           'Meddelande ' || g, g < ${o.messagesPerClient},
           v.last_message_at - (${o.messagesPerClient} - g) * interval '1 hour'
    from (select cv.id, cv.last_message_at,
                 case when lu.role = 'USER' then cv.user_low_id else cv.user_high_id end as client,
                 case when lu.role = 'USER' then cv.user_high_id else cv.user_low_id end as coach
          from conversations cv
          join users lu on lu.id = cv.user_low_id
          join users hu on hu.id = cv.user_high_id
          where lu.email like ${`%@${SCALE_EMAIL_DOMAIN}`}
             or hu.email like ${`%@${SCALE_EMAIL_DOMAIN}`}) v,
         generate_series(1, ${o.messagesPerClient}) g`.execute(db);
  const messages = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  log(
    `fyllde ${name}: ${scale.clients} klienter, ${scale.logs} loggrader, ` +
      `${messages.n} meddelanden, ${TEAMS} coacher på ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
