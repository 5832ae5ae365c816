// Redis pub/sub fan-out between server instances (REDIS_URL).
//
// One channel carries two kinds of text messages, `\n`-separated so bodies are not re-encoded:
//   m\n<origin instance>\n<routing key>\n<json body>   a published live event
//   c\n<origin instance>\n<user key>\n                 closeUser(): close that user's sockets
//   r\n<origin instance>\n<user key or *>\n           recheckAccess(): re-check that user's (every
//                                                     user's) granted subscriptions
// Every instance delivers its own publishes locally and skips messages whose origin is itself.
// The connections are the instance's (../redis.ts): its owner closes them, not the fan-out.

import type { RedisConnections } from '../redis.ts';
import { benchTimings } from './bench-timings.ts';
import type { LiveLogger } from './types.ts';

export interface FanoutHandlers {
  message(key: string, json: string): void;
  closeUser(userKey: string): void;
  recheck(userKey: string | null): void;
}

export class RedisFanout {
  /**
   * Resolves once the channel subscription is active; while Redis is unreachable it waits
   * (never rejects), so do not block start-up on it.
   */
  readonly ready: Promise<void>;
  private closed = false;

  constructor(
    private readonly redis: RedisConnections,
    private readonly channel: string,
    private readonly instanceId: string,
    private readonly handlers: FanoutHandlers,
    private readonly log: LiveLogger,
  ) {
    this.ready = redis
      .subscribe(this.channel, (text) => {
        if (!this.closed) this.onMessage(text);
      })
      .then((subscribed) => {
        if (!subscribed && !this.closed) this.log.error({}, 'live: Redis subscribe failed');
      });
  }

  publish(key: string, json: string): void {
    // HALSA_BENCH_TIMINGS=1 (every instance alike): the origin field also carries when it was
    // published (epoch ms), so the receiving instance can time the Redis hop.
    const origin = benchTimings.enabled
      ? `${this.instanceId} ${performance.timeOrigin + performance.now()}`
      : this.instanceId;
    void this.send(`m\n${origin}\n${key}\n${json}`);
  }

  closeUser(userKey: string): void {
    void this.send(`c\n${this.instanceId}\n${userKey}\n`);
  }

  /**
   * Resolves once Redis has taken the message (never rejects): anything published after that,
   * from any instance, reaches every instance after it.
   */
  recheck(userKey: string | null): Promise<void> {
    return this.send(`r\n${this.instanceId}\n${userKey ?? '*'}\n`);
  }

  // Publishes even after close(): a request still in flight when the live endpoint closed (a
  // rolling restart's SIGTERM) may commit a message after that, and the other instances must
  // still get it. The owner closes the connections only once every request has finished.
  private send(text: string): Promise<void> {
    const t0 = benchTimings.now();
    const sent = this.redis.commands.publish(this.channel, text);
    if (benchTimings.enabled) {
      void sent.then(
        () => benchTimings.since('live.redisPublishRoundTrip', t0),
        () => {},
      );
    }
    return sent.then(
      () => {},
      (err: unknown) => {
        this.log.error({ err }, 'live: Redis publish failed; other instances miss this event');
      },
    );
  }

  private onMessage(text: string): void {
    const a = text.indexOf('\n');
    const b = text.indexOf('\n', a + 1);
    const c = text.indexOf('\n', b + 1);
    if (a !== 1 || b < 0 || c < 0) return;
    let origin = text.slice(a + 1, b);
    let publishedAt = NaN;
    if (benchTimings.enabled) {
      const space = origin.indexOf(' ');
      if (space > 0) {
        publishedAt = Number(origin.slice(space + 1));
        origin = origin.slice(0, space);
      }
    }
    if (origin === this.instanceId) return; // our own echo
    const key = text.slice(b + 1, c);
    if (text[0] === 'm') {
      if (benchTimings.enabled) {
        const t0 = performance.now();
        benchTimings.add('live.redisTransit', performance.timeOrigin + t0 - publishedAt);
        this.handlers.message(key, text.slice(c + 1));
        benchTimings.since('live.deliverFromRedis', t0);
      } else this.handlers.message(key, text.slice(c + 1));
    } else if (text[0] === 'c') this.handlers.closeUser(key);
    else if (text[0] === 'r') this.handlers.recheck(key === '*' ? null : key);
  }

  /**
   * Stops delivering what other instances publish (this instance's sockets are closing); its own
   * publishes still go out until the owner closes the connections.
   */
  close(): void {
    this.closed = true;
  }
}
