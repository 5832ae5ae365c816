// Demo data at scale (issue 11): N extra clients with profiles and M activity-log rows; the
// clients written by the database itself (generate_series), the log rows chained in Node and
// written in batches (chained-log.ts), so 20 000 clients and 1 000 000 rows take seconds.
// Used by `pnpm seed:scale` on the configured database and by `pnpm bench:clients`.
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { appendChainedLog } from './chained-log.ts';

export const SCALE_EMAIL_DOMAIN = 'skala.example.com';

const FIRST = [
  'Anna',
  'Erik',
  'Maria',
  'Lars',
  'Karin',
  'Johan',
  'Sofia',
  'Anders',
  'Elin',
  'Per',
  'Emma',
  'Nils',
  'Ida',
  'Olof',
  'Sara',
  'Gustav',
  'Linnea',
  'Magnus',
  'Maja',
  'Ahmed',
];
const LAST = [
  'Andersson',
  'Johansson',
  'Karlsson',
  'Nilsson',
  'Eriksson',
  'Larsson',
  'Olsson',
  'Persson',
  'Svensson',
  'Gustafsson',
  'Pettersson',
  'Jonsson',
  'Jansson',
  'Hansson',
  'Bengtsson',
  'Öberg',
  'Lindqvist',
  'Haddad',
  'Sandberg',
  'Ekström',
];
const ACTIONS = [
  'LOGIN_SUCCEEDED',
  'CLIENT_VIEWED',
  'LAB_RESULTS_VIEWED',
  'LAB_RESULT_UPLOADED',
  'ACTIVITY_LOG_VIEWED',
  'MESSAGE_READ',
  'ACTION_PLAN_UPLOADED',
  'RESET_LINK_SENT',
];

const textArray = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v}'`).join(',')}]`);

const YEAR_MICROS = 365 * 24 * 3600 * 1_000_000;

/**
 * `logs` activity-log rows about the clients with ids lo … lo + span − 1 (spread by a prime
 * stride), each by `actorOf(subject)`, evenly over the year before now, chained as the trigger
 * chains (chained-log.ts).
 */
export async function appendScaleLog(
  db: Db,
  logs: number,
  lo: number,
  span: number,
  actorOf: (subject: number) => number | null,
): Promise<void> {
  const end = Date.now() * 1000;
  await appendChainedLog(db, logs, (g) => {
    const subject = lo + ((g * 7919) % span);
    return {
      action: ACTIONS[g % ACTIONS.length]!,
      actor: actorOf(subject),
      subject,
      ip: `10.${g % 200}.${g % 250}.${g % 240}`,
      micros: end - YEAR_MICROS + Math.floor((g * YEAR_MICROS) / Math.max(1, logs)),
    };
  });
}

export interface ScaleResult {
  clients: number;
  logs: number;
  ms: number;
}

/** Adds `clients` clients and `logs` log rows (about them, by the demo staff); once. */
export async function seedScale(
  db: Db,
  { clients, logs }: { clients: number; logs: number },
): Promise<ScaleResult> {
  const started = Date.now();
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where('email', 'like', `%@${SCALE_EMAIL_DOMAIN}`)
    .limit(1)
    .executeTakeFirst();
  if (existing) throw new Error('Skaldata finns redan i databasen.');
  const actor = await db
    .selectFrom('users')
    .select('id')
    .where('role', '!=', 'USER')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  await db.transaction().execute(async (trx) => {
    await sql`
      insert into users (email, password_hash, role, first_name, last_name, registration_status,
                         created_at, updated_at, last_active_at)
      select 'klient' || g || ${'@' + SCALE_EMAIL_DOMAIN}, null, 'USER',
             (${textArray(FIRST)})[1 + g % 20], (${textArray(LAST)})[1 + (g * 7 + g / 20) % 20],
             case when g % 10 = 0 then 'INVITED' else 'REGISTERED' end,
             now() - (g % 1500) * interval '1 day', now() - (g % 300) * interval '1 day',
             case when g % 10 = 0 then null else now() - (g % 2000) * interval '1 hour' end
      from generate_series(1, ${clients}) g`.execute(trx);
    await sql`
      insert into client_profiles (user_id, social_security_number, phone_number, street, city,
                                   membership, package, created_at, updated_at)
      select u.id,
             to_char(date '1945-01-01' + (u.id * 37 % 25000), 'YYYYMMDD') || '-' ||
               lpad((u.id % 10000)::text, 4, '0'),
             '070' || lpad((u.id % 10000000)::text, 7, '0'), 'Storgatan ' || (u.id % 90 + 1),
             'Stockholm', 'Företagsavtal', 'Hälsa Bas', u.created_at, u.updated_at
      from users u where u.email like ${'%@' + SCALE_EMAIL_DOMAIN}`.execute(trx);
  });
  const range = await db
    .selectFrom('users')
    .select((eb) => [eb.fn.min('id').as('lo'), eb.fn.max('id').as('hi')])
    .where('email', 'like', `%@${SCALE_EMAIL_DOMAIN}`)
    .executeTakeFirstOrThrow();
  const lo = Number(range.lo);
  const span = Number(range.hi) - lo + 1;
  // Chained in Node and written in batches (chained-log.ts): 20 M rows in minutes, not hours.
  // The rows are spread evenly over the past year, oldest first, as a log that has grown for a
  // year: a 30-day page or review reads a month of it, not all of it.
  await appendScaleLog(db, logs, lo, span, () => actor?.id ?? null);
  return { clients, logs, ms: Date.now() - started };
}
