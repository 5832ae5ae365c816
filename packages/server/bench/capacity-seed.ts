// The data of `pnpm bench:capacity` (issue 38): a PostgreSQL database of its own on this
// machine (halsa_capacity, or --database NAME; kept between runs; `--reseed` makes it again):
// the demo accounts (seed.ts), the scale clients of `pnpm seed:scale` (scale.ts), and what a
// chain's years leave behind, in the issue's ratios (per 200 000 clients: 500 staff in care
// teams of about 400, 3 000 000 lab values, 500 000 messages, 20 000 000 log rows, 50 000
// meetings), scaled by --clients:
// - one coach per 400 clients (the demo coach and clients/400 − 1 more), each in the care team
//   of every TEAMS-th scale client; one conversation between each client and her coach with a
//   few messages (the demo coach also keeps those of a team that left her), the last messages
//   spread over two years (a 30-day report reads a month of them);
// - 15 lab values a client: a CSV lab file a year for three years, uploaded by the ADMIN, stored
//   and sealed as an upload stores them (src/seed/scale-lab.ts);
// - a meeting for every 4th client with her coach over the past two years and next two months;
// - 100 log rows a client over the past year, by her coach, chained in Node
//   (src/seed/chained-log.ts; the chain trigger took over an hour for 20 M rows).
// Clients, staff, conversations, messages and meetings are written by the database itself
// (generate_series); a profile picture and a message attachment (PNG) give --plans their routes.
// `bench:capacity-seed` (capacity-seed-cli.ts) seeds, times and verifies alone.
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { systemClock } from '../src/clock.ts';
import { openDatabase, type OpenedDb } from '../src/db/index.ts';
import { migrate } from '../src/db/migrate.ts';
import { DatabaseStorage } from '../src/files/storage.ts';
import { labSealKey } from '../src/modules/lab-results/seal.ts';
import { noteSigningKey } from '../src/modules/journal/signature.ts';
import { newId } from '../src/security/tokens.ts';
import { appendScaleLog, SCALE_EMAIL_DOMAIN, seedScale } from '../src/seed/scale.ts';
import { seedScaleLab } from '../src/seed/scale-lab.ts';
import { seedDemoData } from '../src/seed/seed.ts';

export const CAPACITY_DB = 'halsa_capacity';
/** The server's key for this data (signed notes, sealed lab files): fixed, it is a bench. */
export const CAPACITY_SECRET = 'bench-capacity-secret-0123456789abcdef';
export const CAPACITY_DIR = path.join(os.tmpdir(), 'halsa-capacity');
/** The files of a database: another `--database` keeps its own beside the shared one's. */
export const capacityDir = (database: string): string =>
  database === CAPACITY_DB ? CAPACITY_DIR : `${CAPACITY_DIR}-${database}`;

export interface SeedOptions {
  adminUrl: string;
  /** The database's name (`--database`): CAPACITY_DB unless a run wants one of its own. */
  database?: string;
  reseed: boolean;
  clients: number;
  /** Log rows; unset: the issue's ratio (LOGS_PER_CLIENT a client). */
  logs?: number;
  messagesPerClient: number;
}

/** SeedOptions from the options bench:capacity and bench:capacity-seed both take. */
export function seedOptionsFrom(v: {
  postgres: string;
  database?: string | undefined;
  reseed: boolean;
  clients: string;
  logs?: string | undefined;
  messages: string;
}): SeedOptions {
  return {
    adminUrl: v.postgres,
    ...(v.database ? { database: v.database } : {}),
    reseed: v.reseed,
    clients: Number(v.clients),
    ...(v.logs ? { logs: Number(v.logs) } : {}),
    messagesPerClient: Number(v.messages),
  };
}

/** The issue's ratios (per 200 000 clients: 500 staff, 3 M lab values, 20 M log rows, 50 000 meetings). */
export const CLIENTS_PER_COACH = 400;
export const LAB_VALUES_PER_CLIENT = 15;
const LAB_FILES_PER_CLIENT = 3;
export const LOGS_PER_CLIENT = 100;
const CLIENTS_PER_MEETING = 4;
/** The bench's coaches (not scale clients: scale.ts finds those by their own domain). */
const STAFF_EMAIL_DOMAIN = 'personal.skala.example.com';

const log = (line: string) => console.log(`bench:capacity: ${line}`);

/** Opens the bench's database, seeding it first when it is new or `reseed`; migrates it. */
export async function openCapacityDb(o: SeedOptions): Promise<{ opened: OpenedDb; url: string }> {
  const name = o.database ?? CAPACITY_DB;
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Ogiltigt databasnamn: "${name}"`);
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
  // Vacuumed, not only analyzed, before anything is measured: a freshly seeded log of 20 M rows
  // is otherwise vacuumed by autovacuum (every page read and its visibility map written) in the
  // middle of the bench's steps, which a database that has grown for years does not do. On a
  // database already vacuumed it takes seconds (10 s at 200 000 clients).
  await sql`vacuum (analyze)`.execute(opened.db);
  // And checkpointed: the last run's writes (the floor alone writes a million log rows) and the
  // vacuum's are otherwise flushed by a checkpoint inside this run's first steps, and each commit
  // there (every staff call waits for its log row's) waits on the disk behind it.
  await sql`checkpoint`.execute(opened.db);
  return { opened, url };
}

/** A 1×1 PNG: the demo coach's picture and a picture the demo client sent her. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * The two kinds of file the demo has none of, so --plans walks their routes too (issue 38 item
 * 4): a profile picture (the demo coach's) and a message attachment (the demo client's to her).
 */
async function seedPictureFiles(opened: OpenedDb, storage: DatabaseStorage): Promise<void> {
  const db = opened.db;
  const person = (email: string) =>
    db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const coach = await person('staff@example.com');
  const client = await person('klient@example.com');
  const now = new Date();
  const file = async (
    kind: 'PROFILE_IMAGE' | 'MESSAGE_ATTACHMENT',
    subject: number,
    by: number,
  ) => {
    const id = newId();
    const size = await storage.write(id, [PNG]);
    await db
      .insertInto('files')
      .values({
        id,
        kind,
        subject_user_id: subject,
        uploaded_by: by,
        storage_key: id,
        original_name: 'bild.png',
        mime_type: 'image/png',
        size_bytes: size,
        sha256: createHash('sha256').update(PNG).digest('hex'),
        created_at: now,
      })
      .execute();
    return id;
  };
  await db
    .updateTable('users')
    .set({ image_file_id: await file('PROFILE_IMAGE', coach.id, coach.id) })
    .where('id', '=', coach.id)
    .execute();
  const conversation = await db
    .selectFrom('conversations')
    .select('id')
    .where('user_low_id', '=', Math.min(coach.id, client.id))
    .where('user_high_id', '=', Math.max(coach.id, client.id))
    .executeTakeFirstOrThrow();
  await db
    .insertInto('messages')
    .values({
      conversation_id: conversation.id,
      sender_id: client.id,
      receiver_id: coach.id,
      content: 'Här är bilden.',
      is_read: true,
      created_at: now,
      file_id: await file('MESSAGE_ATTACHMENT', client.id, client.id),
      original_file_name: 'bild.png',
    })
    .execute();
}

async function seed(opened: OpenedDb, o: SeedOptions, name: string): Promise<void> {
  const started = Date.now();
  const took: string[] = [];
  let lap = started;
  const step = (what: string) => {
    took.push(`${what} ${((Date.now() - lap) / 1000).toFixed(1)} s`);
    lap = Date.now();
  };
  /** Care teams: the demo coach's is every TEAMS-th client (id % TEAMS = 0). */
  const TEAMS = Math.max(1, Math.round(o.clients / CLIENTS_PER_COACH));
  /** The clients of this team once were the demo coach's: she keeps their conversations. */
  const FORMER_TEAM = Math.floor(TEAMS / 2);
  const db = opened.db;
  mkdirSync(capacityDir(name), { recursive: true });
  // In the database, as the instances (DATABASE_URL) keep files: a download works on each.
  const storage = new DatabaseStorage(db);
  await seedDemoData(db, storage, systemClock, noteSigningKey(CAPACITY_SECRET));
  await seedPictureFiles(opened, storage);
  const scale = await seedScale(db, { clients: o.clients, logs: 0 });
  step('klienter');
  const idOf = async (email: string) =>
    (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow())
      .id;
  const staffId = await idOf('staff@example.com');
  const adminId = await idOf('admin@example.com');
  const scaleClients = sql`(select id from users where email like ${`%@${SCALE_EMAIL_DOMAIN}`})`;
  // The chain's staff: the demo coach and TEAMS - 1 more, each with a care team of every
  // TEAMS-th client (issue 38: 500 staff in teams of about 400), each client writing with her
  // own team's coach. The demo coach also keeps the conversations of the clients that left her
  // team (a list that filters them out).
  await sql`
    insert into users (email, password_hash, role, first_name, last_name, registration_status,
                       created_at, updated_at)
    select 'coach' || g || ${`@${STAFF_EMAIL_DOMAIN}`}, null, 'STAFF', 'Coach', 'Nummer ' || g,
           'REGISTERED', now() - interval '3 years', now() - interval '3 years'
    from generate_series(1, ${TEAMS - 1}) g`.execute(db);
  const coachRows = await db
    .selectFrom('users')
    .select('id')
    .where('email', 'like', `%@${STAFF_EMAIL_DOMAIN}`)
    .orderBy('id')
    .execute();
  /** The coach of team t (t = client id % TEAMS): the demo coach's is team 0. */
  const coachOf = [staffId, ...coachRows.map((r) => r.id)];
  const coaches = sql`(select * from unnest(${coachOf}::integer[]) with ordinality as t(id, n)) t0`;
  await sql`analyze users`.execute(db);
  await sql`
    insert into care_team_members (client_id, staff_id, added_by, added_at)
    select c.id, t0.id, null, now() from ${scaleClients} c join ${coaches} on t0.n - 1 = c.id % ${TEAMS}
    on conflict do nothing`.execute(db);
  await sql`analyze care_team_members`.execute(db);
  step(`${TEAMS} coacher och vårdteam`);
  await sql`
    insert into conversations (user_low_id, user_high_id, created_at, last_message_at)
    select least(p.client_id, p.staff_id), greatest(p.client_id, p.staff_id),
           now() - (p.client_id % 730) * interval '1 day' - interval '30 days',
           now() - (p.client_id % 730) * interval '1 day'
    from (select m.client_id, m.staff_id from care_team_members m join ${scaleClients} c on c.id = m.client_id
          union all select c2.id, ${staffId} from ${scaleClients} c2
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
  step('konversationer och meddelanden');
  // A meeting for every CLIENTS_PER_MEETING-th client of each coach, one a week per coach from
  // about 21 months ago to 2 months ahead (no two overlap; one that would clash with a demo
  // meeting is left out). A past meeting's reminder was sent, a future one's is due a day before.
  const meetings = await sql`
    insert into appointments (client_user_id, staff_user_id, starts_at, minutes, place, video_link,
                              note, status, created_at, updated_at, sequence, reminder_due_at,
                              reminder_sent_at)
    select m.client_id, m.staff_id, s.at, (array[30, 45, 60])[1 + m.j % 3],
           case when m.j % 2 = 0 then 'Mottagningen, Storgatan 1' end,
           case when m.j % 2 = 1 then 'https://video.example.com/mote/' || m.client_id end,
           'Genomgång av hälsokontrollen', case when m.j % 10 = 7 then 'CANCELLED' else 'BOOKED' end,
           s.at - interval '14 days', s.at - interval '14 days', (m.j % 10 = 7)::integer,
           case when m.j % 10 <> 7 and s.at > now() + interval '25 hours' then s.at - interval '24 hours' end,
           case when m.j % 10 <> 7 and s.at <= now() + interval '25 hours'
                then least(s.at - interval '24 hours', now()) end
    from (select client_id, staff_id,
                 (row_number() over (partition by staff_id order by client_id) - 1) / ${CLIENTS_PER_MEETING} as j,
                 (row_number() over (partition by staff_id order by client_id) - 1) % ${CLIENTS_PER_MEETING} as r
          from care_team_members where client_id in ${scaleClients}) m
    cross join lateral (select date_trunc('day', now()) + interval '8 hours'
             + ((m.j * 7) % 700 - 640) * interval '1 day'
             + ((m.j * 7) / 700 % 8) * interval '1 hour' as at) s
    where m.r = 0
    on conflict do nothing`.execute(db);
  step(`${meetings.numAffectedRows ?? 0} möten`);
  const clientIds = (
    await db
      .selectFrom('users')
      .select('id')
      .where('email', 'like', `%@${SCALE_EMAIL_DOMAIN}`)
      .orderBy('id')
      .execute()
  ).map((r) => r.id);
  const lab = await seedScaleLab(db, {
    clientIds,
    adminId,
    sealKey: labSealKey(noteSigningKey(CAPACITY_SECRET)),
    valuesPerClient: LAB_VALUES_PER_CLIENT,
    files: LAB_FILES_PER_CLIENT,
  });
  step(`${lab.files} provsvarsfiler med ${lab.values} värden`);
  const logs = o.logs ?? o.clients * LOGS_PER_CLIENT;
  const lo = clientIds[0]!;
  await appendScaleLog(
    db,
    logs,
    lo,
    clientIds.at(-1)! - lo + 1,
    (subject) => coachOf[subject % TEAMS]!,
  );
  step(`${logs} loggrader`);
  const messages = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  log(
    `fyllde ${name}: ${scale.clients} klienter, ${logs} loggrader, ${messages.n} meddelanden, ` +
      `${TEAMS} coacher, ${lab.values} provsvarsvärden på ${((Date.now() - started) / 1000).toFixed(1)} s ` +
      `(${took.join(', ')})`,
  );
}
