// Who may keep a live subscription to a conversation (design §4.14 on the live endpoint): the
// same rule as access/care-relation.ts, read fresh from the database each time the live server
// asks (at SUBSCRIBE, and again whenever it re-checks), so a role, a care team, an emergency
// access or the clinic setting changed since the socket opened counts at once.
import type { Role } from '@halsa/api/contract';
import { sql } from 'kysely';
import { emergencyAccessUntil, staffMayReadWithoutEnd } from '../../access/care-relation.ts';
import type { Db } from '../../db/index.ts';
import { MAX_DB_ID } from '../../db/ids.ts';

export interface ConversationReadGrant {
  /** The reader's role now (not the one her socket opened with). */
  role: Role;
  /** The other participant when she is a client read by staff (her reads are logged); else null. */
  clientId: number | null;
  /** When the right ends: the end of the emergency access it rests on; null = no end. */
  until: Date | null;
}

/**
 * Whether `userId` may read conversation `conversationId` live at `now`: an active participant,
 * and a STAFF participant only while she may read the client (clinic setting off, in the care
 * team, or under an open emergency access, whose end is `until`). Null = no.
 */
export async function conversationReadGrant(
  db: Db,
  userId: number,
  conversationId: number,
  now: Date,
): Promise<ConversationReadGrant | null> {
  if (userId > MAX_DB_ID || conversationId > MAX_DB_ID) return null;
  const result = await sql<{
    role: Role;
    partner_id: number;
    partner_role: Role;
    open: boolean;
    emergency_until: Date | string | null;
  }>`
    select u.role, p.id as partner_id, p.role as partner_role,
           ${staffMayReadWithoutEnd(sql.ref('u.id'), sql.ref('p.id'))} as open,
           ${emergencyAccessUntil(sql.ref('u.id'), sql.ref('p.id'), now)} as emergency_until
    from conversations c
    join users u on u.id = ${userId} and u.deactivated_at is null
    join users p on p.id = case when c.user_low_id = u.id then c.user_high_id
                                else c.user_low_id end
    where c.id = ${conversationId} and u.id in (c.user_low_id, c.user_high_id)`.execute(db);
  const row = result.rows[0];
  if (!row) return null;
  if (row.role === 'USER' || row.partner_role !== 'USER') {
    return { role: row.role, clientId: null, until: null };
  }
  if (row.role === 'ADMIN' || row.open) {
    return { role: row.role, clientId: row.partner_id, until: null };
  }
  if (row.emergency_until === null) return null;
  return { role: row.role, clientId: row.partner_id, until: new Date(row.emergency_until) };
}
