// My account's own reads (issue 13), served by profile/routes.ts: her details, and 'Vem har
// läst mina uppgifter' (issue 13, design §4.11): for a USER, the activity-log rows where staff
// read or changed her data (who, what, when), newest first, paged. USER-only, and always her
// own: the routes take no id, so none she sends is read.
import {
  ACTIVITY_ACTIONS,
  type AccessLogEntry,
  type AccessLogPage,
  type MyAccount,
  type ActivityAction,
  type EmergencyReason,
} from '@halsa/api/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export async function accessLogPage(
  db: Kysely<Database>,
  userId: number,
  page: number,
  size: number,
): Promise<AccessLogPage> {
  const base = db
    .selectFrom('activity_log as l')
    .innerJoin('users as a', 'a.id', 'l.actor_user_id')
    .where('l.subject_user_id', '=', userId)
    .where('l.actor_user_id', '<>', userId)
    .where('a.role', 'in', ['STAFF', 'ADMIN'])
    .where('l.action', 'in', ACTIVITY_ACTIONS);
  const [rows, count] = await Promise.all([
    base
      // Read under 'Nödåtkomst' (design §4.14): the access's reason and comment beside the row.
      .leftJoin('emergency_accesses as e', (join) =>
        join.on(
          sql<boolean>`l.details ? 'emergencyAccessId' and e.id = (l.details->>'emergencyAccessId')::integer`,
        ),
      )
      .select([
        'l.id',
        'l.action',
        'l.created_at',
        'a.first_name',
        'a.last_name',
        'a.role',
        'e.reason as emergency_reason',
        'e.comment as emergency_comment',
      ])
      .orderBy('l.created_at', 'desc')
      .orderBy('l.id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const items: AccessLogEntry[] = rows.map((r) => ({
    id: r.id,
    action: r.action as ActivityAction,
    performedByName: `${r.first_name} ${r.last_name}`.trim(),
    performedByRole: r.role === 'USER' ? null : r.role,
    timestamp: r.created_at.toISOString(),
    emergency: r.emergency_reason
      ? {
          reason: r.emergency_reason as EmergencyReason,
          comment: r.emergency_comment,
        }
      : null,
  }));
  return { items, total: Number(count.n), page, size };
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
