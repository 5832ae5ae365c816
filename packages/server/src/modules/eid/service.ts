// The database side of an e-legitimation sign-in (design §4.18): the started sign-ins (state,
// nonce, PKCE verifier; consumed once, across instances) and the account a personal number
// belongs to.
import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Clock } from '../../clock.ts';
import { MINUTE } from '../../clock.ts';
import type { Db } from '../../db/index.ts';
import { sha256 } from '../../security/tokens.ts';

/** How long she has at the broker between 'Logga in med BankID' and the way back. */
export const EID_LOGIN_TTL_MS = 10 * MINUTE;

export interface PendingEidLogin {
  nonce: string;
  codeVerifier: string;
  returnTo: string;
}

export interface PnrAccount {
  id: number;
  deactivated: boolean;
}

/** A Swedish personal number as the broker sends it (12 digits, maybe with '-') → YYYYMMDD-NNNN. */
export function normalisePnr(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const digits = raw.trim().replace(/[-+]/, '');
  return /^\d{12}$/.test(digits) ? `${digits.slice(0, 8)}-${digits.slice(8)}` : null;
}

// Without SESSION_SECRET (never in production): one key per process, as the sessions' own.
const fallbackPnrKey = randomBytes(32);

/**
 * A personal number as the activity log keeps it: a keyed hash (the sign-in's refusals, /staff's
 * changes), so a copy of the log cannot list numbers but the same number gives the same hash.
 */
export function pnrLogHash(secret: string | undefined, pnr: string): string {
  return createHmac('sha256', secret ?? fallbackPnrKey)
    .update(`eid-pnr:${pnr}`)
    .digest('hex')
    .slice(0, 24);
}

export class EidLogins {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async remember(state: string, pending: PendingEidLogin): Promise<void> {
    const now = this.clock.now();
    // Rows of sign-ins that were never finished go when they have expired.
    await this.db.deleteFrom('eid_logins').where('expires_at', '<', now).execute();
    await this.db
      .insertInto('eid_logins')
      .values({
        state_hash: sha256(state),
        nonce: pending.nonce,
        code_verifier: pending.codeVerifier,
        return_to: pending.returnTo,
        created_at: now,
        expires_at: new Date(now.getTime() + EID_LOGIN_TTL_MS),
        consumed_at: null,
      })
      .execute();
  }

  /** The sign-in started with this state, once: a second use (a replay) or a late one finds nothing. */
  async consume(state: string): Promise<PendingEidLogin | undefined> {
    const now = this.clock.now();
    const row = await this.db
      .updateTable('eid_logins')
      .set({ consumed_at: now })
      .where('state_hash', '=', sha256(state))
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['nonce', 'code_verifier', 'return_to'])
      .executeTakeFirst();
    return row
      ? { nonce: row.nonce, codeVerifier: row.code_verifier, returnTo: row.return_to }
      : undefined;
  }

  /** Every account with this personal number: a client's (her profile) or a STAFF/ADMIN's own. */
  async accountsWithPnr(pnr: string): Promise<PnrAccount[]> {
    const rows = await this.db
      .selectFrom('users as u')
      .leftJoin('client_profiles as p', (j) =>
        j.onRef('p.user_id', '=', 'u.id').on('u.role', '=', 'USER'),
      )
      .select(['u.id', 'u.deactivated_at'])
      .where((eb) =>
        eb.or([
          eb('p.social_security_number', '=', pnr),
          eb.and([eb('u.role', '!=', 'USER'), eb('u.personal_number', '=', pnr)]),
        ]),
      )
      .execute();
    return rows.map((r) => ({ id: r.id, deactivated: r.deactivated_at !== null }));
  }

  async markActive(userId: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ last_active_at: this.clock.now() })
      .where('id', '=', userId)
      .execute();
  }

  /** The demo's people for the test broker's page: name and personal number, active or not. */
  async demoPeople(): Promise<Array<{ name: string; pnr: string; role: string }>> {
    const rows = await this.db
      .selectFrom('users as u')
      .leftJoin('client_profiles as p', 'p.user_id', 'u.id')
      .select([
        'u.first_name',
        'u.last_name',
        'u.role',
        sql<string | null>`coalesce(p.social_security_number, u.personal_number)`.as('pnr'),
      ])
      .where(sql<boolean>`coalesce(p.social_security_number, u.personal_number) is not null`)
      .where('u.deactivated_at', 'is', null)
      .orderBy('u.id')
      .limit(20)
      .execute();
    return rows.map((r) => ({ name: `${r.first_name} ${r.last_name}`, pnr: r.pnr!, role: r.role }));
  }
}
