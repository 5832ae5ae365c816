// A live subscription ends when the right that allowed it ends (issue 34 §1, design §4.14): a
// STAFF member subscribed to a client's `/topic/conversations/{id}/messages` stops receiving
// her messages at once when she leaves the care team, when her emergency access ends (4 hours,
// or closed when she joins the team), when ADMIN becomes STAFF, when the clinic setting
// 'Åtkomst endast via vårdteam' is turned on, and when she is deactivated; and each message
// pushed to staff on the topic is logged as a read of the client. Both databases; across two
// instances in live-access-cluster.test.ts.
import type { Message } from '@halsa/api/contract';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { HOUR } from '../src/clock.ts';
import type { Role } from '../src/db/schema.ts';
import {
  addToCareTeam,
  describeDb,
  insertUser,
  login,
  passwordHash,
  send,
  useTestApp,
} from './helpers.ts';
import { subscriber, until, type Subscriber } from './live-access-helpers.ts';
import { createConversation, markRead, sendText } from './messaging-helpers.ts';

const topic = (conversationId: number) => `/topic/conversations/${conversationId}/messages`;

describeDb('a live subscription ends with the right that allowed it', () => {
  const t = useTestApp();
  let host: string;
  let admin: string;
  const sockets: Subscriber[] = [];
  let n = 0;

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    host = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  beforeEach(async () => {
    // Some cases move the clock by hours: a fresh session each time.
    admin = await login(t, 'admin@example.com');
  });
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
  });

  interface Person {
    id: number;
    email: string;
    cookie: string;
  }
  async function person(role: Role): Promise<Person> {
    const email = `${role.toLowerCase()}-${++n}@example.com`;
    const { id } = await insertUser(t.db, {
      email,
      role,
      first: role === 'USER' ? 'Klara' : 'Petra',
      last: `Nummer ${n}`,
      passwordHash: await passwordHash(),
      at: t.clock.now(),
    });
    return { id, email, cookie: await login(t, email) };
  }
  /** A client and a staff member (in the client's care team or not), and their conversation. */
  async function pair(staffRole: Role, inTeam: boolean) {
    const klient = await person('USER');
    const staff = await person(staffRole);
    if (inTeam) await addToCareTeam(t.db, klient.id, staff.id);
    const created = await createConversation(t, klient.cookie, staff.id, 'Hej!');
    expect(created.statusCode, created.body).toBe(201);
    const conversationId = created.json<{ conversationId: number }>().conversationId;
    return { klient, staff, conversationId };
  }
  async function say(from: Person, to: Person, conversationId: number, content: string) {
    const res = await sendText(t, from.cookie, conversationId, { receiverId: to.id, content });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Message>();
  }
  async function listen(who: Person, conversationId: number) {
    const s = await subscriber(host, who.cookie, topic(conversationId));
    sockets.push(s);
    return s;
  }
  const contents = (s: Subscriber) => s.received.map((m) => m.content);
  const pushedRows = (staffId: number) =>
    t.db.db
      .selectFrom('activity_log')
      .select(['actor_user_id', 'subject_user_id', 'details'])
      .where('action', '=', 'MESSAGE_PUSHED')
      .where('actor_user_id', '=', staffId)
      .orderBy('id')
      .execute();

  it('removed from the care team (PUT care-team): no further message, the socket stays', async () => {
    const { klient, staff, conversationId } = await pair('STAFF', true);
    const s = await listen(staff, conversationId);
    await say(klient, staff, conversationId, 'Första');
    await until(() => s.received.length === 1);
    const subscriptions = t.app.live.stats().subscriptions;

    const put = await send(t, 'PUT', `/api/v1/admin/clients/${klient.id}/care-team`, {
      cookie: admin,
      body: { staffIds: [] },
    });
    expect(put.statusCode, put.body).toBe(200);
    await say(klient, staff, conversationId, 'Andra');
    await s.settle();
    expect(contents(s)).toEqual(['Första']);
    expect(t.app.live.stats().subscriptions).toBe(subscriptions - 1);
    // Only that subscription went: her socket (notifications, her own topics) stays open.
    expect(s.closes).toEqual([]);
  });

  it('emergency access: read and logged with its id while open, nothing after its 4 hours', async () => {
    const { klient, staff, conversationId } = await pair('STAFF', false);
    const opened = await send(t, 'POST', `/api/v1/admin/clients/${klient.id}/emergency-access`, {
      cookie: staff.cookie,
      body: { reason: 'URGENT_CARE' },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const access = opened.json<{ id: number }>();
    const s = await listen(staff, conversationId);
    const first = await say(klient, staff, conversationId, 'Första');
    await until(() => s.received.length === 1);
    await t.app.ctx.tasks.idle();
    expect(
      (await pushedRows(staff.id)).filter(
        (r) => (r.details as { destination?: string } | null)?.destination,
      ),
    ).toEqual([
      {
        actor_user_id: staff.id,
        subject_user_id: klient.id,
        details: {
          conversationId,
          messageId: first.id,
          destination: topic(conversationId),
          emergencyAccessId: access.id,
        },
      },
    ]);

    t.clock.advance(4 * HOUR + 1000);
    klient.cookie = await login(t, klient.email);
    await say(klient, staff, conversationId, 'Andra');
    await s.settle();
    expect(contents(s)).toEqual(['Första']);
  });

  it('emergency access closed early by joining the team: she reads on through the team, and stops when she leaves it', async () => {
    const { klient, staff, conversationId } = await pair('STAFF', false);
    const opened = await send(t, 'POST', `/api/v1/admin/clients/${klient.id}/emergency-access`, {
      cookie: staff.cookie,
      body: { reason: 'COVERING' },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const s = await listen(staff, conversationId);
    await say(klient, staff, conversationId, 'Första');
    await until(() => s.received.length === 1);

    const team = (staffIds: number[]) =>
      send(t, 'PUT', `/api/v1/admin/clients/${klient.id}/care-team`, {
        cookie: admin,
        body: { staffIds },
      });
    expect((await team([staff.id])).statusCode).toBe(200);
    const closed = await t.db.db
      .selectFrom('emergency_accesses')
      .select('expires_at')
      .where('id', '=', opened.json<{ id: number }>().id)
      .executeTakeFirstOrThrow();
    expect(closed.expires_at.getTime()).toBe(t.clock.now().getTime());
    await say(klient, staff, conversationId, 'Andra');
    await until(() => s.received.length === 2);
    // Past the end the access once had: her right rests on the team now.
    t.clock.advance(4 * HOUR + 1000);
    klient.cookie = await login(t, klient.email);
    admin = await login(t, 'admin@example.com');
    await say(klient, staff, conversationId, 'Tredje');
    await until(() => s.received.length === 3);

    expect((await team([])).statusCode).toBe(200);
    await say(klient, staff, conversationId, 'Fjärde');
    await s.settle();
    expect(contents(s)).toEqual(['Första', 'Andra', 'Tredje']);
  });

  it('ADMIN → STAFF outside the client’s team: no further message', async () => {
    const { klient, staff: colleague, conversationId } = await pair('ADMIN', false);
    const s = await listen(colleague, conversationId);
    await say(klient, colleague, conversationId, 'Första');
    await until(() => s.received.length === 1);

    const demoted = await send(t, 'PUT', `/api/v1/admin/users/${colleague.id}/role`, {
      cookie: admin,
      body: { role: 'STAFF' },
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    await say(klient, colleague, conversationId, 'Andra');
    await s.settle();
    expect(contents(s)).toEqual(['Första']);
  });

  it("'Åtkomst endast via vårdteam' turned on: staff outside the team stop receiving, the team reads on", async () => {
    const setting = (careTeamOnly: boolean) =>
      send(t, 'PUT', '/api/v1/admin/access-settings', { cookie: admin, body: { careTeamOnly } });
    expect((await setting(false)).statusCode).toBe(200);
    try {
      const outside = await pair('STAFF', false);
      const inside = await pair('STAFF', true);
      const sOutside = await listen(outside.staff, outside.conversationId);
      const sInside = await listen(inside.staff, inside.conversationId);
      await say(outside.klient, outside.staff, outside.conversationId, 'Första');
      await say(inside.klient, inside.staff, inside.conversationId, 'Första');
      await until(() => sOutside.received.length === 1 && sInside.received.length === 1);

      expect((await setting(true)).statusCode).toBe(200);
      await say(outside.klient, outside.staff, outside.conversationId, 'Andra');
      await say(inside.klient, inside.staff, inside.conversationId, 'Andra');
      await until(() => sInside.received.length === 2);
      await sOutside.settle();
      expect(contents(sOutside)).toEqual(['Första']);
      expect(contents(sInside)).toEqual(['Första', 'Andra']);
    } finally {
      await setting(true);
    }
  });

  it('deactivated: her socket closes and nothing more reaches her', async () => {
    const { klient, staff, conversationId } = await pair('STAFF', true);
    const s = await listen(staff, conversationId);
    await say(klient, staff, conversationId, 'Första');
    await until(() => s.received.length === 1);
    const off = await send(t, 'POST', `/api/v1/admin/users/${staff.id}/deactivate`, {
      cookie: admin,
      body: {},
    });
    expect(off.statusCode, off.body).toBe(200);
    await until(() => s.closes.length > 0);
    await say(klient, staff, conversationId, 'Andra');
    await s.settle();
    expect(contents(s)).toEqual(['Första']);
  });

  it('each client message pushed on the topic to staff is a logged read; her own messages and read markers are not', async () => {
    const { klient, staff, conversationId } = await pair('STAFF', true);
    const s = await listen(staff, conversationId);
    // Two tabs of hers: one row per message all the same.
    const s2 = await listen(staff, conversationId);
    const first = await say(klient, staff, conversationId, 'Hur ser mina värden ut?');
    await say(staff, klient, conversationId, 'Jag tittar på dem nu.');
    await until(() => s.received.length === 2 && s2.received.length === 2);
    // She marks the client's message read: the topic carries it again, marked read.
    expect((await markRead(t, staff.cookie, first.id)).statusCode).toBeLessThan(300);
    await until(() => s.received.length === 3 && s2.received.length === 3);
    await t.app.ctx.tasks.idle();
    const onTopic = (await pushedRows(staff.id)).filter(
      (r) => (r.details as { destination?: string } | null)?.destination,
    );
    expect(onTopic).toEqual([
      {
        actor_user_id: staff.id,
        subject_user_id: klient.id,
        details: { conversationId, messageId: first.id, destination: topic(conversationId) },
      },
    ]);
  });

  it('an access ended without a word (a row changed in the database) stops delivery within 10 s', async () => {
    const { klient, staff, conversationId } = await pair('STAFF', true);
    const s = await listen(staff, conversationId);
    await say(klient, staff, conversationId, 'Första');
    await until(() => s.received.length === 1);
    await t.db.db.deleteFrom('care_team_members').where('client_id', '=', klient.id).execute();
    t.clock.advance(10_001);
    await say(klient, staff, conversationId, 'Andra');
    await s.settle();
    expect(contents(s)).toEqual(['Första']);
  });
});
