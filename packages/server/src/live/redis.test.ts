// Fan-out between two instances through Redis pub/sub. Needs Redis on REDIS_URL (default
// redis://127.0.0.1:6379): skipped with a message when it is unreachable, a failure when CI=true.
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { Client, type IMessage } from '@stomp/stompjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { LiveCloseCodes } from './types.ts';
import { TEST_ORIGIN, type TestServer, sleep, startTestServer } from '../../test/live-support.ts';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

function reachable(url: string): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const s = net.connect({ host: u.hostname, port: Number(u.port || 6379) });
    const done = (ok: boolean) => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(1000, () => done(false));
    s.once('connect', () => done(true));
    s.once('error', () => done(false));
  });
}

const redisUp = await reachable(REDIS_URL);
const inCI = process.env.CI === 'true';
if (!redisUp && !inCI) {
  console.warn(`live/redis.test.ts: Redis at ${REDIS_URL} is unreachable, fan-out tests skipped.`);
}

describe.runIf(!redisUp && inCI)('Redis fan-out (CI)', () => {
  it('needs Redis', () => {
    throw new Error(
      `Redis at ${REDIS_URL} is unreachable; CI=true requires it for the fan-out tests`,
    );
  });
});

function connect(url: string, sid: string) {
  const closes: number[] = [];
  const client = new Client({
    webSocketFactory: () =>
      new WebSocket(url, ['v12.stomp'], { headers: { Cookie: `sid=${sid}`, Origin: TEST_ORIGIN } }),
    reconnectDelay: 0,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
    debug: () => {},
    onWebSocketClose: (e: { code: number }) => closes.push(e.code),
  });
  const connected = new Promise<void>((r) => (client.onConnect = () => r()));
  client.activate();
  return { client, connected, closes };
}

function subscribe(client: Client, destination: string, into: IMessage[]): Promise<void> {
  const receipt = `r-${destination}`;
  return new Promise((resolve) => {
    client.watchForReceipt(receipt, () => resolve());
    client.subscribe(destination, (m) => into.push(m), { receipt });
  });
}

describe.runIf(redisUp)('Redis fan-out between two instances', () => {
  let a: TestServer;
  let b: TestServer;
  const clients: Client[] = [];

  beforeAll(async () => {
    // A channel of our own, so parallel test runs sharing this Redis do not see each other.
    const redisChannel = `halsa:live:test:${randomBytes(6).toString('hex')}`;
    a = await startTestServer({ redisUrl: REDIS_URL, redisChannel });
    b = await startTestServer({ redisUrl: REDIS_URL, redisChannel });
    await Promise.all([a.live.ready, b.live.ready]);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.deactivate({ force: true })));
    await Promise.all([a?.close(), b?.close()]);
  });

  it('delivers a publish on A to subscribers on A and B exactly once each', async () => {
    const onA = connect(a.wsUrl, 'sid-1');
    const onB = connect(b.wsUrl, 'sid-1');
    const bobOnB = connect(b.wsUrl, 'sid-2');
    clients.push(onA.client, onB.client, bobOnB.client);
    await Promise.all([onA.connected, onB.connected, bobOnB.connected]);
    const gotA: IMessage[] = [];
    const gotB: IMessage[] = [];
    const topicB: IMessage[] = [];
    const bobB: IMessage[] = [];
    await subscribe(onA.client, '/user/queue/notifications', gotA);
    await subscribe(onB.client, '/user/queue/notifications', gotB);
    await subscribe(onB.client, '/topic/conversations/10/messages', topicB);
    await subscribe(bobOnB.client, '/user/queue/notifications', bobB);

    a.live.broker.publishToUser(1, '/queue/notifications', { id: 1, message: 'Nytt labbsvar' });
    a.live.broker.publish('/topic/conversations/10/messages', { id: 99 });
    await sleep(300);
    expect(gotA.map((m) => JSON.parse(m.body))).toEqual([{ id: 1, message: 'Nytt labbsvar' }]);
    expect(gotB.map((m) => JSON.parse(m.body))).toEqual([{ id: 1, message: 'Nytt labbsvar' }]);
    expect(topicB.map((m) => JSON.parse(m.body))).toEqual([{ id: 99 }]);
    expect(bobB).toHaveLength(0);
  });

  it('closeUser on A closes that user’s sockets on B', async () => {
    const carlOnB = connect(b.wsUrl, 'sid-3');
    clients.push(carlOnB.client);
    await carlOnB.connected;
    a.live.closeUser(3);
    const end = Date.now() + 2000;
    while (carlOnB.closes.length === 0 && Date.now() < end) await sleep(20);
    expect(carlOnB.closes).toEqual([LiveCloseCodes.SESSION_ENDED]);
  });
});
