// A closing instance (SIGTERM → app.close()) lets the requests it is already serving finish and
// publish their live events through Redis before it closes its live endpoint (issue 15; without
// it bench:cluster lost messages saved in the last moment of a rolling restart). Two instances:
// a slow request on A is in flight when A starts closing; its event reaches a subscriber on B.
//   server-postgres with Redis (skipped otherwise; a failure on CI without Redis).
import { Client, type IMessage } from '@stomp/stompjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { AppModule } from '../src/context.ts';
import { startTwoInstances, twoInstancesAvailable, type TwoInstances } from './cluster-helpers.ts';
import { login, PUBLIC_URL } from './helpers.ts';

const available = await twoInstancesAvailable('shutdown-inflight.test.ts');

/** A request that works 400 ms and then publishes to the user named in the query. */
const slowPublish: AppModule = (app, ctx) => {
  app.post('/test/slow-publish', { config: { access: 'public' } }, async (request) => {
    await new Promise((r) => setTimeout(r, 400));
    const user = Number((request.query as { user: string }).user);
    ctx.live.broker.publishToUser(user, '/queue/notifications', { text: 'sparat sist' });
    return { ok: true };
  });
};

(available ? describe : describe.skip)('shutdown with a request in flight', () => {
  let c: TwoInstances;
  let closed = false;
  beforeAll(async () => {
    c = await startTwoInstances({ enabled: false }, [slowPublish]);
  });
  afterAll(async () => {
    if (!closed) await c?.close();
  });

  it('the in-flight request answers and its event reaches the other instance', async () => {
    const cookie = await login(c.b, 'klient@example.com');
    const got: string[] = [];
    const client = new Client({
      webSocketFactory: () =>
        new WebSocket(`ws://${c.hostB}/ws`, ['v12.stomp'], {
          headers: { Cookie: cookie, Origin: PUBLIC_URL },
        }),
      reconnectDelay: 0,
      heartbeatIncoming: 0,
      heartbeatOutgoing: 0,
      debug: () => {},
    });
    await new Promise<void>((resolve) => {
      client.onConnect = () => {
        client.watchForReceipt('r1', () => resolve());
        client.subscribe('/user/queue/notifications', (m: IMessage) => got.push(m.body), {
          receipt: 'r1',
        });
      };
      client.activate();
    });

    const slow = fetch(`http://${c.hostA}/test/slow-publish?user=${c.a.users.klient.id}`, {
      method: 'POST',
      headers: { origin: PUBLIC_URL },
    });
    await new Promise((r) => setTimeout(r, 100)); // the request is in flight
    const closing = c.a.app.close();
    const res = await slow;
    expect(res.status).toBe(200);
    await closing;
    const end = Date.now() + 3000;
    while (got.length === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    expect(got).toEqual([JSON.stringify({ text: 'sparat sist' })]);
    await client.deactivate();
    // A is closed already; B and the database are closed by close() (A's second close is a no-op).
    closed = true;
    await c.close();
  });
});
