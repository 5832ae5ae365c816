// My account's own reads (issue 13), served by profile/routes.ts: her details, and 'Vem har
// läst mina uppgifter' (design §4.11, §4.20): for a USER, one line per staff member and day
// with what was read, newest first, paged. USER-only, and always her
// own: the routes take no id, so none she sends is read.
import {
  ACTIVITY_ACTIONS,
  LIST_AND_LOG_ACTIONS,
  type AccessLogEntry,
  type AccessLogPage,
  type MyAccount,
  type ActivityAction,
  type EmergencyReason,
} from '@halsa/api/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * One line per person and Swedish day (design §4.20): what she read (each kind once, most first),
 * when last, and the reason's code when any of it was under 'Nödåtkomst'. Appearances in lists
 * and logs only with `lists`. Newest day first, paged by line.
 */
export async function accessLogPage(
  db: Kysely<Database>,
  userId: number,
  page: number,
  size: number,
  lists = false,
): Promise<AccessLogPage> {
  const actions = lists
    ? ACTIVITY_ACTIONS
    : ACTIVITY_ACTIONS.filter((a) => !(LIST_AND_LOG_ACTIONS as readonly string[]).includes(a));
  const rows = sql<{
    actor: number;
    day: string;
    first_name: string;
    last_name: string;
    role: string;
    action: ActivityAction;
    n: string;
    last_at: Date;
    reason: string | null;
  }>`
    select l.actor_user_id as actor,
           to_char(l.created_at at time zone 'Europe/Stockholm', 'YYYY-MM-DD') as day,
           a.first_name, a.last_name, a.role, l.action, count(*) as n,
           max(l.created_at) as last_at, max(e.reason) as reason
    from activity_log l
    join users a on a.id = l.actor_user_id and a.role in ('STAFF', 'ADMIN')
    left join emergency_accesses e
      on l.details ? 'emergencyAccessId'
         and e.id = (l.details->>'emergencyAccessId')::integer
    where l.subject_user_id = ${userId} and l.actor_user_id <> ${userId}
      and l.action in (${sql.join([...actions])})
    group by 1, 2, 3, 4, 5, 6`;
  const grouped = await sql<{
    actor: number;
    day: string;
    first_name: string;
    last_name: string;
    role: string;
    actions: { action: ActivityAction; n: string }[];
    last_at: Date;
    reason: string | null;
    total: string;
  }>`
    with r as (${rows})
    select actor, day, first_name, last_name, role,
           json_agg(json_build_object('action', action, 'n', n) order by n desc, action) as actions,
           max(last_at) as last_at, max(reason) as reason,
           count(*) over () as total
    from r
    group by actor, day, first_name, last_name, role
    order by day desc, max(last_at) desc, actor
    limit ${size} offset ${(page - 1) * size}`.execute(db);
  const total = grouped.rows[0]
    ? Number(grouped.rows[0].total)
    : page === 1
      ? 0
      : Number(
          (
            await sql<{ n: string }>`select count(*) as n from (select 1 from (${rows}) r
              group by actor, day) g`.execute(db)
          ).rows[0]?.n ?? 0,
        );
  const items: AccessLogEntry[] = grouped.rows.map((r) => ({
    id: `${r.day}:${r.actor}`,
    day: r.day,
    performedByName: `${r.first_name} ${r.last_name}`.trim(),
    performedByRole: r.role === 'ADMIN' ? 'ADMIN' : 'STAFF',
    actions: r.actions.map((a) => a.action),
    lastAt: new Date(r.last_at).toISOString(),
    emergency: r.reason ? { reason: r.reason as EmergencyReason } : null,
  }));
  return { items, total, page, size };
}

/** Her own account details; a USER's registered personal details too. */
export async function myAccount(db: Kysely<Database>, userId: number): Promise<MyAccount> {
  const row = await db
    .selectFrom('users as u')
    .leftJoin('client_profiles as p', 'p.user_id', 'u.id')
    .select([
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.role',
      'p.social_security_number',
      'p.birth_date',
      'p.phone_number',
      'p.street',
      'p.zip_code',
      'p.city',
    ])
    .where('u.id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    role: row.role,
    personal:
      row.role === 'USER'
        ? {
            socialSecurityNumber: row.social_security_number ?? null,
            birthDate: row.birth_date ?? null,
            phoneNumber: row.phone_number ?? null,
            street: row.street ?? null,
            zipCode: row.zip_code ?? null,
            city: row.city ?? null,
          }
        : null,
  };
}
