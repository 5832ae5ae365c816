// The Redis connections of one instance (REDIS_URL), opened once by buildApp and shared by every
// user (issue 25): before, the live fan-out, the session invalidation, the limit store and
// /readyz each opened their own, six per instance.
//   - `commands`: one connection for everything that sends commands (live and session publishes,
//     the limit counters, /readyz's PING). It gives up on a command after one retry, so a request
//     waiting on a counter is not held while Redis is down (the callers then let it through).
//   - one subscriber for every channel (the live fan-out, the session invalidations): a
//     subscribed connection can send no other command. It waits for Redis however long it takes
//     (a failed SUBSCRIBE would not be re-sent after a reconnect); ioredis resubscribes every
//     channel on reconnect.
// close() quits both, once, at shutdown (buildApp's last onClose step).
import { Redis } from 'ioredis';

export interface RedisLog {
  warn(obj: object, msg: string): void;
}

export interface RedisConnections {
  /** The connection for commands (PUBLISH, counters, PING); never subscribed. */
  readonly commands: Redis;
  /**
   * The subscriber connection (its 'ready'/'close' events tell whether messages are being
   * received); subscribe through `subscribe`.
   */
  readonly subscriber: Redis;
  /**
   * Subscribes `channel` on the one subscriber; `onMessage` gets its messages. Resolves true once
   * the subscription is active; waits while Redis is down; false if it failed (or on close).
   */
  subscribe(channel: string, onMessage: (text: string) => void): Promise<boolean>;
  /** /readyz: resolves when Redis answers a PING, rejects at once while it is not connected. */
  check(): Promise<void>;
  /** Quits both connections (at most 1 s each), then drops them. Idempotent. */
  close(): Promise<void>;
}

/** ioredis reports every failed reconnect attempt; one line per connection per 30 s is enough. */
const ERROR_LOG_INTERVAL_MS = 30_000;

/** Without request logging, Redis errors still reach the console (as the live endpoint's do). */
const consoleLog: RedisLog = { warn: (obj, msg) => console.warn(`[redis] ${msg}`, obj) };

export function openRedis(url: string, log: RedisLog = consoleLog): RedisConnections {
  const opts = { connectTimeout: 2000 };
  const commands = new Redis(url, { ...opts, connectionName: 'halsa', maxRetriesPerRequest: 1 });
  const subscriber = new Redis(url, {
    ...opts,
    connectionName: 'halsa-sub',
    maxRetriesPerRequest: null,
  });
  let closed = false;
  for (const [role, client] of [
    ['commands', commands],
    ['subscriber', subscriber],
  ] as const) {
    let lastLogged = 0;
    client.on('error', (err: Error) => {
      if (closed || Date.now() - lastLogged < ERROR_LOG_INTERVAL_MS) return;
      lastLogged = Date.now();
      log.warn(
        { err: err.message, role },
        'Redis error: live events stay on this instance, sessions are read from the database, limits are not enforced',
      );
    });
  }
  const handlers = new Map<string, (text: string) => void>();
  subscriber.on('message', (channel: string, text: string) => handlers.get(channel)?.(text));

  return {
    commands,
    subscriber,
    subscribe(channel, onMessage) {
      handlers.set(channel, onMessage);
      return subscriber.subscribe(channel).then(
        () => true,
        () => false,
      );
    },
    async check() {
      // Without this, a PING while disconnected would wait in the offline queue.
      if (commands.status !== 'ready') throw new Error(`inte ansluten (${commands.status})`);
      await commands.ping();
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all(
        [commands, subscriber].map(async (c) => {
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
    },
  };
}
