// In-process broker: routing keys → subscriptions of this instance, plus the public publish API.
// With Redis configured, every publish is delivered locally at once and also sent to the other
// instances through one Redis pub/sub channel; an instance ignores its own echo (each message
// carries the publishing instance's id), so every subscriber gets a message exactly once.

import { randomBytes } from 'node:crypto';
import { benchTimings } from './bench-timings.ts';
import { isValidDestination, normaliseUserQueue, userQueueKey } from './destinations.ts';
import type { RedisFanout } from './redis.ts';
import type { LiveGrant, LiveLogger } from './types.ts';

export interface Subscription {
  /** The subscription's `id` header as the client sent it. */
  readonly id: string;
  /** `id`, escaped for a STOMP 1.2 header. */
  readonly headerId: string;
  /** The destination the client subscribed to (sent back in MESSAGE frames). */
  readonly destination: string;
  /** Routing key: the topic itself, or userQueueKey(user, queue). */
  readonly key: string;
  readonly ack: 'auto' | 'client' | 'client-individual';
  readonly sink: MessageSink;
  /** A subscription the app's `authorize` granted: its grant and re-check state (session.ts). */
  readonly access?: SubscriptionAccess;
}

/** The state of a subscription `authorize` granted; see session.ts `recheck`. */
export interface SubscriptionAccess {
  grant: LiveGrant;
  /**
   * `now()` from which the next delivery re-checks first: the grant's `until`, or its age
   * reaching `revalidateAfterMs`, whichever comes first.
   */
  recheckBy: number;
  /** Messages held while a re-check runs (in order); null when none runs. */
  held: { messageId: string; tail: string; json: string }[] | null;
  /** Bumped by every re-check: only the newest one's answer counts. */
  generation: number;
}

export interface MessageSink {
  /**
   * Writes one MESSAGE frame; `tail` holds content headers, blank line, body and NUL; `json` is
   * the body alone.
   */
  deliver(sub: Subscription, messageId: string, tail: string, json: string): void;
}

/** The API services use to push live events. */
export interface LiveBroker {
  /** To every subscriber of a `/topic/…` destination (on every instance). */
  publish(destination: string, body: unknown): void;
  /**
   * To one user's private queue, e.g. publishToUser(42, '/queue/notifications', n); the user
   * receives it on their subscription to `/user/queue/notifications`.
   */
  publishToUser(userId: string | number, queue: string, body: unknown): void;
}

export class LocalBroker implements LiveBroker {
  readonly instanceId = randomBytes(6).toString('base64url');
  private readonly routes = new Map<string, Set<Subscription>>();
  private counter = 0;
  private sessionCounter = 0;
  private subscriptionCount = 0;
  fanout: RedisFanout | undefined;

  constructor(private readonly log: LiveLogger) {}

  add(sub: Subscription): void {
    let set = this.routes.get(sub.key);
    if (!set) this.routes.set(sub.key, (set = new Set()));
    if (!set.has(sub)) {
      set.add(sub);
      this.subscriptionCount++;
    }
  }

  remove(sub: Subscription): void {
    const set = this.routes.get(sub.key);
    if (set?.delete(sub)) {
      this.subscriptionCount--;
      if (set.size === 0) this.routes.delete(sub.key);
    }
  }

  get size(): number {
    return this.subscriptionCount;
  }

  /** Unique on this instance and across instances (prefixed with the instance id). */
  nextSessionId(): string {
    return `${this.instanceId}-s${(++this.sessionCounter).toString(36)}`;
  }

  nextMessageId(): string {
    return `${this.instanceId}-${(++this.counter).toString(36)}`;
  }

  publish(destination: string, body: unknown): void {
    if (!this.validTopics.has(destination)) {
      if (!destination.startsWith('/topic/') || !isValidDestination(destination)) {
        throw new Error(`live: publish() needs a /topic/… destination, got "${destination}"`);
      }
      if (this.validTopics.size >= 10_000) this.validTopics.clear();
      this.validTopics.add(destination);
    }
    this.route(destination, body);
  }

  publishToUser(userId: string | number, queue: string, body: unknown): void {
    let q = this.userQueues.get(queue);
    if (q === undefined) {
      const normalised = normaliseUserQueue(queue);
      if (!normalised)
        throw new Error(`live: publishToUser() needs a /queue/… name, got "${queue}"`);
      if (this.userQueues.size >= 1_000) this.userQueues.clear();
      this.userQueues.set(queue, (q = normalised));
    }
    this.route(userQueueKey(String(userId), q), body);
  }

  // Destinations already validated (services publish to few distinct shapes).
  private readonly validTopics = new Set<string>();
  private readonly userQueues = new Map<string, string>();

  private route(key: string, body: unknown): void {
    const t0 = benchTimings.now();
    const json = JSON.stringify(body) ?? 'null';
    const t1 = benchTimings.now();
    this.deliverLocal(key, json);
    const t2 = benchTimings.now();
    this.fanout?.publish(key, json);
    if (benchTimings.enabled) {
      const t3 = performance.now();
      benchTimings.add('live.stringify', t1 - t0);
      benchTimings.add('live.deliverHere', t2 - t1);
      benchTimings.add('live.redisPublishCall', t3 - t2);
    }
  }

  /** Delivers to this instance's subscribers. Returns how many frames were written. */
  deliverLocal(key: string, json: string): number {
    const set = this.routes.get(key);
    if (!set || set.size === 0) return 0;
    const tail = `content-type:application/json\ncontent-length:${Buffer.byteLength(json)}\n\n${json}\0`;
    let n = 0;
    // A delivery may close a slow session, which removes its subscriptions from `set`;
    // Set iteration tolerates that.
    for (const sub of set) {
      try {
        const t0 = benchTimings.now();
        sub.sink.deliver(sub, this.nextMessageId(), tail, json);
        benchTimings.since('live.socketWrite', t0);
        n++;
      } catch (err) {
        this.log.error({ err, key }, 'live: delivery failed');
      }
    }
    benchTimings.add('live.framesPerPublish (count)', n);
    benchTimings.add('live.subscriptionsOnInstance (count)', this.subscriptionCount);
    return n;
  }
}
