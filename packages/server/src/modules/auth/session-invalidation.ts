// Session cache invalidation between server instances (REDIS_URL): every instance caches the
// sessions it resolved (SessionService); logout, password change/reset and profile changes on
// one instance are published on `<REDIS_CHANNEL>:sessions`, and every instance drops those
// entries as the message arrives. The publisher waits for Redis to accept the message (Redis
// has then written it to every subscriber), so the answer to a logout leaves after the other
// instances were told.
// While the subscription is not live (Redis down, reconnecting) an instance cannot hear
// invalidations: `listening` is false and SessionService then reads every session from the
// database, so a missed message never keeps an ended session alive.
import { Redis } from 'ioredis';

export type InvalidationKind = 's' | 'u' | 'e';

export interface SessionInvalidation {
  /** True while invalidations from other instances are being received. */
  readonly listening: boolean;
  /**
   * Tells every other instance to forget a session (`s`) or all of a user's sessions (`u`), or
   * why sessions ended (`e`, `<reason>:<idHash>,…`; SessionService.endedReason).
   */
  publish(kind: InvalidationKind, id: string): Promise<void>;
  close(): Promise<void>;
}

export interface InvalidationLog {
  warn(obj: object, msg: string): void;
}

export class RedisSessionInvalidation implements SessionInvalidation {
  readonly #pub: Redis;
  readonly #sub: Redis;
  readonly #channel: string;
  readonly #origin = Math.random().toString(36).slice(2, 12);
  #listening = false;
  #subscribed = false;
  #closed = false;
  /** Resolves once the subscription is active (never rejects). */
  readonly ready: Promise<void>;

  constructor(
    url: string,
    channel: string,
    onInvalidate: (kind: InvalidationKind, id: string) => void,
    log: InvalidationLog,
  ) {
    this.#channel = `${channel}:sessions`;
    const opts = { connectionName: 'halsa-sessions', connectTimeout: 2000 };
    this.#pub = new Redis(url, { ...opts, maxRetriesPerRequest: 1 });
    this.#sub = new Redis(url, { ...opts, maxRetriesPerRequest: null });
    let lastLogged = 0;
    for (const client of [this.#pub, this.#sub]) {
      client.on('error', (err: Error) => {
        if (this.#closed || Date.now() - lastLogged < 30_000) return;
        lastLogged = Date.now();
        log.warn(
          { err: err.message },
          'sessions: Redis error; sessions are read from the database',
        );
      });
    }
    // A dropped connection may have lost messages: stop trusting the cache until resubscribed
    // (ioredis resubscribes on reconnect and then emits 'ready' again).
    this.#sub.on('close', () => {
      this.#listening = false;
    });
    this.#sub.on('ready', () => {
      // ioredis re-sends SUBSCRIBE on every reconnect before further commands.
      if (this.#subscribed && !this.#closed) this.#listening = true;
    });
    this.#sub.on('message', (ch: string, text: string) => {
      if (ch !== this.#channel) return;
      const [origin, kind, id] = text.split(' ');
      if (origin === this.#origin || !id || (kind !== 's' && kind !== 'u' && kind !== 'e')) return;
      onInvalidate(kind, id);
    });
    this.ready = this.#sub.subscribe(this.#channel).then(
      () => {
        this.#subscribed = true;
        this.#listening = !this.#closed;
      },
      () => undefined,
    );
  }

  get listening(): boolean {
    return this.#listening;
  }

  async publish(kind: InvalidationKind, id: string): Promise<void> {
    if (this.#closed) return;
    try {
      await this.#pub.publish(this.#channel, `${this.#origin} ${kind} ${id}`);
    } catch {
      // Redis down: the other instances are not listening either (listening=false there), so
      // they read sessions from the database; nothing to do.
    }
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#listening = false;
    for (const c of [this.#pub, this.#sub]) {
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
    }
  }
}
