// Redis pub/sub fan-out between server instances (REDIS_URL).
//
// One channel carries two kinds of text messages, `\n`-separated so bodies are not re-encoded:
//   m\n<origin instance>\n<routing key>\n<json body>   a published live event
//   c\n<origin instance>\n<user key>\n                 closeUser(): close that user's sockets
// Every instance delivers its own publishes locally and skips messages whose origin is itself.

import { Redis } from 'ioredis';
import type { LiveLogger } from './types.ts';

export interface FanoutHandlers {
  message(key: string, json: string): void;
  closeUser(userKey: string): void;
}

export class RedisFanout {
  private readonly pub: Redis;
  private readonly sub: Redis;
  /**
   * Resolves once the channel subscription is active; while Redis is unreachable it waits
   * (never rejects), so do not block start-up on it.
   */
  readonly ready: Promise<void>;
  private closed = false;

  constructor(
    url: string,
    private readonly channel: string,
    private readonly instanceId: string,
    private readonly handlers: FanoutHandlers,
    private readonly log: LiveLogger,
  ) {
    const opts = { connectionName: `halsa-live-${instanceId}`, connectTimeout: 5000 };
    this.pub = new Redis(url, { ...opts, maxRetriesPerRequest: 3 });
    // The subscriber waits for Redis however long it takes (a failed SUBSCRIBE would not be
    // re-sent after a reconnect); the publisher gives up on an event after a few retries.
    this.sub = new Redis(url, { ...opts, maxRetriesPerRequest: null });
    for (const [role, client] of [
      ['publisher', this.pub],
      ['subscriber', this.sub],
    ] as const) {
      let lastLogged = 0;
      client.on('error', (err: Error) => {
        // ioredis reports every failed reconnect attempt; one line per 30 s is enough.
        if (this.closed || Date.now() - lastLogged < 30_000) return;
        lastLogged = Date.now();
        this.log.warn({ err: err.message, role }, 'live: Redis error');
      });
    }
    this.sub.on('message', (ch: string, text: string) => {
      if (ch === this.channel) this.onMessage(text);
    });
    this.ready = this.sub.subscribe(this.channel).then(
      () => undefined,
      (err: unknown) => {
        if (!this.closed) this.log.error({ err }, 'live: Redis subscribe failed');
      },
    );
  }

  publish(key: string, json: string): void {
    this.send(`m\n${this.instanceId}\n${key}\n${json}`);
  }

  closeUser(userKey: string): void {
    this.send(`c\n${this.instanceId}\n${userKey}\n`);
  }

  private send(text: string): void {
    if (this.closed) return;
    this.pub.publish(this.channel, text).catch((err: unknown) => {
      if (!this.closed) {
        this.log.error({ err }, 'live: Redis publish failed; other instances miss this event');
      }
    });
  }

  private onMessage(text: string): void {
    const a = text.indexOf('\n');
    const b = text.indexOf('\n', a + 1);
    const c = text.indexOf('\n', b + 1);
    if (a !== 1 || b < 0 || c < 0) return;
    if (text.slice(a + 1, b) === this.instanceId) return; // our own echo
    const key = text.slice(b + 1, c);
    if (text[0] === 'm') this.handlers.message(key, text.slice(c + 1));
    else if (text[0] === 'c') this.handlers.closeUser(key);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all(
      [this.pub, this.sub].map(async (c) => {
        if (c.status === 'ready') {
          const timeout = new Promise<void>((r) => setTimeout(r, 1000).unref());
          await Promise.race([
            c.quit().then(
              () => undefined,
              () => undefined,
            ),
            timeout,
          ]);
        }
        c.disconnect();
      }),
    );
  }
}
