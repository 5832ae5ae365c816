// Clients (spec §2.6, §3, §7 Administration): the client register as staff see it. A client is a
// user of role USER with her profile; the list is searched, sorted and paged in the database
// (design.md §4.13), so a clinic of tens of thousands never sends its whole register.
import {
  DEFAULT_PAGE_SIZE,
  type Client,
  type ClientListQuery,
  type ClientPage,
  maskPersonalNumber,
  type Role,
} from '@halsa/api/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { notFound } from '../../http/errors.ts';
import { everyRow, listScope, type ListScope } from '../../access/care-relation.ts';
import { MAX_DB_ID } from '../../db/ids.ts';

export const CLIENT_MESSAGES = {
  notFound: 'Klienten hittades inte.',
} as const;

type ClientRow = {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  registration_status: 'INVITED' | 'REGISTERED';
  created_at: Date;
  updated_at: Date;
  last_active_at: Date | null;
  social_security_number: string | null;
  street: string | null;
  city: string | null;
  phone_number: string | null;
  membership: string | null;
  package: string | null;
};

export function toClient(r: ClientRow): Client {
  return {
    id: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    socialSecurityNumber: r.social_security_number,
    street: r.street,
    city: r.city,
    phoneNumber: r.phone_number,
    email: r.email,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    membership: r.membership,
    package: r.package,
    lastActive: r.last_active_at ? r.last_active_at.toISOString() : null,
    registrationStatus: r.registration_status,
  };
}

/** A client as a list shows her: the personal number masked (design §4.14: `19850412-****`). */
const toListedClient = (r: ClientRow): Client => ({
  ...toClient(r),
  socialSecurityNumber: maskPersonalNumber(r.social_security_number),
});

type Viewer = { role: Role; userId: number };

/** `%`, `_` and `\` are literal in a search text. */
const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const CLIENT_COLUMNS = [
  'u.id',
  'u.email',
  'u.first_name',
  'u.last_name',
  'u.registration_status',
  'u.created_at',
  'u.updated_at',
  'u.last_active_at',
  'p.social_security_number',
  'p.street',
  'p.city',
  'p.phone_number',
  'p.membership',
  'p.package',
] as const;

export class ClientService {
  constructor(private readonly db: Db) {}

  private base() {
    return this.db
      .selectFrom('users as u')
      .leftJoin('client_profiles as p', 'p.user_id', 'u.id')
      .where('u.role', '=', 'USER');
  }

  /** Every client by name (spec §7's bare call); STAFF: her care team's (design §4.14). */
  async all(viewer: Viewer, now: Date): Promise<Client[]> {
    const scope = await listScope(this.db, viewer, now);
    const rows = await this.base()
      .where(scope(sql.ref('u.id')))
      .select(CLIENT_COLUMNS)
      .orderBy(sql`lower(u.last_name)`)
      .orderBy(sql`lower(u.first_name)`)
      .orderBy('u.id')
      .execute();
    return rows.map(toListedClient);
  }

  /**
   * Only `users`: the filter of a page. Every word of the search in name or e-mail, in any order
   * ('johansson karin'), or the digits in the personal number. The two texts are exactly the
   * expressions of migration 0005's trigram indexes, so a selective search reads only the rows
   * that can match; with digits, the two searches are a union of ids, each through its index,
   * rather than an OR the planner can only answer by lower-casing every client.
   */
  private matching(query: ClientListQuery, scope: ListScope) {
    let users = this.db
      .selectFrom('users as u')
      .where('u.role', '=', 'USER')
      .where(scope(sql.ref('u.id')));
    const q = query.q?.trim();
    if (q) {
      const words = q.split(/\s+/).filter(Boolean);
      const digits = q.replace(/[^0-9]/g, '');
      const nameOrEmail = (alias: 'u' | 'w') =>
        sql`lower(${sql.ref(`${alias}.first_name`)} || ' ' || ${sql.ref(`${alias}.last_name`)} || ' ' || ${sql.ref(`${alias}.email`)})`;
      if (digits.length >= 4) {
        users = users.where((eb) =>
          eb(
            'u.id',
            'in',
            eb
              .selectFrom('users as w')
              .select('w.id')
              .where((w) =>
                w.and(words.map((word) => w(nameOrEmail('w'), 'like', likePattern(word)))),
              )
              .unionAll(
                eb
                  .selectFrom('client_profiles as sp')
                  .select('sp.user_id as id')
                  .where(sql`replace(sp.social_security_number, '-', '')`, 'like', `%${digits}%`),
              ),
          ),
        );
      } else {
        users = users.where((eb) =>
          eb.and(words.map((word) => eb(nameOrEmail('u'), 'like', likePattern(word)))),
        );
      }
    }
    if (query.status) users = users.where('u.registration_status', '=', query.status);
    return users;
  }

  /**
   * One page: `q` in name, personal number or e-mail; sorted; `total` of all that match. The
   * page's ids are chosen on `users` alone and only they get their profile: a STAFF member's
   * care team (about 400 ids by array) read every client's profile before the sort kept 25
   * (bench:capacity, issue 38). Neither lower-cases more than it must.
   * - Every client (ADMIN, or the setting off): the page and the count are two queries side by
   *   side: the page stops after `size` rows along the sort's index, the count reads only the
   *   users table.
   * - A STAFF member's readable clients (a few hundred): the sort reads them all anyway, so the
   *   count is taken in the same statement (`count(*) over ()` before the limit), not by reading
   *   them again in a second one (bench:capacity: 16 + 7 ms of the database's time a list at
   *   200 000 clients). Only a page past the end, which has no row to carry it, counts apart.
   */
  async page(query: ClientListQuery, viewer: Viewer, now: Date): Promise<ClientPage> {
    const page = query.page ?? 1;
    const size = query.size ?? DEFAULT_PAGE_SIZE;
    const order = query.order ?? (query.sort === 'lastActive' ? 'desc' : 'asc');
    const scope = await listScope(this.db, viewer, now);
    const dir = sql.raw(order === 'desc' ? 'desc' : 'asc');
    const sortBy =
      query.sort === 'lastActive'
        ? [sql`u.last_active_at ${dir} nulls last`]
        : query.sort === 'createdAt'
          ? [sql`u.created_at ${dir}`]
          : [sql`lower(u.last_name) ${dir}`, sql`lower(u.first_name) ${dir}`];
    const count = () =>
      this.matching(query, scope)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
        .then((c) => Number(c.n));
    let pageIds = this.matching(query, scope).select('u.id');
    let rows = this.base().select(CLIENT_COLUMNS);
    for (const by of [...sortBy, sql`u.id ${dir}`]) {
      pageIds = pageIds.orderBy(by);
      rows = rows.orderBy(by);
    }
    const ids = pageIds.limit(size).offset((page - 1) * size);
    if (scope === everyRow) {
      const [items, total] = await Promise.all([rows.where('u.id', 'in', ids).execute(), count()]);
      return { items: items.map(toListedClient), total, page, size };
    }
    const withTotal = ids.select(sql<string>`count(*) over ()`.as('total')).as('pg');
    const items = await rows.innerJoin(withTotal, 'pg.id', 'u.id').select('pg.total').execute();
    const total = items[0] ? Number(items[0].total) : page > 1 ? await count() : 0;
    return { items: items.map(toListedClient), total, page, size };
  }

  /** One client, or 404 'Klienten hittades inte.' (a staff or admin id is not a client). */
  async get(id: number): Promise<Client> {
    const row =
      id <= MAX_DB_ID
        ? await this.base().select(CLIENT_COLUMNS).where('u.id', '=', id).executeTakeFirst()
        : undefined;
    if (!row) throw notFound(CLIENT_MESSAGES.notFound);
    return toClient(row);
  }

  /** 404 unless `id` is a client. */
  async require(id: number): Promise<void> {
    const row =
      id <= MAX_DB_ID
        ? await this.base().select('u.id').where('u.id', '=', id).executeTakeFirst()
        : undefined;
    if (!row) throw notFound(CLIENT_MESSAGES.notFound);
  }
}
