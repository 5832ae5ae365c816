// People of the clinic (design §4.14): staff accounts, roles, deactivation and unlocking (the
// clinic's care-team switch is modules/care-team's). Deactivating ends every session and live socket of the account at
// once, on every instance (sessions' invalidation channel and the live server's fan-out), and
// keeps her data and log rows; her next login is refused after the password check
// (auth/two-factor.ts). Nobody deactivates or demotes herself, or the last active ADMIN: the
// check runs with every active ADMIN row locked, so two ADMINs deactivating each other at once
// cannot both succeed.
import {
  STAFF_MESSAGES,
  type AccountState,
  type AccountStatus,
  type CreateStaffRequest,
  maskPersonalNumber,
  type StaffAccount,
  type StaffRole,
} from '@halsa/api/contract';
import { sql, type Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { isAccountLocked, unlockAccount } from '../../security/rate-limit.ts';
import { findUserByEmail, normalizeEmail } from '../auth/deps.ts';
import { MAX_DB_ID } from '../../db/ids.ts';
import { pnrLogHash } from '../eid/service.ts';

interface AccountRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  role: 'USER' | 'STAFF' | 'ADMIN';
  registration_status: 'INVITED' | 'REGISTERED';
  deactivated_at: Date | null;
  last_active_at: Date | null;
  personal_number: string | null;
  /** Clients whose care team she is in (the list's count); absent on a locked row. */
  client_count?: string | number | bigint | null;
}

const ACCOUNT_COLUMNS = [
  'id',
  'first_name',
  'last_name',
  'email',
  'role',
  'registration_status',
  'deactivated_at',
  'last_active_at',
  'personal_number',
] as const;

const statusOf = (r: AccountRow): AccountStatus =>
  r.deactivated_at ? 'INACTIVE' : r.registration_status === 'INVITED' ? 'INVITED' : 'ACTIVE';

export interface Actor {
  userId: number;
  ip: string | null;
}

export class StaffService {
  constructor(private readonly ctx: AppContext) {}

  private accounts() {
    return this.ctx.db
      .selectFrom('users')
      .select(ACCOUNT_COLUMNS)
      .select((eb) =>
        eb
          .selectFrom('care_team_members as m')
          .select(eb.fn.countAll<string>().as('n'))
          .whereRef('m.staff_id', '=', 'users.id')
          .as('client_count'),
      );
  }

  private async toAccount(r: AccountRow): Promise<StaffAccount> {
    return {
      id: r.id,
      firstName: r.first_name,
      lastName: r.last_name,
      email: r.email,
      role: r.role === 'ADMIN' ? 'ADMIN' : 'STAFF',
      status: statusOf(r),
      locked: await isAccountLocked(this.ctx, r.id),
      lastActive: r.last_active_at ? r.last_active_at.toISOString() : null,
      personalNumber: maskPersonalNumber(r.personal_number),
      clientCount: Number(r.client_count ?? 0),
    };
  }

  private async find(id: number): Promise<AccountRow> {
    const row =
      id <= MAX_DB_ID ? await this.accounts().where('id', '=', id).executeTakeFirst() : undefined;
    if (!row) throw notFound(STAFF_MESSAGES.notFound);
    return row;
  }

  /** Every STAFF and ADMIN account, by name. */
  async list(): Promise<StaffAccount[]> {
    const rows = await this.accounts()
      .where('role', 'in', ['STAFF', 'ADMIN'])
      .orderBy(sql`lower(last_name)`)
      .orderBy(sql`lower(first_name)`)
      .orderBy('id')
      .execute();
    return Promise.all(rows.map((r) => this.toAccount(r)));
  }

  async state(id: number): Promise<AccountState> {
    const row = await this.find(id);
    return { id, status: statusOf(row), locked: await isAccountLocked(this.ctx, id) };
  }

  /** A new STAFF or ADMIN without a password; she sets one from the mailed link (§4.3). */
  async create(input: CreateStaffRequest, actor: Actor): Promise<StaffAccount> {
    const email = normalizeEmail(input.email);
    if (await findUserByEmail(this.ctx.db, email)) throw conflict(STAFF_MESSAGES.emailTaken);
    const personalNumber = input.personalNumber || null;
    if (personalNumber && (await this.personalNumberTaken(personalNumber))) {
      throw conflict(STAFF_MESSAGES.personalNumberTaken);
    }
    const now = this.ctx.clock.now();
    const id = await this.ctx.db.transaction().execute(async (trx) => {
      const user = await trx
        .insertInto('users')
        .values({
          email,
          password_hash: null,
          role: input.role,
          first_name: input.firstName,
          last_name: input.lastName,
          image_file_id: null,
          registration_status: 'INVITED',
          created_at: now,
          updated_at: now,
          last_active_at: null,
          personal_number: personalNumber,
        })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!user) throw conflict(STAFF_MESSAGES.emailTaken);
      await this.ctx.activity.record(
        {
          action: 'STAFF_CREATED',
          actorUserId: actor.userId,
          subjectUserId: user.id,
          ip: actor.ip,
          details: { role: input.role },
        },
        trx,
      );
      return user.id;
    });
    await this.ctx.auth.sendPasswordLink(id, 'SET_PASSWORD', actor.userId);
    return this.toAccount(await this.find(id));
  }

  /** Whether a STAFF or ADMIN (other than `except`) has this personal number (§4.18: unique). */
  private async personalNumberTaken(
    pnr: string,
    except?: number,
    db: Pick<AppContext['db'], 'selectFrom'> = this.ctx.db,
  ): Promise<boolean> {
    let query = db.selectFrom('users').select('id').where('personal_number', '=', pnr);
    if (except !== undefined) query = query.where('id', '!=', except);
    return (await query.executeTakeFirst()) !== undefined;
  }

  /**
   * Sets, changes or clears (null) the own personal number of an existing STAFF or ADMIN, for
   * e-legitimation (§4.18). Logged with keyed hashes of the numbers, never the numbers.
   */
  async setPersonalNumber(id: number, pnr: string | null, actor: Actor): Promise<StaffAccount> {
    await this.ctx.db.transaction().execute(async (trx) => {
      const row = await this.lockAccount(trx, id);
      if (row.role === 'USER') throw badRequest(STAFF_MESSAGES.notStaff);
      if (row.personal_number === pnr) return;
      if (pnr && (await this.personalNumberTaken(pnr, id, trx))) {
        throw conflict(STAFF_MESSAGES.personalNumberTaken);
      }
      const updated = await trx
        .updateTable('users')
        .set({ personal_number: pnr, updated_at: this.ctx.clock.now() })
        .where('id', '=', id)
        // Two ADMINs giving one number to two people at once: the unique index decides.
        .executeTakeFirst()
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw conflict(STAFF_MESSAGES.personalNumberTaken);
          throw error;
        });
      if (!updated) return;
      const hash = (n: string | null) => (n ? pnrLogHash(this.ctx.config.sessionSecret, n) : null);
      await this.ctx.activity.record(
        {
          action: 'PERSONAL_NUMBER_CHANGED',
          actorUserId: actor.userId,
          subjectUserId: id,
          ip: actor.ip,
          details: { fromHash: hash(row.personal_number), toHash: hash(pnr) },
        },
        trx,
      );
    });
    return this.toAccount(await this.find(id));
  }

  /** STAFF ↔ ADMIN; never her own, never the last active ADMIN's. */
  async changeRole(id: number, role: StaffRole, actor: Actor): Promise<StaffAccount> {
    if (id === actor.userId) throw badRequest(STAFF_MESSAGES.self);
    await this.ctx.db.transaction().execute(async (trx) => {
      const admins = await this.lockActiveAdmins(trx);
      const row = await this.lockAccount(trx, id);
      if (row.role === 'USER') throw badRequest(STAFF_MESSAGES.notStaff);
      if (row.role === role) return;
      if (row.role === 'ADMIN') refuseLastAdmin(admins, id);
      await trx
        .updateTable('users')
        .set({ role, updated_at: this.ctx.clock.now() })
        .where('id', '=', id)
        .execute();
      await this.ctx.activity.record(
        {
          action: 'ROLE_CHANGED',
          actorUserId: actor.userId,
          subjectUserId: id,
          ip: actor.ip,
          details: { from: row.role, to: role },
        },
        trx,
      );
    });
    // Her sessions carry the role: every instance forgets them and reads the new one; her live
    // subscriptions are asked again with it (ADMIN → STAFF may lose clients outside her team).
    await this.ctx.sessions.forgetUser(id);
    await this.ctx.live.recheckAccess(id);
    return this.toAccount(await this.find(id));
  }

  /** Ends every session and socket at once, everywhere; keeps her data and log rows. */
  async deactivate(id: number, actor: Actor): Promise<AccountState> {
    if (id === actor.userId) throw badRequest(STAFF_MESSAGES.self);
    await this.ctx.db.transaction().execute(async (trx) => {
      const admins = await this.lockActiveAdmins(trx);
      const row = await this.lockAccount(trx, id);
      if (row.deactivated_at) return;
      if (row.role === 'ADMIN') refuseLastAdmin(admins, id);
      await trx
        .updateTable('users')
        .set({ deactivated_at: this.ctx.clock.now() })
        .where('id', '=', id)
        .execute();
      // A login code sent before cannot finish a login after.
      await trx
        .updateTable('two_factor_challenges')
        .set({ consumed_at: this.ctx.clock.now() })
        .where('user_id', '=', id)
        .where('consumed_at', 'is', null)
        .execute();
      await this.ctx.activity.record(
        {
          action: 'ACCOUNT_DEACTIVATED',
          actorUserId: actor.userId,
          subjectUserId: id,
          ip: actor.ip,
        },
        trx,
      );
    });
    await this.ctx.sessions.destroyAllForUser(id, 'DEACTIVATED');
    this.ctx.live.closeUser(id);
    return this.state(id);
  }

  async reactivate(id: number, actor: Actor): Promise<AccountState> {
    await this.ctx.db.transaction().execute(async (trx) => {
      const row = await this.lockAccount(trx, id);
      if (!row.deactivated_at) return;
      await trx.updateTable('users').set({ deactivated_at: null }).where('id', '=', id).execute();
      await this.ctx.activity.record(
        {
          action: 'ACCOUNT_REACTIVATED',
          actorUserId: actor.userId,
          subjectUserId: id,
          ip: actor.ip,
        },
        trx,
      );
    });
    return this.state(id);
  }

  /** Lifts every login lock of the account (security/rate-limit.ts). */
  async unlock(id: number, actor: Actor): Promise<AccountState> {
    await this.find(id);
    await unlockAccount(this.ctx, id);
    await this.ctx.activity.record({
      action: 'ACCOUNT_UNLOCKED',
      actorUserId: actor.userId,
      subjectUserId: id,
      ip: actor.ip,
    });
    return this.state(id);
  }

  private async lockAccount(trx: Transaction<Database>, id: number): Promise<AccountRow> {
    if (id > MAX_DB_ID) throw notFound(STAFF_MESSAGES.notFound);
    const row = await trx
      .selectFrom('users')
      .select(ACCOUNT_COLUMNS)
      .where('id', '=', id)
      .forNoKeyUpdate()
      .executeTakeFirst();
    if (!row) throw notFound(STAFF_MESSAGES.notFound);
    return row;
  }

  /**
   * Locks every active ADMIN row, in id order, before the account itself: two changes at once
   * then wait for each other in the same order (no deadlock) and the second sees the first's.
   */
  private async lockActiveAdmins(trx: Transaction<Database>): Promise<number[]> {
    const rows = await trx
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'ADMIN')
      .where('deactivated_at', 'is', null)
      .orderBy('id')
      .forNoKeyUpdate()
      .execute();
    return rows.map((r) => r.id);
  }
}

/** A unique index refused the change (PostgreSQL 23505). */
const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/** 409 when `id` is the only active ADMIN left. */
function refuseLastAdmin(activeAdmins: number[], id: number): void {
  if (activeAdmins.every((a) => a === id)) throw conflict(STAFF_MESSAGES.lastAdmin);
}
