// Appointments (design §4.11, issue 13): STAFF/ADMIN book, move and cancel meetings with a
// client; the client is told by an APPOINTMENT notice written in the same transaction (pushed
// after commit through the outbox) and reads only her own meetings. Overlapping meetings of
// one client or one staff member are refused by the database (migration 0014) as a 409, and
// only the staff member who booked a meeting (or an ADMIN) may move or cancel it (issue 22).
import {
  APPOINTMENT_MESSAGES,
  APPOINTMENT_NOTIFICATION_TYPE,
  APPOINTMENT_PAGE,
  type Appointment,
  type AppointmentCreate,
  type AppointmentWindow,
  type AppointmentUpdate,
  type Role,
} from '@halsa/api/contract';
import { sql } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/index.ts';
import { MAX_DB_ID } from '../../db/ids.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { listScope } from '../../access/care-relation.ts';
import { reminderDueAt, type NoticeMails } from '../notice-mails/service.ts';
import type { NotificationService } from '../notifications/service.ts';

const COLUMNS = [
  'a.id',
  'a.client_user_id',
  'a.staff_user_id',
  'a.starts_at',
  'a.minutes',
  'a.place',
  'a.video_link',
  'a.note',
  'a.status',
  'c.first_name as client_first',
  'c.last_name as client_last',
  's.first_name as staff_first',
  's.last_name as staff_last',
] as const;

const fullName = (first: string, last: string) => `${first} ${last}`.trim();
const blank = (v: string | null | undefined) =>
  v === undefined || v === null || v === '' ? null : v;

/** Who is changing meetings: the signed-in STAFF or ADMIN. */
export type AppointmentActor = { userId: number; role: string };

/**
 * An exclusion constraint of migration 0014 refused the write (SQLSTATE 23P01): the 409 names
 * whose time is taken. Anything else is thrown on unchanged.
 */
function overlapError(error: unknown, staffId: number, actor: AppointmentActor): unknown {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  if (code !== '23P01') return error;
  if (constraint === 'appointments_client_overlap')
    return conflict(APPOINTMENT_MESSAGES.clientBusy);
  if (constraint === 'appointments_staff_overlap') {
    return conflict(
      staffId === actor.userId
        ? APPOINTMENT_MESSAGES.staffBusy
        : APPOINTMENT_MESSAGES.otherStaffBusy,
    );
  }
  return error;
}

export class AppointmentService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly notifications: NotificationService,
    /** The client's calendar invitation per change (design §4.16), in the same transaction. */
    private readonly mails?: Pick<NoticeMails, 'meetingChanged'>,
  ) {}

  private select() {
    return this.db
      .selectFrom('appointments as a')
      .innerJoin('users as c', 'c.id', 'a.client_user_id')
      .innerJoin('users as s', 's.id', 'a.staff_user_id')
      .select(COLUMNS);
  }

  /**
   * One page of a client's meetings, or (staff, no client named) of all that the viewer may see,
   * by start and id: the first `size` from `from` (by default now: the next upcoming ones) or
   * after (`from`, `afterId`), or the latest `size` before `before` or (`before`, `beforeId`).
   * Never every meeting ever (issue 38: ADMIN's list answered 50 000 at a chain's scale); the
   * (start, id) order is read by index (appointments_client_idx, appointments_starts_idx).
   */
  async list(
    clientId: number | null,
    viewer: { userId: number; role: Role },
    page: AppointmentWindow = {},
  ): Promise<Appointment[]> {
    let q = this.select();
    if (clientId !== null) q = q.where('a.client_user_id', '=', clientId);
    else {
      // A STAFF member's meetings start from her readable clients' ids, read by index
      // (listScope); the per-row care-team test read every meeting and every user
      // (bench:capacity --plans at 20 000 clients and 5 000 meetings, issue 38).
      const scope = await listScope(this.db, viewer, this.clock.now());
      q = q.where(scope(sql.ref('a.client_user_id')));
    }
    const size = page.size ?? APPOINTMENT_PAGE;
    // An id past int4 is after every meeting at that start (no row has one).
    const id = (v: number | undefined) => (v === undefined ? undefined : Math.min(v, MAX_DB_ID));
    if (page.before !== undefined) {
      const before = new Date(page.before);
      const beforeId = id(page.beforeId);
      q =
        beforeId === undefined
          ? q.where('a.starts_at', '<', before)
          : q.where(({ eb, refTuple, tuple }) =>
              eb(refTuple('a.starts_at', 'a.id'), '<', tuple(before, beforeId)),
            );
      const rows = await q
        .orderBy('a.starts_at', 'desc')
        .orderBy('a.id', 'desc')
        .limit(size)
        .execute();
      return rows.reverse().map(toAppointment);
    }
    const from = page.from !== undefined ? new Date(page.from) : this.clock.now();
    const afterId = id(page.afterId);
    q =
      afterId === undefined
        ? q.where('a.starts_at', '>=', from)
        : q.where(({ eb, refTuple, tuple }) =>
            eb(refTuple('a.starts_at', 'a.id'), '>', tuple(from, afterId)),
          );
    const rows = await q.orderBy('a.starts_at', 'asc').orderBy('a.id', 'asc').limit(size).execute();
    return rows.map(toAppointment);
  }

  /** The meeting's iCalendar SEQUENCE (0 when booked, one more per change). */
  async sequenceOf(id: number): Promise<number> {
    const row = await this.db
      .selectFrom('appointments')
      .select('sequence')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.sequence ?? 0;
  }

  /** The client a meeting is with (for the care-team check), or null when there is none. */
  async clientOf(id: number): Promise<number | null> {
    if (id > MAX_DB_ID) return null;
    const row = await this.db
      .selectFrom('appointments')
      .select('client_user_id')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.client_user_id ?? null;
  }

  /** One meeting; for a USER only her own (another's is "not found", nothing told). */
  async get(id: number, viewer: { userId: number; role: string }): Promise<Appointment> {
    const row = await this.select().where('a.id', '=', id).executeTakeFirst();
    if (!row || (viewer.role === 'USER' && row.client_user_id !== viewer.userId)) {
      throw notFound(APPOINTMENT_MESSAGES.notFound);
    }
    return toAppointment(row);
  }

  async create(input: AppointmentCreate, actor: AppointmentActor): Promise<Appointment> {
    const staffId = actor.userId;
    this.checkFields(input);
    const client = await this.db
      .selectFrom('users')
      .select(['role'])
      .where('id', '=', input.clientId)
      .executeTakeFirst();
    if (!client || client.role !== 'USER') throw badRequest(APPOINTMENT_MESSAGES.notClient);
    const now = this.clock.now();
    const id = await this.db
      .transaction()
      .execute(async (trx) => {
        const row = await trx
          .insertInto('appointments')
          .values({
            client_user_id: input.clientId,
            staff_user_id: staffId,
            starts_at: new Date(input.startsAt),
            minutes: input.minutes,
            place: blank(input.place),
            video_link: blank(input.videoLink),
            note: blank(input.note),
            status: 'BOOKED',
            created_at: now,
            updated_at: now,
            sequence: 0,
            reminder_due_at: reminderDueAt(new Date(input.startsAt), now),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await this.notifications.notify(
          input.clientId,
          APPOINTMENT_NOTIFICATION_TYPE,
          APPOINTMENT_MESSAGES.booked,
          trx,
        );
        await this.mails?.meetingChanged(trx, row.id, 'BOOKED');
        return row.id;
      })
      .catch((error: unknown) => {
        throw overlapError(error, staffId, actor);
      });
    await this.notifications.flush();
    return this.get(id, actor);
  }

  async update(
    id: number,
    input: AppointmentUpdate,
    actor: AppointmentActor,
  ): Promise<Appointment> {
    this.checkFields(input);
    const current = await this.changeable(id, actor);
    const startsAt = new Date(input.startsAt);
    // A new time gets its own reminder (24 h before it); the same time keeps the one it had.
    const moved = startsAt.getTime() !== new Date(current.startsAt).getTime();
    const now = this.clock.now();
    await this.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable('appointments')
          .set((eb) => ({
            ...(moved
              ? { reminder_due_at: reminderDueAt(startsAt, now), reminder_sent_at: null }
              : {}),
            sequence: eb('sequence', '+', 1),
            starts_at: startsAt,
            minutes: input.minutes,
            place: blank(input.place),
            video_link: blank(input.videoLink),
            note: blank(input.note),
            updated_at: now,
          }))
          .where('id', '=', id)
          .execute();
        await this.notifications.notify(
          current.clientId,
          APPOINTMENT_NOTIFICATION_TYPE,
          APPOINTMENT_MESSAGES.moved,
          trx,
        );
        await this.mails?.meetingChanged(trx, id, 'MOVED');
      })
      .catch((error: unknown) => {
        throw overlapError(error, current.staffId, actor);
      });
    await this.notifications.flush();
    return this.get(id, actor);
  }

  async cancel(id: number, actor: AppointmentActor): Promise<Appointment> {
    const current = await this.changeable(id, actor);
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('appointments')
        .set((eb) => ({
          status: 'CANCELLED',
          updated_at: this.clock.now(),
          sequence: eb('sequence', '+', 1),
          reminder_due_at: null,
        }))
        .where('id', '=', id)
        .execute();
      await this.notifications.notify(
        current.clientId,
        APPOINTMENT_NOTIFICATION_TYPE,
        APPOINTMENT_MESSAGES.cancelled,
        trx,
      );
      await this.mails?.meetingChanged(trx, id, 'CANCELLED');
    });
    await this.notifications.flush();
    return this.get(id, actor);
  }

  /**
   * The meeting, when `actor` may move or cancel it: the staff member who booked it, or an
   * ADMIN; another STAFF gets a 403. A cancelled meeting cannot change any more.
   */
  private async changeable(id: number, actor: AppointmentActor): Promise<Appointment> {
    const current = await this.get(id, actor);
    // The booker, an ADMIN, or a member of the client's care team (design §4.14).
    if (actor.role !== 'ADMIN' && current.staffId !== actor.userId) {
      const member = await this.db
        .selectFrom('care_team_members')
        .select('staff_id')
        .where('client_id', '=', current.clientId)
        .where('staff_id', '=', actor.userId)
        .executeTakeFirst();
      if (!member) throw forbidden(APPOINTMENT_MESSAGES.notYours);
    }
    if (current.status === 'CANCELLED') throw badRequest(APPOINTMENT_MESSAGES.alreadyCancelled);
    return current;
  }

  /** What the schema cannot know: the clock, and that a meeting has a place or a link. */
  private checkFields(input: AppointmentUpdate): void {
    if (new Date(input.startsAt).getTime() <= this.clock.now().getTime()) {
      throw badRequest(APPOINTMENT_MESSAGES.startInPast);
    }
    if (blank(input.place) === null && blank(input.videoLink) === null) {
      throw badRequest(APPOINTMENT_MESSAGES.placeOrLink);
    }
  }
}

type Row = {
  id: number;
  client_user_id: number;
  staff_user_id: number;
  starts_at: Date;
  minutes: number;
  place: string | null;
  video_link: string | null;
  note: string | null;
  status: 'BOOKED' | 'CANCELLED';
  client_first: string;
  client_last: string;
  staff_first: string;
  staff_last: string;
};

function toAppointment(row: Row): Appointment {
  return {
    id: row.id,
    clientId: row.client_user_id,
    clientName: fullName(row.client_first, row.client_last),
    staffId: row.staff_user_id,
    staffName: fullName(row.staff_first, row.staff_last),
    startsAt: new Date(row.starts_at).toISOString(),
    minutes: row.minutes,
    place: row.place,
    videoLink: row.video_link,
    note: row.note,
    status: row.status,
  };
}
