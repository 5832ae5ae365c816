// Access by care team (design §4.14, PDL 4 kap. 2 §): while the clinic setting is on, a STAFF
// member reaches a client's data only when she is in the client's care team or holds an open
// emergency access to her. ADMIN reads every client; a client reads only her own (http/access.ts).
//
// The rule is one SQL expression (`staffMayRead`), used two ways, always inside the database:
//   - a route about one client checks it before anything is read (`requireCareRelation`, run by
//     defineRoute from the route's `careTeam` declaration), so nothing of hers leaves the
//     database for a STAFF member outside her team;
//   - a list (clients, the whole activity log, all meetings, conversations) puts it in its own
//     WHERE clause (`careTeamFilter`), so rows she may not see are never selected.
// The live endpoint (modules/care-team/live-access.ts) reads its two halves apart, the part with
// no end and the end of an open emergency access, so a subscription ends when the access does.
import { NO_CARE_RELATION, NO_CARE_RELATION_MESSAGE, type Role } from '@halsa/api/contract';
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db/index.ts';
import { MAX_DB_ID } from '../db/ids.ts';
import { HttpError } from '../http/errors.ts';
import { mustSetUpStrongSignIn, requireStrongSignIn, strongSignInRequired } from './strong-rule.ts';

/** The 403 a STAFF member outside the client's care team gets, with the code the page reads. */
export const noCareRelation = () =>
  new HttpError(403, NO_CARE_RELATION_MESSAGE, {}, { code: NO_CARE_RELATION });

type StaffId = Expression<number> | number;
type ClientId = Expression<number | null> | number;
const clientRef = (clientId: ClientId) =>
  typeof clientId === 'number' ? sql`${clientId}::integer` : clientId;

/** An emergency access of `staffId` to `client` open at `now` (the WHERE of `ea`). */
const openEmergency = (staffId: StaffId, client: ClientId, now: Date) =>
  sql`ea.staff_id = ${staffId} and ea.client_id = ${clientRef(client)}
      and ea.opened_at <= ${now} and ea.expires_at > ${now}`;

/**
 * The part of the rule with no end: the clinic setting is off, or `staffId` is in the client's
 * care team. For a reader that must know when her right ends (the live endpoint).
 */
export function staffMayReadWithoutEnd(staffId: StaffId, clientId: ClientId): RawBuilder<SqlBool> {
  return sql<SqlBool>`(
    not (select s.care_team_only from clinic_settings s where s.id = 1)
    or exists (select 1 from care_team_members ctm
               where ctm.staff_id = ${staffId} and ctm.client_id = ${clientRef(clientId)})
  )`;
}

/** When `staffId`'s emergency access to the client open at `now` ends; null = none is open. */
export function emergencyAccessUntil(
  staffId: StaffId,
  clientId: ClientId,
  now: Date,
): RawBuilder<Date | string | null> {
  return sql<Date | string | null>`(select max(ea.expires_at) from emergency_accesses ea
    where ${openEmergency(staffId, clientId, now)})`;
}

/**
 * True when `staffId` may read the client `clientId` (an SQL expression of each): the clinic
 * setting is off, or she is in the client's care team, or her emergency access is open at `now`.
 * For a STAFF caller only: ADMIN and the client herself are let through before it.
 */
export function staffMayRead(staffId: StaffId, clientId: ClientId, now: Date): RawBuilder<SqlBool> {
  return sql<SqlBool>`(
    ${staffMayReadWithoutEnd(staffId, clientId)}
    or exists (select 1 from emergency_accesses ea where ${openEmergency(staffId, clientId, now)})
  )`;
}

/**
 * The WHERE condition of a list for `viewer`: everything for ADMIN (and a client, whose lists are
 * her own already), for STAFF only rows whose client (`clientId`, or null for rows of nobody's
 * data) she may read.
 */
export function careTeamFilter(
  viewer: { role: Role; userId: number },
  clientId: Expression<number | null>,
  now: Date,
  options: { nullable?: boolean } = {},
): RawBuilder<SqlBool> {
  if (viewer.role !== 'STAFF') return sql<SqlBool>`true`;
  const read = staffMayRead(viewer.userId, clientId, now);
  // A row about a user who is not a client (another staff member) is nobody's client data. Her
  // role is looked up by primary key for the row: a `not exists` under this OR was planned as a
  // hashed subplan that read every user of the clinic (bench:capacity --plans, issue 38).
  return options.nullable
    ? sql<SqlBool>`(${clientId} is null
        or coalesce((select cu.role from users cu where cu.id = ${clientId}), '') <> 'USER'
        or ${read})`
    : read;
}

/** Whether the clinic setting 'Åtkomst endast via vårdteam' is on (one primary-key read). */
export async function careTeamOnly(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('clinic_settings')
    .select('care_team_only')
    .where('id', '=', 1)
    .executeTakeFirst();
  return row?.care_team_only ?? true;
}

/**
 * The clients STAFF member `staffId` may read at `now` while the setting is on (her care team
 * and her open emergency accesses), as a query for `id in (…)`: a list of clients then starts
 * from her few hundred ids by index. `staffMayRead` under an OR is tested on every row of the
 * table instead (bench:capacity --plans, issue 38). The caller reads the setting first
 * (`careTeamOnly`); with it off every client is readable and this set is not used.
 */
export function readableClientIds(db: Db, staffId: number, now: Date) {
  return db
    .selectFrom('care_team_members as ctm')
    .select('ctm.client_id')
    .where('ctm.staff_id', '=', staffId)
    .union(
      db
        .selectFrom('emergency_accesses as ea')
        .select('ea.client_id')
        .where('ea.staff_id', '=', staffId)
        .where('ea.opened_at', '<=', now)
        .where('ea.expires_at', '>', now),
    );
}

/** Every staff member's and admin's id: rows about them are nobody's client data. */
const staffAndAdminIds = sql`select su.id from users su where su.role in ('STAFF', 'ADMIN')`;

/**
 * The care-team rule on a column of user ids that are clients or staff (a message's sender): for
 * STAFF, true when the clinic setting is off, or the id is a staff member's or an admin's (no
 * client's data), or a client she may read (`readableClientIds`). Asked of many rows in one
 * statement, it is one hashed set built once, not one lookup of the user and her care team per
 * row (a coach's unread badge: 800 rows, 5 600 buffers → 70; bench:capacity, issue 38). Needs
 * no round trip for the setting first, as `listScope` does. Everyone else: `true`.
 */
export function readableUserFilter(
  db: Db,
  viewer: { role: Role; userId: number },
  userId: Expression<number>,
  now: Date,
): RawBuilder<SqlBool> {
  if (viewer.role !== 'STAFF') return sql<SqlBool>`true`;
  return sql<SqlBool>`(
    not (select s.care_team_only from clinic_settings s where s.id = 1)
    or ${userId} in (${staffAndAdminIds} union all ${readableClientIds(db, viewer.userId, now)})
  )`;
}

/** A list's care-team condition on its client column, as `listScope` made it for one viewer. */
export interface ListScope {
  (clientId: Expression<number | null>, options?: { nullable?: boolean }): RawBuilder<SqlBool>;
  /**
   * The ids the condition admits as an SQL array (with `nullable`, rows of no client as well),
   * or null when it admits every row. A list that stops early along another order (the activity
   * log's newest rows) starts from these ids rather than testing row after row along that order.
   */
  ids(options?: { nullable?: boolean }): RawBuilder<number[]> | null;
}

/** The scope of a viewer who may read every row (a list can then use a kept count). */
export const everyRow: ListScope = Object.assign(() => sql<SqlBool>`true`, { ids: () => null });

/**
 * `careTeamFilter` for a list that counts or reads far into a big table (the activity log, the
 * clients), with the clinic setting read first: for a STAFF member while it is on, the client
 * column must be one of an array of her readable clients (care team, open emergency accesses;
 * with `nullable`, also no client or a staff member), which the planner reads by index. The OR
 * of `staffMayRead` is tested on every row instead (bench:capacity --plans, issue 38: a STAFF
 * member's page of the log counted 200 000 rows in 2.3 s). Everyone else, and STAFF with the
 * setting off, gets `everyRow`.
 */
export async function listScope(
  db: Db,
  viewer: { role: Role; userId: number },
  now: Date,
): Promise<ListScope> {
  if (viewer.role !== 'STAFF' || !(await careTeamOnly(db))) return everyRow;
  const readable = readableClientIds(db, viewer.userId, now);
  const ids = (options: { nullable?: boolean } = {}) =>
    options.nullable
      ? sql<number[]>`array(${staffAndAdminIds} union ${readable})`
      : sql<number[]>`array(${readable})`;
  const scope = (clientId: Expression<number | null>, options: { nullable?: boolean } = {}) =>
    options.nullable
      ? sql<SqlBool>`(${clientId} is null or ${clientId} = any(${ids(options)}))`
      : sql<SqlBool>`${clientId} = any(${ids()})`;
  return Object.assign(scope, { ids });
}

/** Whether STAFF member `staffId` may read client `clientId` at `now` (one query). */
export async function staffMayReadNow(
  db: Db,
  staffId: number,
  clientId: number,
  now: Date,
): Promise<boolean> {
  const row = await sql<{
    ok: boolean;
  }>`select ${staffMayRead(staffId, clientId, now)} as ok`.execute(db);
  return Boolean(row.rows[0]?.ok);
}

/** A query selecting one client's `id` (e.g. a conversation's partner who is a client). */
export type ClientIdQuery = Expression<{ id: number }>;

/**
 * Refuses a STAFF member outside the client's care team with the 403 of design §4.14: the
 * client by id, or by a query that finds her (checked in the same statement). A user id that is
 * not a client (another staff member, or none) is not refused here: the route's own checks
 * answer for it. With `strongRule` the clinic's staff rule (strong-rule.ts) is asked in the same
 * statement and refuses first, as when it was asked before (one round trip instead of two).
 */
export async function requireCareRelation(
  db: Db,
  viewer: { role: Role; userId: number; strongSignIn?: boolean },
  client: number | null | ClientIdQuery,
  now: Date,
  { strongRule = false }: { strongRule?: boolean } = {},
): Promise<void> {
  // Not a client to check; a number that is not an id a row can have (int4) is nobody's, and
  // the route answers 404 for it.
  if (
    viewer.role !== 'STAFF' ||
    client === null ||
    (typeof client === 'number' && client > MAX_DB_ID)
  ) {
    if (strongRule) await requireStrongSignIn(db, viewer);
    return;
  }
  const mustSetUp = strongRule ? mustSetUpStrongSignIn(viewer) : sql<boolean>`false`;
  const ok =
    typeof client === 'number'
      ? sql<boolean>`(not exists (select 1 from users u where u.id = ${client} and u.role = 'USER')
          or ${staffMayRead(viewer.userId, client, now)})`
      : // The client looked up (a conversation's partner…) and the rule, together. No row: not
        // a client of hers to check (the route answers for it).
        sql<boolean>`coalesce((select ${staffMayRead(viewer.userId, sql.ref('x.id'), now)}
          from (${client}) as x limit 1), true)`;
  const row = await sql<{ must_set_up: boolean; ok: boolean }>`
    select ${mustSetUp} as must_set_up, ${ok} as ok`.execute(db);
  if (row.rows[0]?.must_set_up) throw strongSignInRequired();
  if (!row.rows[0]?.ok) throw noCareRelation();
}
