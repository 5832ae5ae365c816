// Session cache invalidation between server instances (REDIS_URL): every instance caches the
// sessions it resolved (SessionService); logout, password change/reset and profile changes on
// one instance are published on `<REDIS_CHANNEL>:sessions`, and every instance drops those
// entries as the message arrives. The publisher waits for Redis to accept the message (Redis
// has then written it to every subscriber), so the answer to a logout leaves after the other
// instances were told.
// While the subscription is not live (Redis down, reconnecting) an instance cannot hear
// invalidations: `listening` is false and SessionService then reads every session from the
// database, so a missed message never keeps an ended session alive.
// The connections are the instance's (../../redis.ts): its owner closes them.
import type { RedisConnections } from '../redis.ts';

export type InvalidationKind = 's' | 'u' | 'e';

export interface SessionInvalidation {
  /** True while invalidations from other instances are being received. */
  readonly listening: boolean;
  /**
   * Counts the times the channel became live: when it changed, messages may have been missed
   * in between (even when no call came while it was not live), so what was cached is dropped.
   */
  readonly generation: number;
  /**
   * Tells every other instance to forget a session (`s`) or all of a user's sessions (`u`), or
   * why sessions ended (`e`, `<reason>:<idHash>,…`; SessionService.endedReason).
   */
  publish(kind: InvalidationKind, id: string): Promise<void>;
  close(): Promise<void>;
}

export class RedisSessionInvalidation implements SessionInvalidation {
  readonly #redis: RedisConnections;
  readonly #channel: string;
  readonly #origin = Math.random().toString(36).slice(2, 12);
  #listening = false;
  #generation = 0;
  #subscribed = false;
  #closed = false;
  /** Resolves once the subscription is active (never rejects). */
  readonly ready: Promise<void>;

  constructor(
    redis: RedisConnections,
    channel: string,
    onInvalidate: (kind: InvalidationKind, id: string) => void,
  ) {
    this.#redis = redis;
    this.#channel = `${channel}:sessions`;
    // A dropped connection may have lost messages: stop trusting the cache until resubscribed
    // (ioredis resubscribes on reconnect and then emits 'ready' again).
    redis.subscriber.on('close', () => {
      this.#listening = false;
    });
    redis.subscriber.on('ready', () => {
      // ioredis re-sends SUBSCRIBE on every reconnect before further commands.
      if (this.#subscribed && !this.#closed) this.#live();
    });
    this.ready = redis
      .subscribe(this.#channel, (text) => {
        if (this.#closed) return;
        const [origin, kind, id] = text.split(' ');
        if (origin === this.#origin || !id || (kind !== 's' && kind !== 'u' && kind !== 'e'))
          return;
        onInvalidate(kind, id);
      })
      .then((subscribed) => {
        if (!subscribed) return;
        this.#subscribed = true;
        if (!this.#closed) this.#live();
      });
  }

  #live(): void {
    this.#generation += 1;
    this.#listening = true;
  }

  get listening(): boolean {
    return this.#listening;
  }

  get generation(): number {
    return this.#generation;
  }

  async publish(kind: InvalidationKind, id: string): Promise<void> {
    if (this.#closed) return;
    try {
      await this.#redis.commands.publish(this.#channel, `${this.#origin} ${kind} ${id}`);
    } catch {
      // Redis down: the other instances are not listening either (listening=false there), so
      // they read sessions from the database; nothing to do.
    }
  }

  /** Stops publishing and listening; the connections stay open for their owner to close. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#listening = false;
  }
}
