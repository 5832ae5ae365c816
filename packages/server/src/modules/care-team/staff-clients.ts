// Care teams from the person's side (`/staff`, issue 35): the clients whose care team a staff
// member is in, and ADMIN adding her to one client's team or taking her out of it, so a clinic
// need not open every client. The change itself is the care-team editor's (service.ts
// `change`): one rule, one CARE_TEAM_CHANGED row naming the client.
import {
  maskPersonalNumber,
  STAFF_CLIENT_MESSAGES,
  STAFF_MESSAGES,
  type StaffClient,
  type StaffClients,
} from '@halsa/api/contract';
import { sql, type Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { MAX_DB_ID } from '../../db/ids.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { Actor, CareTeamService } from './service.ts';

type Db = Pick<Transaction<Database>, 'selectFrom'>;

export class StaffClientsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly teams: CareTeamService,
  ) {}

  /**
   * The staff account `id`: 404 when there is none, 400 for a client's account. With `lock`,
   * her row is locked, so a deactivation at the same moment waits for the change (or wins).
   */
  private async person(db: Db, id: number, lock = false) {
    let query = db
      .selectFrom('users')
      .select(['id', 'role', 'deactivated_at'])
      .where('id', '=', id);
    if (lock) query = query.forNoKeyUpdate();
    const row = id <= MAX_DB_ID ? await query.executeTakeFirst() : undefined;
    if (!row) throw notFound(STAFF_MESSAGES.notFound);
    if (row.role === 'USER') throw badRequest(STAFF_MESSAGES.notStaff);
    return row;
  }

  private clients(staffId: number, clientId?: number) {
    let query = this.ctx.db
      .selectFrom('care_team_members as m')
      .innerJoin('users as u', 'u.id', 'm.client_id')
      .leftJoin('client_profiles as p', 'p.user_id', 'u.id')
      .select(['u.id', 'u.first_name', 'u.last_name', 'p.social_security_number'])
      .where('m.staff_id', '=', staffId)
      .where('u.role', '=', 'USER');
    if (clientId !== undefined) query = query.where('u.id', '=', clientId);
    return query
      .orderBy(sql`lower(u.last_name)`)
      .orderBy(sql`lower(u.first_name)`)
      .orderBy('u.id');
  }

  private static toClient(r: {
    id: number;
    first_name: string;
    last_name: string;
    social_security_number: string | null;
  }): StaffClient {
    return {
      id: r.id,
      firstName: r.first_name,
      lastName: r.last_name,
      socialSecurityNumber: maskPersonalNumber(r.social_security_number),
    };
  }

  /** Her clients by name, the personal number masked as lists show it. */
  async list(staffId: number): Promise<StaffClients> {
    await this.person(this.ctx.db, staffId);
    const rows = await this.clients(staffId).execute();
    return { staffId, clients: rows.map(StaffClientsService.toClient) };
  }

  /** Puts her in the client's care team; a deactivated person is refused (400). */
  async add(staffId: number, clientId: number, actor: Actor): Promise<StaffClient> {
    await this.teams.requireClient(clientId);
    await this.teams.change(
      clientId,
      actor,
      (before) => (before.includes(staffId) ? before : [...before, staffId]),
      async (trx) => {
        const row = await this.person(trx, staffId, true);
        if (row.deactivated_at) throw badRequest(STAFF_CLIENT_MESSAGES.deactivated);
      },
    );
    const row = await this.clients(staffId, clientId).executeTakeFirstOrThrow();
    return StaffClientsService.toClient(row);
  }

  /** Takes her out of the client's care team (a deactivated person's too: tidying up). */
  async remove(staffId: number, clientId: number, actor: Actor): Promise<void> {
    await this.teams.requireClient(clientId);
    await this.teams.change(
      clientId,
      actor,
      (before) => before.filter((id) => id !== staffId),
      async (trx) => {
        await this.person(trx, staffId);
      },
    );
  }
}
