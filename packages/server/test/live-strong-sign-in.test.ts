// The clinic's staff rule on the live endpoint (issue 32, design §4.17): a STAFF or ADMIN who must
// set up a passkey or an authenticator app subscribes to no client's conversation topic nor to her
// conversation summaries, and when ADMIN turns the rule on or resets her methods, the
// subscriptions she holds stop at once. A client is not held back. Both databases.
import { Client } from '@stomp/stompjs';
import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import { afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import type { Role } from '../src/db/schema.ts';
import {
  addToCareTeam,
  describeDb,
  insertUser,
  login,
  passwordHash,
  PUBLIC_URL,
  send,
  useTestApp,
} from './helpers.ts';
import { subscriber, until, type Subscriber } from './live-access-helpers.ts';
import { createConversation, sendText } from './messaging-helpers.ts';
import { addTotp } from './strong-sign-in-helpers.ts';
import { setStaffStrongRule } from './staff-rule.ts';

const topic = (conversationId: number) => `/topic/conversations/${conversationId}/messages`;
const summaries = (userId: number) => `/topic/users/${userId}/conversations`;

/** SUBSCRIBE with a RECEIPT: 'granted' on the receipt, 'refused' on the server's ERROR. */
async function trySubscribe(host: string, cookie: string, destination: string) {
  let client!: Client;
  const answer = await new Promise<'granted' | 'refused'>((resolve) => {
    client = new Client({
      webSocketFactory: () =>
        new WebSocket(`ws://${host}/ws`, ['v12.stomp'], {
          headers: { cookie, origin: PUBLIC_URL },
        }),
      reconnectDelay: 0,
      heartbeatIncoming: 0,
      heartbeatOutgoing: 0,
      debug: () => {},
      onStompError: () => resolve('refused'),
      onConnect: () => {
        client.watchForReceipt('r', () => resolve('granted'));
        client.subscribe(destination, () => {}, { receipt: 'r' });
      },
    });
    client.activate();
  });
  await client.deactivate({ force: true });
  return answer;
}

describeDb('the staff rule on the live endpoint', () => {
  const t = useTestApp();
  let host: string;
  let admin: string;
  const sockets: Subscriber[] = [];
  let n = 0;

  const setRule = (on: boolean) =>
    send(t, 'PUT', '/api/v1/admin/sign-in-settings', {
      cookie: admin,
      body: { staffStrongSignIn: on, clientEmailCode: true },
    });

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    host = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  beforeEach(async () => {
    admin = await login(t, 'admin@example.com');
    expect((await setRule(false)).statusCode).toBe(200);
  });
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
    await t.db.db.deleteFrom('sign_in_methods').execute();
    await setStaffStrongRule(t.db.db, false);
  });

  async function person(role: Role) {
    const email = `mfa-${role.toLowerCase()}-${++n}@example.com`;
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
  /** A client, a STAFF member of her care team, their conversation and everyone listening. */
  async function listening() {
    const klient = await person('USER');
    const staff = await person('STAFF');
    await addToCareTeam(t.db, klient.id, staff.id);
    const created = await createConversation(t, klient.cookie, staff.id, 'Hej!');
    expect(created.statusCode, created.body).toBe(201);
    const conversationId = created.json<{ conversationId: number }>().conversationId;
    const listen = async (cookie: string, destination: string) => {
      const s = await subscriber(host, cookie, destination);
      sockets.push(s);
      return s;
    };
    const ears = {
      staffTopic: await listen(staff.cookie, topic(conversationId)),
      staffSummaries: await listen(staff.cookie, summaries(staff.id)),
      klientTopic: await listen(klient.cookie, topic(conversationId)),
      klientSummaries: await listen(klient.cookie, summaries(klient.id)),
    };
    const say = async (content: string) => {
      const res = await sendText(t, klient.cookie, conversationId, {
        receiverId: staff.id,
        content,
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    await say('Första');
    await until(() => Object.values(ears).every((s) => s.received.length === 1));
    return { klient, staff, conversationId, ears, say };
  }

  it('turned on: staff without a strong method stops receiving the topic and her summaries; the client reads on', async () => {
    const { staff, conversationId, ears, say } = await listening();
    expect((await setRule(true)).statusCode).toBe(200);
    await say('Andra');
    await until(() => ears.klientTopic.received.length === 2);
    await until(() => ears.klientSummaries.received.length === 2);
    await ears.staffTopic.settle();
    await ears.staffSummaries.settle();
    expect(ears.staffTopic.received.map((m) => m.content)).toEqual(['Första']);
    expect(ears.staffSummaries.received).toHaveLength(1);
    // A new SUBSCRIBE is refused too, until she has set up an authenticator app.
    expect(await trySubscribe(host, staff.cookie, topic(conversationId))).toBe('refused');
    expect(await trySubscribe(host, staff.cookie, summaries(staff.id))).toBe('refused');
    await addTotp(t, staff.cookie);
    expect(await trySubscribe(host, staff.cookie, topic(conversationId))).toBe('granted');
    expect(await trySubscribe(host, staff.cookie, summaries(staff.id))).toBe('granted');
  });

  it('turned off again, or with an app, she subscribes; the rule never refuses a client', async () => {
    const klient = await person('USER');
    const staff = await person('STAFF');
    expect((await setRule(true)).statusCode).toBe(200);
    expect(await trySubscribe(host, klient.cookie, summaries(klient.id))).toBe('granted');
    expect(await trySubscribe(host, staff.cookie, summaries(staff.id))).toBe('refused');
    expect((await setRule(false)).statusCode).toBe(200);
    expect(await trySubscribe(host, staff.cookie, summaries(staff.id))).toBe('granted');
  });

  it("ADMIN's 'Återställ inloggningsmetoder': her subscriptions stop at once under the rule", async () => {
    await addTotp(t, admin);
    const { staff, ears, say } = await listening();
    await addTotp(t, staff.cookie);
    expect((await setRule(true)).statusCode).toBe(200);
    await say('Andra');
    await until(() => ears.staffTopic.received.length === 2);
    await until(() => ears.staffSummaries.received.length === 2);

    const reset = await send(t, 'POST', `/api/v1/admin/users/${staff.id}/reset-sign-in-methods`, {
      cookie: admin,
      body: {},
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await say('Tredje');
    await until(() => ears.klientTopic.received.length === 3);
    await ears.staffTopic.settle();
    await ears.staffSummaries.settle();
    expect(ears.staffTopic.received.map((m) => m.content)).toEqual(['Första', 'Andra']);
    expect(ears.staffSummaries.received).toHaveLength(2);
  });
});
