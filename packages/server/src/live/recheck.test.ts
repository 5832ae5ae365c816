// Granted subscriptions are asked again (session.ts "re-checks"): on recheckAccess, after the
// grant's `until`, and when the grant is older than revalidateAfterMs. Messages published while
// a re-check runs are held and go out in order when it grants, never when it refuses; a refusal
// drops that subscription only. `delivered` reports what was written on audited grants.
import { afterEach, describe, expect, it } from 'vitest';
import type { LiveGrant } from './types.ts';
import { RawStomp, sleep, startTestServer, type TestServer } from '../../test/live-support.ts';

const TOPIC = '/topic/conversations/10/messages';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const messages = (s: RawStomp) =>
  s.frames.filter((f) => f.command === 'MESSAGE').map((f) => JSON.parse(f.body) as number);

async function subscribed(url: string): Promise<RawStomp> {
  const s = RawStomp.open(url);
  await s.connect();
  s.frame('SUBSCRIBE', { id: 'c', destination: TOPIC, receipt: 'r1' });
  s.frame('SUBSCRIBE', { id: 'n', destination: '/user/queue/notifications', receipt: 'r2' });
  await s.next('RECEIPT');
  await s.next('RECEIPT');
  return s;
}

/** Everything the server wrote before this has arrived (a ping's RECEIPT comes after it). */
async function flushed(s: RawStomp, id: string): Promise<void> {
  s.frame('SEND', { destination: '/app/ping', receipt: id });
  await s.next('RECEIPT');
}

describe('re-checks of granted subscriptions', () => {
  it('recheckAccess: messages during a slow re-check are held, then sent in order or dropped with the subscription', async () => {
    let answer: boolean | LiveGrant = true;
    let gate: Promise<void> = Promise.resolve();
    let asked = 0;
    server = await startTestServer({
      heartBeatMs: 0,
      authorize: async () => {
        asked++;
        await gate;
        return answer;
      },
    });
    const s = await subscribed(server.wsUrl);
    server.live.broker.publish(TOPIC, 1);

    // A re-check that grants: 2 and 3 wait for it, then arrive after 1, in order.
    let open!: () => void;
    gate = new Promise((r) => (open = r));
    void server.live.recheckAccess(1);
    server.live.broker.publish(TOPIC, 2);
    server.live.broker.publish(TOPIC, 3);
    await flushed(s, 'p1');
    expect(messages(s)).toEqual([1]);
    open();
    await sleep(50);
    expect(messages(s)).toEqual([1, 2, 3]);

    // A re-check that refuses: 4 is never sent, the subscription is gone, the socket and its
    // other subscription stay.
    answer = false;
    gate = new Promise((r) => (open = r));
    void server.live.recheckAccess();
    server.live.broker.publish(TOPIC, 4);
    open();
    await sleep(50);
    server.live.broker.publish(TOPIC, 5);
    server.live.broker.publishToUser(1, '/queue/notifications', 6);
    await flushed(s, 'p2');
    expect(messages(s)).toEqual([1, 2, 3, 6]);
    expect(server.live.stats().subscriptions).toBe(1);
    expect(asked).toBe(3);
  });

  it("a grant's until and its age: the first delivery after either asks again", async () => {
    let clock = 1_000;
    let answer: LiveGrant | false = { until: 2_000 };
    let asked = 0;
    server = await startTestServer({
      heartBeatMs: 0,
      now: () => clock,
      revalidateAfterMs: 10_000,
      authorize: () => {
        asked++;
        return answer;
      },
    });
    const s = await subscribed(server.wsUrl);
    server.live.broker.publish(TOPIC, 1);
    clock = 1_999;
    server.live.broker.publish(TOPIC, 2);
    await flushed(s, 'p1');
    expect([messages(s), asked]).toEqual([[1, 2], 1]);

    // Past until: asked again; a grant without an end now (she joined the team).
    answer = {};
    clock = 2_000;
    server.live.broker.publish(TOPIC, 3);
    await sleep(50);
    expect([messages(s), asked]).toEqual([[1, 2, 3], 2]);
    // 10 s after that check: asked again, refused.
    clock = 12_000;
    answer = false;
    server.live.broker.publish(TOPIC, 4);
    await sleep(50);
    server.live.broker.publish(TOPIC, 5);
    await flushed(s, 'p2');
    expect([messages(s), asked]).toEqual([[1, 2, 3], 3]);
  });

  it('delivered() reports each message written on an audited grant, once per socket', async () => {
    const reports: { user: number; destination: string; audit: unknown; json: string }[] = [];
    let answer: LiveGrant | false = { audit: { clientId: 2 } };
    server = await startTestServer({
      heartBeatMs: 0,
      authorize: () => answer,
      delivered: (user, destination, audit, json) =>
        reports.push({ user: user.id, destination, audit, json }),
    });
    const s = await subscribed(server.wsUrl);
    server.live.broker.publish(TOPIC, 1);
    server.live.broker.publishToUser(1, '/queue/notifications', 2);
    await flushed(s, 'p1');
    answer = false;
    await server.live.recheckAccess(1);
    server.live.broker.publish(TOPIC, 3);
    await sleep(50);
    expect(reports).toEqual([{ user: 1, destination: TOPIC, audit: { clientId: 2 }, json: '1' }]);
  });
});
