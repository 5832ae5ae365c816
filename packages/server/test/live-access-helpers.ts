// A STOMP subscriber over `ws` for the tests of live access (issue 34 §1): it connects with a
// session cookie and Origin as a browser does, subscribes with a RECEIPT, and can tell for sure
// that nothing more arrived — a ping's RECEIPT comes after every MESSAGE the server wrote before
// it on the same socket, and a short wait after it covers a message held for a re-check.
import { Client, type IMessage } from '@stomp/stompjs';
import { WebSocket } from 'ws';
import { PUBLIC_URL } from './helpers.ts';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function until(pred: () => boolean, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!pred()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(10);
  }
}

export interface Subscriber {
  client: Client;
  /** Message bodies (JSON-parsed) received on the subscribed topic, in order. */
  received: { id: number; content: string }[];
  /** Close codes of the socket, in order. */
  closes: number[];
  /** Resolves after a ping's RECEIPT and `settleMs` more: whatever was sent before has arrived. */
  settle(settleMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** Connects through `host` ("127.0.0.1:port") with `cookie` and subscribes to `topic`. */
export async function subscriber(host: string, cookie: string, topic: string): Promise<Subscriber> {
  const received: Subscriber['received'] = [];
  const closes: number[] = [];
  let connected!: () => void;
  const ready = new Promise<void>((r) => (connected = r));
  const client = new Client({
    webSocketFactory: () =>
      new WebSocket(`ws://${host}/ws`, ['v12.stomp'], {
        headers: { cookie, origin: PUBLIC_URL },
      }),
    reconnectDelay: 0,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
    debug: () => {},
    onConnect: () => connected(),
    onWebSocketClose: (e: { code: number }) => closes.push(e.code),
  });
  client.activate();
  await ready;
  const receipt = `sub-${Math.random().toString(36).slice(2)}`;
  await new Promise<void>((resolve) => {
    client.watchForReceipt(receipt, () => resolve());
    client.subscribe(topic, (m: IMessage) => received.push(JSON.parse(m.body)), { receipt });
  });
  return {
    client,
    received,
    closes,
    async settle(settleMs = 300) {
      if (client.connected) {
        const ping = `ping-${Math.random().toString(36).slice(2)}`;
        await new Promise<void>((resolve) => {
          client.watchForReceipt(ping, () => resolve());
          client.publish({ destination: '/app/ping', headers: { receipt: ping } });
        });
      }
      await sleep(settleMs);
    },
    close: () => client.deactivate({ force: true }),
  };
}
