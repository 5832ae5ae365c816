// Emergency access that shows (design §4.20): a STAFF member's own open accesses (the banner on
// that client's pages and the mark in her list), 'Avsluta nu' (she closes her own access early,
// logged), the notice every ADMIN gets when one opens, the count of accesses not yet reviewed
// (ADMIN's menu) and what was read under each access (the review card's line).
import {
  EMERGENCY_ACCESS_NOTICE_TYPE,
  emergencyReasonLabels,
  type ActivityAction,
  type EmergencyAccess,
  type EmergencyReason,
  type OpenEmergencyAccess,
} from '@halsa/api/contract';
import { sql, type Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import { MAX_DB_ID } from '../../db/ids.ts';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';

export const EMERGENCY_CLOSE_MESSAGES = {
  notFound: 'Nödåtkomsten hittades inte.',
} as const;

/** The notice to ADMIN: who, whom, why; never the free-text comment, never health data. */
export const emergencyNotice = (staff: string, client: string, reason: EmergencyReason) =>
  `${staff} öppnade nödåtkomst till ${client} (${emergencyReasonLabels[reason]}). Granska den under Logguppföljning när den har stängts.`;

const nameOf = (first: string, last: string) => `${first} ${last}`.trim();

export class EmergencyAccesses {
  constructor(private readonly ctx: AppContext) {}

  /** Her own accesses open now, newest first. */
  async mine(staffId: number): Promise<OpenEmergencyAccess[]> {
    const now = this.ctx.clock.now();
    const rows = await this.ctx.db
      .selectFrom('emergency_accesses')
      .select(['id', 'client_id', 'opened_at', 'expires_at'])
      .where('staff_id', '=', staffId)
      .where('opened_at', '<=', now)
      .where('expires_at', '>', now)
      .orderBy('opened_at', 'desc')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      clientId: r.client_id,
      openedAt: r.opened_at.toISOString(),
      expiresAt: r.expires_at.toISOString(),
    }));
  }

  /**
   * 'Avsluta nu': ends her own open access at once (logged as EMERGENCY_ACCESS_CLOSED). Someone
   * else's access, or one that is no longer open, is 404: nothing changes.
   */
  async close(id: number, actor: { userId: number; ip: string | null }): Promise<EmergencyAccess> {
    if (id > MAX_DB_ID) throw notFound(EMERGENCY_CLOSE_MESSAGES.notFound);
    const now = this.ctx.clock.now();
    return this.ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('emergency_accesses')
        .set({ expires_at: now })
        .where('id', '=', id)
        .where('staff_id', '=', actor.userId)
        .where('opened_at', '<=', now)
        .where('expires_at', '>', now)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw notFound(EMERGENCY_CLOSE_MESSAGES.notFound);
      await this.ctx.activity.record(
        {
          action: 'EMERGENCY_ACCESS_CLOSED',
          actorUserId: actor.userId,
          subjectUserId: row.client_id,
          ip: actor.ip,
          // Tagged with the access like every row under it: the close is part of the access
          // (its card counts it; 'Logguppföljning' does not call it a read outside the team).
          details: { emergencyAccessId: row.id, emergencyAccessClosed: true },
        },
        trx,
      );
      return {
        id: row.id,
        clientId: row.client_id,
        reason: row.reason as EmergencyAccess['reason'],
        comment: row.comment,
        openedAt: row.opened_at.toISOString(),
        expiresAt: row.expires_at.toISOString(),
      };
    });
  }

  /** A notice to every active ADMIN, in the opening's transaction (pushed after its commit). */
  async notifyAdmins(
    trx: Transaction<Database>,
    staffId: number,
    clientId: number,
    reason: EmergencyReason,
  ): Promise<void> {
    const people = await trx
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name'])
      .where('id', 'in', [staffId, clientId])
      .execute();
    const name = (id: number) => {
      const p = people.find((u) => u.id === id);
      return p ? nameOf(p.first_name, p.last_name) : '';
    };
    const admins = await trx
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'ADMIN')
      .where('deactivated_at', 'is', null)
      .execute();
    const message = emergencyNotice(name(staffId), name(clientId), reason);
    for (const admin of admins) {
      await this.ctx.notifications.notify(admin.id, EMERGENCY_ACCESS_NOTICE_TYPE, message, trx);
    }
  }

  /** Emergency accesses not yet reviewed (ADMIN's menu count). */
  async unreviewed(): Promise<number> {
    const row = await this.ctx.db
      .selectFrom('emergency_accesses')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('reviewed_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Per access: each kind of log row written under it, with how many, most first (the opening
   * row itself is not something read).
   */
  async readUnder(
    ids: readonly number[],
  ): Promise<Map<number, { action: ActivityAction; count: number }[]>> {
    const out = new Map<number, { action: ActivityAction; count: number }[]>();
    if (ids.length === 0) return out;
    const result = await sql<{ access_id: number; action: ActivityAction; n: string }>`
      select (a.details->>'emergencyAccessId')::integer as access_id, a.action, count(*) as n
      from activity_log a
      where a.details ? 'emergencyAccessId'
        and (a.details->>'emergencyAccessId')::integer in (${sql.join([...ids])})
        and a.action not in ('EMERGENCY_ACCESS', 'EMERGENCY_ACCESS_CLOSED')
      group by 1, 2
      order by 1, count(*) desc, a.action`.execute(this.ctx.db);
    for (const r of result.rows) {
      const list = out.get(r.access_id) ?? [];
      list.push({ action: r.action, count: Number(r.n) });
      out.set(r.access_id, list);
    }
    return out;
  }
}
