// Care teams, emergency access and ADMIN's follow-up of the log (design §4.14). Who may read a
// client is decided in SQL (access/care-relation.ts); this file keeps the teams, opens emergency
// accesses, finds a client by her whole personal number and gathers 'Logguppföljning'.
import {
  EMERGENCY_ACCESS_HOURS,
  EMERGENCY_MESSAGES,
  MANY_CLIENTS_PER_DAY,
  maskPersonalNumber,
  type AccessPattern,
  type AccessReview,
  type CareTeam,
  type CareTeamSetting,
  type ClientLookup,
  type EmergencyAccess,
  type EmergencyAccessRequest,
  type EmergencyAccessReview,
  type Role,
} from '@halsa/api/contract';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AppContext } from '../../context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { CLIENT_MESSAGES } from '../clients/service.ts';
import { MAX_DB_ID } from '../../db/ids.ts';
import { EmergencyAccesses } from './emergency.ts';

export const CARE_TEAM_MESSAGES = {
  notStaff: 'Vårdteamet kan bara innehålla aktiv personal.',
  notClient: CLIENT_MESSAGES.notFound,
  alreadyReviewed: 'Nödåtkomsten är redan granskad.',
  accessNotFound: 'Nödåtkomsten hittades inte.',
  stillOpen: EMERGENCY_MESSAGES.reviewStillOpen,
  ownAccess: EMERGENCY_MESSAGES.reviewOwnAccess,
} as const;

const HOUR_MS = 3_600_000;
/** How far back 'Logguppföljning' looks for patterns, and lists reviewed accesses. */
const REVIEW_DAYS = 30;
/** The most patterns 'Logguppföljning' lists. */
const PATTERN_LIMIT = 500;
/**
 * What makes a staff-day a pattern, as migration 0040's partial indexes say it (literals: an
 * index predicate takes no parameter; test/review-pattern-indexes.test.ts keeps them equal).
 */
export const PATTERN_PREDICATES = {
  OUTSIDE_CARE_TEAM: 'd.outside_clients > 0',
  MANY_CLIENTS: `d.clients > ${MANY_CLIENTS_PER_DAY}`,
} as const satisfies Record<AccessPattern['kind'], string>;

export interface Actor {
  userId: number;
  role: Role;
  ip: string | null;
}

const nameOf = (first: string, last: string) => `${first} ${last}`.trim();

export class CareTeamService {
  private readonly emergency: EmergencyAccesses;
  constructor(private readonly ctx: AppContext) {
    this.emergency = new EmergencyAccesses(ctx);
  }

  /** 404 unless `id` is a client. */
  async requireClient(id: number): Promise<void> {
    const row =
      id <= MAX_DB_ID
        ? await this.ctx.db
            .selectFrom('users')
            .select('id')
            .where('id', '=', id)
            .where('role', '=', 'USER')
            .executeTakeFirst()
        : undefined;
    if (!row) throw notFound(CARE_TEAM_MESSAGES.notClient);
  }

  async get(clientId: number): Promise<CareTeam> {
    await this.requireClient(clientId);
    const rows = await this.ctx.db
      .selectFrom('care_team_members as m')
      .innerJoin('users as u', 'u.id', 'm.staff_id')
      .select(['u.id', 'u.first_name', 'u.last_name', 'u.role'])
      .where('m.client_id', '=', clientId)
      .orderBy(sql`lower(u.last_name)`)
      .orderBy(sql`lower(u.first_name)`)
      .execute();
    return {
      clientId,
      staff: rows.map((r) => ({
        id: r.id,
        firstName: r.first_name,
        lastName: r.last_name,
        role: r.role === 'ADMIN' ? 'ADMIN' : 'STAFF',
      })),
    };
  }

  /** Replaces the team with `staffIds` (active STAFF or ADMIN accounts), logged with the change. */
  async set(clientId: number, staffIds: number[], actor: Actor): Promise<CareTeam> {
    await this.requireClient(clientId);
    const wanted = [...new Set(staffIds)];
    await this.change(
      clientId,
      actor,
      () => wanted,
      async (trx) => {
        if (wanted.length === 0) return;
        const staff = await trx
          .selectFrom('users')
          .select('id')
          .where(
            'id',
            'in',
            wanted.filter((id) => id <= MAX_DB_ID),
          )
          .where('role', 'in', ['STAFF', 'ADMIN'])
          .where('deactivated_at', 'is', null)
          .execute();
        if (staff.length !== wanted.length) throw badRequest(CARE_TEAM_MESSAGES.notStaff);
      },
    );
    return this.get(clientId);
  }

  /**
   * Changes one client's team in one transaction: `check` runs first (it may refuse), then `plan`
   * gets the members before and answers the members wanted. Logged as CARE_TEAM_CHANGED with who
   * was added and removed; nothing is written when nothing changes. The client page's editor
   * (`set`) and `/staff`'s person side (staff-clients.ts) both come here, so both follow one rule.
   */
  async change(
    clientId: number,
    actor: Actor,
    plan: (before: number[]) => number[],
    check?: (trx: Transaction<Database>) => Promise<void>,
  ): Promise<void> {
    const changed = await this.ctx.db.transaction().execute(async (trx) => {
      await check?.(trx);
      // The client's row locked: two editors of one team take turns.
      await trx
        .selectFrom('users')
        .select('id')
        .where('id', '=', clientId)
        .forNoKeyUpdate()
        .execute();
      const before = (
        await trx
          .selectFrom('care_team_members')
          .select('staff_id')
          .where('client_id', '=', clientId)
          .execute()
      ).map((r) => r.staff_id);
      const wanted = plan(before);
      const added = wanted.filter((id) => !before.includes(id));
      const removed = before.filter((id) => !wanted.includes(id));
      if (added.length === 0 && removed.length === 0) return [];
      if (removed.length > 0)
        await trx
          .deleteFrom('care_team_members')
          .where('client_id', '=', clientId)
          .where('staff_id', 'in', removed)
          .execute();
      const now = this.ctx.clock.now();
      if (added.length > 0)
        await trx
          .insertInto('care_team_members')
          .values(
            added.map((staffId) => ({
              client_id: clientId,
              staff_id: staffId,
              added_by: actor.userId,
              added_at: now,
            })),
          )
          .execute();
      // Joining the team ends her emergency access to the client: from now on she reads her
      // through the team, and the access's rows stop at the moment it was no longer needed.
      if (added.length > 0)
        await trx
          .updateTable('emergency_accesses')
          .set({ expires_at: now })
          .where('client_id', '=', clientId)
          .where('staff_id', 'in', added)
          .where('opened_at', '<=', now)
          .where('expires_at', '>', now)
          .execute();
      await this.ctx.activity.record(
        {
          action: 'CARE_TEAM_CHANGED',
          actorUserId: actor.userId,
          subjectUserId: clientId,
          ip: actor.ip,
          details: { added, removed },
        },
        trx,
      );
      return [...added, ...removed];
    });
    // Their live subscriptions are asked again at once, on every instance: one who left the team
    // stops receiving the client's messages; one who joined it reads her through the team now,
    // not through the emergency access that just closed.
    for (const staffId of changed) await this.ctx.live.recheckAccess(staffId);
  }

  /** 'Nödåtkomst': opens the client to this STAFF member for 4 hours, logged with its reason. */
  async openEmergency(
    clientId: number,
    input: EmergencyAccessRequest,
    actor: Actor,
  ): Promise<EmergencyAccess> {
    if (actor.role !== 'STAFF') throw badRequest(EMERGENCY_MESSAGES.notStaff);
    await this.requireClient(clientId);
    const now = this.ctx.clock.now();
    const comment = input.comment?.trim() || null;
    const opened = await this.ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('emergency_accesses')
        .values({
          staff_id: actor.userId,
          client_id: clientId,
          reason: input.reason,
          comment,
          opened_at: now,
          expires_at: new Date(now.getTime() + EMERGENCY_ACCESS_HOURS * HOUR_MS),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      // record() adds the access's id to the row (it is open now).
      await this.ctx.activity.record(
        {
          action: 'EMERGENCY_ACCESS',
          actorUserId: actor.userId,
          subjectUserId: clientId,
          ip: actor.ip,
          details: { reason: input.reason, ...(comment ? { comment } : {}) },
        },
        trx,
      );
      // Every ADMIN is told at once (design §4.20); pushed after the commit below.
      await this.emergency.notifyAdmins(trx, actor.userId, clientId, input.reason);
      return {
        id: row.id,
        clientId,
        reason: row.reason as EmergencyAccess['reason'],
        comment: row.comment,
        openedAt: row.opened_at.toISOString(),
        expiresAt: row.expires_at.toISOString(),
      };
    });
    await this.ctx.outbox.kick();
    return opened;
  }

  /** A client by her whole personal number: her name, and whether she is in the caller's team. */
  async lookup(personalNumber: string, viewer: Actor): Promise<ClientLookup> {
    const digits = personalNumber.replace('-', '');
    const ssn = `${digits.slice(0, 8)}-${digits.slice(8)}`;
    const row = await this.ctx.db
      .selectFrom('client_profiles as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select(['u.id', 'u.first_name', 'u.last_name'])
      .select(
        viewer.role === 'STAFF'
          ? sql<boolean>`exists (select 1 from care_team_members m
              where m.staff_id = ${viewer.userId} and m.client_id = u.id)`.as('in_team')
          : sql<boolean>`true`.as('in_team'),
      )
      .where('p.social_security_number', '=', ssn)
      .where('u.role', '=', 'USER')
      .executeTakeFirst();
    if (!row) {
      // A search that finds nobody is logged too (issue 34), without the number in clear: it
      // may be anyone's, and the log is read by every ADMIN.
      await this.ctx.activity.record({
        action: 'CLIENT_LOOKED_UP',
        actorUserId: viewer.userId,
        ip: viewer.ip,
        details: { personalNumber: maskPersonalNumber(ssn), found: false },
      });
      throw notFound(CARE_TEAM_MESSAGES.notClient);
    }
    return {
      id: row.id,
      firstName: row.first_name,
      lastName: row.last_name,
      inCareTeam: row.in_team,
    };
  }

  // ---- Logguppföljning ----------------------------------------------------------------------

  async review(reviewed: boolean): Promise<AccessReview> {
    const since = new Date(this.ctx.clock.now().getTime() - REVIEW_DAYS * 24 * HOUR_MS);
    let accesses = this.ctx.db
      .selectFrom('emergency_accesses as e')
      .innerJoin('users as s', 's.id', 'e.staff_id')
      .innerJoin('users as c', 'c.id', 'e.client_id')
      .leftJoin('users as r', 'r.id', 'e.reviewed_by')
      .select([
        'e.id',
        'e.client_id',
        'e.reason',
        'e.comment',
        'e.opened_at',
        'e.expires_at',
        'e.reviewed_at',
        'e.review_comment',
        's.id as staff_id',
        's.first_name as staff_first',
        's.last_name as staff_last',
        'c.first_name as client_first',
        'c.last_name as client_last',
        'r.first_name as reviewer_first',
        'r.last_name as reviewer_last',
      ])
      .select(
        sql<string>`(select count(*) from activity_log a
          where a.details ? 'emergencyAccessId'
            and (a.details->>'emergencyAccessId')::integer = e.id)`.as('rows'),
      );
    accesses = reviewed
      ? accesses.where('e.reviewed_at', 'is not', null).where('e.reviewed_at', '>=', since)
      : accesses.where('e.reviewed_at', 'is', null);
    const rows = await accesses.orderBy('e.opened_at', 'desc').limit(200).execute();
    const read = await this.emergency.readUnder(rows.map((r) => r.id));
    return {
      emergencyAccesses: rows.map((r): EmergencyAccessReview => ({
        id: r.id,
        clientId: r.client_id,
        reason: r.reason as EmergencyAccessReview['reason'],
        comment: r.comment,
        openedAt: r.opened_at.toISOString(),
        expiresAt: r.expires_at.toISOString(),
        staff: { id: r.staff_id, name: nameOf(r.staff_first, r.staff_last) },
        client: { id: r.client_id, name: nameOf(r.client_first, r.client_last) },
        rows: Number(r.rows),
        read: read.get(r.id) ?? [],
        reviewedAt: r.reviewed_at ? r.reviewed_at.toISOString() : null,
        reviewedBy:
          r.reviewer_first !== null ? nameOf(r.reviewer_first, r.reviewer_last ?? '') : null,
        reviewComment: r.review_comment,
      })),
      patterns: reviewed ? [] : await this.patterns(since),
    };
  }

  /**
   * Per staff member and Swedish day: reads of clients outside her care team (not under an
   * emergency access, which is listed on its own), and days with more than 50 distinct clients.
   * Read from the days the log's trigger keeps (migration 0034: a row per staff member and day,
   * counted as each read is written), not from the month's log rows; the window is whole Swedish
   * days, from the day 30 days ago. Each kind is read newest first by its own partial index
   * (migration 0040), at most 500, so the list reads its patterns and not every staff-day of
   * the month; the two predicates are literals there and here, as an index needs.
   */
  private async patterns(since: Date): Promise<AccessPattern[]> {
    const from = sql`(${since}::timestamptz at time zone 'Europe/Stockholm')::date`;
    const kind = (name: AccessPattern['kind'], clients: 'outside_clients' | 'clients') =>
      sql`(select ${sql.lit(name)} as kind, d.staff_id, d.day, d.${sql.ref(clients)} as clients
           from staff_read_days d
           where d.day >= ${from} and ${sql.raw(PATTERN_PREDICATES[name])}
           order by d.day desc, d.staff_id limit ${sql.lit(PATTERN_LIMIT)})`;
    const result = await sql<{
      kind: AccessPattern['kind'];
      staff_id: number;
      first_name: string;
      last_name: string;
      day: string;
      clients: number;
    }>`
      select p.kind, p.staff_id, u.first_name, u.last_name, to_char(p.day, 'YYYY-MM-DD') as day,
             p.clients
      from (${kind('OUTSIDE_CARE_TEAM', 'outside_clients')}
            union all ${kind('MANY_CLIENTS', 'clients')}) p
      join users u on u.id = p.staff_id
      order by p.day desc, p.kind, p.staff_id
      limit ${sql.lit(PATTERN_LIMIT)}`.execute(this.ctx.db);
    return result.rows.map((r) => ({
      kind: r.kind,
      staff: { id: r.staff_id, name: nameOf(r.first_name, r.last_name) },
      day: r.day,
      clients: Number(r.clients),
    }));
  }

  /**
   * 'Granskad' with a comment: closes the access on the review page (logged). Only once the
   * access has closed (expired, or ended when she joined the team), so every read under it is
   * in what is reviewed, and never by the person who used it (design §4.20), whatever her role
   * is now.
   */
  /** The clinic's care-team switch 'Åtkomst endast via vårdteam'. */
  async careTeamSetting(): Promise<CareTeamSetting> {
    const row = await this.ctx.db
      .selectFrom('clinic_settings')
      .select('care_team_only')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    return { careTeamOnly: row.care_team_only };
  }

  async updateCareTeamSetting(input: CareTeamSetting, actor: Actor): Promise<CareTeamSetting> {
    await this.ctx.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('clinic_settings')
        .select('care_team_only')
        .where('id', '=', 1)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (before.care_team_only === input.careTeamOnly) return;
      await trx
        .updateTable('clinic_settings')
        .set({
          care_team_only: input.careTeamOnly,
          updated_by: actor.userId,
          updated_at: this.ctx.clock.now(),
        })
        .where('id', '=', 1)
        .execute();
      await this.ctx.activity.record(
        {
          action: 'ACCESS_SETTING_CHANGED',
          actorUserId: actor.userId,
          ip: actor.ip,
          details: { careTeamOnly: input.careTeamOnly },
        },
        trx,
      );
    });
    // Who may read whom changed for every STAFF member: every live subscription is asked again.
    await this.ctx.live.recheckAccess();
    return this.careTeamSetting();
  }

  async markReviewed(id: number, comment: string, actor: Actor): Promise<EmergencyAccessReview> {
    if (id > MAX_DB_ID) throw notFound(CARE_TEAM_MESSAGES.accessNotFound);
    await this.ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('emergency_accesses')
        .select(['client_id', 'staff_id', 'expires_at', 'reviewed_at'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw notFound(CARE_TEAM_MESSAGES.accessNotFound);
      if (row.reviewed_at) throw conflict(CARE_TEAM_MESSAGES.alreadyReviewed);
      if (row.staff_id === actor.userId) throw forbidden(CARE_TEAM_MESSAGES.ownAccess);
      if (row.expires_at > this.ctx.clock.now()) throw conflict(CARE_TEAM_MESSAGES.stillOpen);
      await trx
        .updateTable('emergency_accesses')
        .set({
          reviewed_at: this.ctx.clock.now(),
          reviewed_by: actor.userId,
          review_comment: comment,
        })
        .where('id', '=', id)
        .execute();
      await this.ctx.activity.record(
        {
          action: 'EMERGENCY_ACCESS_REVIEWED',
          actorUserId: actor.userId,
          subjectUserId: row.client_id,
          ip: actor.ip,
          details: { emergencyAccessReviewed: id },
        },
        trx,
      );
    });
    const reviewed = await this.review(true);
    const found = reviewed.emergencyAccesses.find((a) => a.id === id);
    if (!found) throw notFound(CARE_TEAM_MESSAGES.accessNotFound);
    return found;
  }
}
