// `pnpm bench:capacity --plans [--reseed]` (issue 38 item 3): the query plans behind every
// signed-in page, on data at scale, on this machine's PostgreSQL.
//
// The data: capacity-seed.ts (database halsa_capacity, or --database, kept for re-runs). The list
// of queries is not written by hand: the app is built in this process (buildApp, as main.ts
// builds it) on a Kysely whose log hook keeps every statement the server issues, with its
// parameters; a walk signs in as the demo client, coach (STAFF), ADMIN and the client of the
// highest id (her statements explained with her values apart: LAST_CLIENT) (sessions written as a
// login writes them) and calls, through fastify.inject, every GET route of /api/v1 that the
// route table (app.routeAccess, filled by onRoute) opens to that role, its path parameters filled
// with ids from the data (a client of the coach's care team, a conversation of the caller…). A
// route added later is walked without a change here; one whose parameter cannot be filled is
// printed as such. Every distinct statement is then run again as
// `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON)` inside a transaction that is rolled back, and the
// plan is searched for sequential scans and large index reads (capacity-explain.ts). Exit 1 when
// a sequential scan reads a table of over 10 000 rows (pg_class.reltuples after ANALYZE) or an
// index read hands up over 10 000 rows that no aggregate counts; the statements checked are
// printed.
// Started by capacity.ts (the options are its own).
import { findEndpoint } from '@halsa/api/contract';
import { Kysely, PostgresDialect, sql, type LogEvent } from 'kysely';
import pg from 'pg';
import { buildApp, type App } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/schema.ts';
import { DatabaseStorage } from '../src/files/storage.ts';
import { DevOutbox } from '../src/mail/mailer.ts';
import { newToken } from '../src/security/tokens.ts';
import { systemClock } from '../src/clock.ts';
import { CAPACITY_SECRET, capacityDir, openCapacityDb } from './capacity-seed.ts';
import { fillParams, type Ids } from './capacity-params.ts';
import { sessionRow } from './capacity-people.ts';
import { explainAll, printPlans } from './capacity-explain.ts';

export interface PlansOptions {
  reseed: boolean;
  verbose: boolean;
  postgres: string;
  database: string;
  clients: number;
  /** Unset: the seed's ratio (capacity-seed.ts). */
  logs?: number;
  messages: number;
}

/** A statement the server issued: its text, parameters and the routes that issued it. */
export interface Issued {
  sql: string;
  parameters: readonly unknown[];
  routes: Set<string>;
}

const ROLES = [
  { role: 'USER', email: 'klient@example.com' },
  { role: 'STAFF', email: 'staff@example.com' },
  { role: 'ADMIN', email: 'admin@example.com' },
] as const;

/**
 * The walk's last walker: the client of the highest id, through every USER route again. A plan
 * can depend on where an id falls (a merge join read users' primary key from id 1 up to the
 * session's user, 0.1 ms for the demo client and 167 ms for client 200 254: issue 38), so her
 * statements are explained with her own values, as statements of their own.
 */
const LAST_CLIENT = 'USER (klienten med högst id)';

/** The user agent of the walk's sessions. */
const PLANS_AGENT = 'bench:capacity --plans';

export async function runPlans(values: PlansOptions): Promise<void> {
  const { opened, url } = await openCapacityDb({
    adminUrl: values.postgres,
    database: values.database,
    reseed: values.reseed,
    clients: values.clients,
    ...(values.logs !== undefined ? { logs: values.logs } : {}),
    messagesPerClient: values.messages,
  });
  await opened.close();

  // The server's own database handle, with the query log hook.
  const issued = new Map<string, Issued>();
  let current = '';
  /** '' for the demo people; LAST_CLIENT while she walks (her statements are kept apart). */
  let walker = '';
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event: LogEvent) => {
      if (event.level !== 'query' || !current) return;
      const text = event.query.sql;
      const key = `${walker}\u0000${text}`;
      const seen = issued.get(key);
      if (seen) seen.routes.add(current);
      else
        issued.set(key, {
          sql: text,
          parameters: event.query.parameters,
          routes: new Set([current]),
        });
    },
  });
  // Staff sign in by code here (the rule of design §4.17 off, as in the demo).
  await db.updateTable('clinic_settings').set({ staff_strong_required: false }).execute();
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '8080',
    PUBLIC_URL: 'http://localhost:8080',
    DATA_DIR: capacityDir(values.database),
    SESSION_SECRET: CAPACITY_SECRET,
  });
  const app: App = await buildApp({
    config,
    db,
    dbKind: 'postgres',
    mailer: new DevOutbox('Hälsoportalen <no-reply@example.com>', systemClock, () => {}),
    // Files in the database, as the seed keeps them (capacity-seed.ts) and DATABASE_URL does.
    storage: new DatabaseStorage(db),
    rateLimit: { enabled: false },
    portalDist: '/nonexistent-portal-dist',
  });
  try {
    await app.ready();
    const routes = app.routeAccess.filter(
      (r) => r.method === 'GET' && r.url.startsWith('/api/v1/') && r.access !== 'public',
    );
    const ids = await idsOf(db);
    const walked: string[] = [];
    const skipped: string[] = [];
    const last = await db
      .selectFrom('users')
      .select('email')
      .where('role', '=', 'USER')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const walkers = [
      ...ROLES.map((r) => ({ ...r, name: r.role as string })),
      { role: 'USER' as const, email: last.email, name: LAST_CLIENT },
    ];
    // The walk's sessions of an earlier run would be in sessions' statistics (they are removed
    // at the end; a run stopped half-way leaves them).
    await db.deleteFrom('sessions').where('user_agent', '=', PLANS_AGENT).execute();
    for (const { role, email, name } of walkers) {
      walker = name === LAST_CLIENT ? LAST_CLIENT : '';
      // Her session is newer than sessions' statistics, as a client's who signed in after the
      // table was last analysed (bench:capacity analyses it with the demo people's sessions only).
      if (walker) await sql`analyze sessions`.execute(db);
      const user = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      const token = newToken();
      const now = new Date();
      await db
        .insertInto('sessions')
        .values(sessionRow(user.id, token, now, 1, PLANS_AGENT))
        .execute();
      for (const route of routes) {
        if (!Array.isArray(route.access) || !route.access.includes(role)) continue;
        const path = fillParams(route.url, role, ids);
        if (!path) {
          skipped.push(`${role} ${route.url}`);
          continue;
        }
        // A list the pages ask for a page of (design §4.13) is walked both ways: bare, as the
        // spec answers it, and as the page calls it.
        for (const query of ['', ...extraQueries(route.url, now, role, ids)]) {
          current = `${name} GET ${route.url}${query}`;
          // Read as a stream and thrown away: at full scale the log's export is larger than a
          // string can be (20 M rows), and only the statements behind the answer matter here.
          const res = await app.inject({
            method: 'GET',
            url: `${path}${query}`,
            headers: { cookie: `halsa_session=${token}` },
            payloadAsStream: true,
          });
          for await (const _chunk of res.stream());
          current = '';
          walked.push(`${name} GET ${path}${query} → ${res.statusCode}`);
        }
      }
    }
    // Background work a request started (activity-log rows written after the answer).
    await new Promise((r) => setTimeout(r, 500));
    current = '';
    console.log(
      `bench:capacity --plans: ${walked.length} anrop (${routes.length} GET-rutter × roller), ` +
        `${issued.size} olika frågor`,
    );
    if (values.verbose) for (const w of walked) console.log(`  ${w}`);
    for (const s of skipped) console.log(`  ej anropad (parameter utan värde): ${s}`);
    const results = await explainAll(pool, [...issued.values()]);
    const failed = await printPlans(pool, results, values.verbose);
    process.exitCode = failed ? 1 : 0;
  } finally {
    await db.deleteFrom('sessions').where('user_agent', '=', PLANS_AGENT).execute();
    await app.close();
    await db.destroy();
  }
}

/** The first page of a paged list, as the list screens ask for it. */
const PAGE_QUERY = '?page=1&size=50';

/**
 * The queries a list is walked with besides the bare call, from its contract: a paged list
 * (`page`) as the list screens ask for it; a list paged by time (`from`/`afterId`,
 * `before`/`beforeId`: the meetings of issue 38) as its screen asks for a next page each way;
 * the conversation list narrowed to one partner (`partnerId`, issue 38) as a client's page asks
 * for it (staff name the demo client; a client, who has no such page, names her coach).
 */
function extraQueries(url: string, now: Date, role: (typeof ROLES)[number]['role'], ids: Ids) {
  const shape = (findEndpoint('GET', url)?.query as { shape?: Record<string, unknown> } | undefined)
    ?.shape;
  if (shape === undefined) return [];
  const out: string[] = [];
  if ('page' in shape) out.push(PAGE_QUERY);
  const at = encodeURIComponent(now.toISOString());
  if ('afterId' in shape) out.push(`?from=${at}&afterId=1&size=20`);
  if ('before' in shape) out.push(`?before=${at}&size=20`);
  if ('beforeId' in shape) out.push(`?before=${at}&beforeId=2147483647&size=20`);
  const partner = role === 'USER' ? ids.staff : ids.client;
  if ('partnerId' in shape && partner !== undefined) out.push(`?partnerId=${partner}`);
  return out;
}

/** Ids the path parameters are filled with (capacity-params.ts), read from the data. */
async function idsOf(db: Kysely<Database>): Promise<Ids> {
  const one = async (query: string) => {
    const { rows } = await sql.raw<{ v: unknown }>(query).execute(db);
    return rows[0]?.v === undefined || rows[0]?.v === null ? undefined : String(rows[0].v);
  };
  const id = (email: string) => one(`select id as v from users where email = '${email}'`);
  const client = await id('klient@example.com');
  const fileName = (kind: string) =>
    one(
      `select original_name as v from files where subject_user_id = ${client ?? 0}
         and kind = '${kind}' order by created_at desc limit 1`,
    );
  const staff = await id('staff@example.com');
  const admin = await id('admin@example.com');
  const conversationOf = (user: string | undefined) =>
    user
      ? one(
          `select id as v from conversations where ${user} in (user_low_id, user_high_id) order by id limit 1`,
        )
      : Promise.resolve(undefined);
  return {
    client,
    staff,
    admin,
    conversation: {
      USER: await conversationOf(client),
      STAFF: await conversationOf(staff),
      ADMIN: await conversationOf(admin),
    },
    message: await one(
      `select m.id as v from messages m where m.receiver_id = ${client ?? 0} order by m.id limit 1`,
    ),
    form: await one(`select id as v from forms order by id limit 1`),
    appointment: await one(`select id as v from appointments order by id limit 1`),
    questionnaire: await one(
      `select id as v from questionnaires where client_user_id = ${client ?? 0} order by id limit 1`,
    ),
    // One of the coach's team if there is one (she reads it), else any.
    questionnaireResponse: await one(
      `select q.id as v from questionnaires q where q.status = 'SUBMITTED'
       order by exists (select 1 from care_team_members m
                        where m.client_id = q.client_user_id and m.staff_id = ${staff ?? 0}) desc,
                q.id limit 1`,
    ),
    imageFile: await one(`select image_file_id as v from users where id = ${staff ?? 0}`),
    messageFile: await one(
      `select m.file_id as v from messages m where m.file_id is not null
         and ${client ?? 0} in (m.sender_id, m.receiver_id) order by m.id limit 1`,
    ),
    labFileName: await fileName('LAB_RESULT'),
    actionPlanFileName: await fileName('ACTION_PLAN'),
  };
}
