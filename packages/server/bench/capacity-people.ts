// bench:capacity's virtual users (issue 38 item 1): coaches (STAFF, each with her care team from
// capacity-seed.ts) and the seeded clients, each with her conversation with her coach, read from
// the kept database; and their sessions, written as login writes them (a random token, stored
// hashed) — a real login per user would only measure Argon2 and the rate limits. The sessions
// are the bench's own (user agent 'bench:capacity') and removed after the run.
import { sql } from 'kysely';
import type { Db } from '../src/db/index.ts';
import { newToken, sha256 } from '../src/security/tokens.ts';
import { SCALE_EMAIL_DOMAIN } from '../src/seed/scale.ts';
import type { Person } from './capacity-pages.ts';

const USER_AGENT = 'bench:capacity';

/**
 * `count` people, coaches interleaved with clients so that any first n of them hold about
 * `coachShare` coaches (a coach is reused, as a second tab, when there are more coach slots than
 * coaches).
 */
export async function loadPeople(db: Db, count: number, coachShare: number): Promise<Person[]> {
  const { rows: team } = await sql<{ client: number; staff: number; conversation: number }>`
    select m.client_id as client, m.staff_id as staff, c.id as conversation
    from care_team_members m
    join users u on u.id = m.client_id and u.email like ${`%@${SCALE_EMAIL_DOMAIN}`}
    join users s on s.id = m.staff_id and s.role = 'STAFF'
    join conversations c on c.user_low_id = least(m.client_id, m.staff_id)
                        and c.user_high_id = greatest(m.client_id, m.staff_id)
    order by m.client_id`.execute(db);
  if (team.length === 0)
    throw new Error('inga klienter i vårdteam med samtal: är databasen fylld?');
  const coaches = new Map<number, Person>();
  const clients: Person[] = [];
  const seen = new Set<number>();
  for (const r of team) {
    let coach = coaches.get(r.staff);
    if (!coach) {
      coach = { userId: r.staff, role: 'STAFF', token: '', clients: [], conversationOf: new Map() };
      coaches.set(r.staff, coach);
    }
    coach.clients!.push(r.client);
    coach.conversationOf!.set(r.client, r.conversation);
    if (seen.has(r.client)) continue;
    seen.add(r.client);
    clients.push({ userId: r.client, role: 'USER', token: '', conversationId: r.conversation });
  }
  // Clients spread over the teams (not the first team's first), coaches in a fixed order.
  clients.sort((a, b) => hash(a.userId) - hash(b.userId));
  const staff = [...coaches.values()];
  const people: Person[] = [];
  let c = 0;
  let s = 0;
  for (let i = 0; i < count; i++) {
    const isCoach = Math.floor((i + 1) * coachShare) > Math.floor(i * coachShare);
    if (isCoach) people.push({ ...staff[s++ % staff.length]! });
    else if (c < clients.length) people.push(clients[c++]!);
    else break;
  }
  return people;
}

const hash = (n: number) => (Math.imul(n, 2654435761) >>> 0) % 1_000_003;

/** A session's row as login writes it: the token stored hashed. */
export const sessionRow = (
  userId: number,
  token: string,
  now: Date,
  hours: number,
  userAgent = USER_AGENT,
) => ({
  id_hash: sha256(token),
  user_id: userId,
  created_at: now,
  last_seen_at: now,
  expires_at: new Date(now.getTime() + hours * 3600_000),
  ip_address: '127.0.0.1',
  user_agent: userAgent,
});

/** A session per person (a reused coach gets a session per tab), valid for `hours`. */
export async function writeSessions(db: Db, people: Person[], hours = 11): Promise<void> {
  const now = new Date();
  const rows = people.map((p) => {
    p.token = newToken();
    return sessionRow(p.userId, p.token, now, hours);
  });
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insertInto('sessions')
      .values(rows.slice(i, i + 1000))
      .execute();
  // Staff sign in by the e-mailed code here (design §4.17's rule off, as in the demo).
  await db.updateTable('clinic_settings').set({ staff_strong_required: false }).execute();
}

/**
 * The ADMIN's session of the FHIR batch (capacity-batch.ts), the bench's own like the others:
 * the demo ADMIN's cookie.
 */
export async function writeAdminSession(db: Db, hours = 11): Promise<string> {
  const admin = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'admin@example.com')
    .executeTakeFirstOrThrow();
  const token = newToken();
  await db
    .insertInto('sessions')
    .values(sessionRow(admin.id, token, new Date(), hours))
    .execute();
  return `halsa_session=${token}`;
}

/** The batch's clients: `count` seeded clients, spread over the teams (every k-th by id). */
export async function batchClients(db: Db, count: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    select id from users where email like ${`%@${SCALE_EMAIL_DOMAIN}`} order by id`.execute(db);
  const every = Math.max(1, Math.floor(rows.length / Math.max(1, count)));
  return rows
    .filter((_, i) => i % every === 0)
    .slice(0, count)
    .map((r) => r.id);
}

export async function removeSessions(db: Db): Promise<void> {
  await db.deleteFrom('sessions').where('user_agent', '=', USER_AGENT).execute();
}
