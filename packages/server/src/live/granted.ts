// The subscriptions of one STOMP session that the app's `authorize` granted, and their re-checks
// (README "Rights that end"): asked again when the app says the user's access changed
// (`recheckAll`), when the grant's `until` has passed, and when it is older than
// `revalidateAfterMs`. Messages published meanwhile are held, in order, and go out when the
// newest re-check grants; a refusal drops the subscription (the session's `drop`).
import type { Subscription, SubscriptionAccess } from './broker.ts';
import type { SessionHost } from './session-host.ts';
import type { LiveGrant, LiveUser } from './types.ts';

/** A grant and when `authorize` gave it (ms of the host's `now()`). */
export interface Granted {
  grant: LiveGrant;
  checkedAt: number;
}

export interface HeldMessage {
  messageId: string;
  tail: string;
  json: string;
}

/** What the session lends its granted subscriptions. */
export interface GrantOwner<U extends LiveUser> {
  readonly user: U;
  readonly host: SessionHost<U>;
  /** Whether `sub` is still one of the session's subscriptions. */
  has(sub: Subscription): boolean;
  write(sub: Subscription, message: HeldMessage): void;
  drop(sub: Subscription, why: string): void;
}

/** Messages held for one subscription while it is re-checked; more drops the subscription. */
const MAX_HELD = 256;

export class Grants<U extends LiveUser> {
  /** Bumped by `recheckAll`: a SUBSCRIBE whose authorisation straddles one re-checks at once. */
  epoch = 0;

  constructor(private readonly owner: GrantOwner<U>) {}

  /** The state of a new granted subscription; `askedAt` is the epoch when authorize was asked. */
  access(granted: Granted, askedAt: number): SubscriptionAccess {
    return {
      grant: granted.grant,
      // A re-check began while it was asked: the answer may predate the change, so the first
      // delivery checks again.
      recheckBy: this.epoch === askedAt ? this.recheckBy(granted) : -Infinity,
      held: null,
      generation: 0,
    };
  }

  /** True when the message must wait (a re-check runs, or is due now) instead of going out. */
  holds(sub: Subscription, access: SubscriptionAccess, message: HeldMessage): boolean {
    if (access.held === null && this.owner.host.now() >= access.recheckBy) {
      this.recheck(sub, access);
    }
    if (access.held === null) return false;
    if (access.held.length >= MAX_HELD) this.owner.drop(sub, 'too many messages held');
    else access.held.push(message);
    return true;
  }

  /** The user's access changed: every granted subscription is held and asked again. */
  recheckAll(subs: Iterable<Subscription>): void {
    this.epoch++;
    for (const sub of subs) if (sub.access) this.recheck(sub, sub.access);
  }

  private recheckBy(granted: Granted): number {
    const { revalidateAfterMs } = this.owner.host.settings;
    const age = revalidateAfterMs > 0 ? granted.checkedAt + revalidateAfterMs : Infinity;
    return Math.min(age, granted.grant.until ?? Infinity);
  }

  private recheck(sub: Subscription, access: SubscriptionAccess): void {
    const { host, user } = this.owner;
    const generation = ++access.generation;
    access.held ??= [];
    const checkedAt = host.now();
    host.reauthorize(user, sub.destination).then(
      (grant) => this.settle(sub, access, generation, grant && { grant, checkedAt }),
      (err: unknown) => {
        host.log.error({ err, destination: sub.destination }, 'live: re-check failed');
        this.settle(sub, access, generation, null);
      },
    );
  }

  /** The newest re-check's answer: the held messages go out, or the subscription is dropped. */
  private settle(
    sub: Subscription,
    access: SubscriptionAccess,
    generation: number,
    granted: Granted | null,
  ): void {
    if (access.generation !== generation || !this.owner.has(sub)) return;
    const held = access.held ?? [];
    access.held = null;
    if (!granted) return this.owner.drop(sub, 'access ended');
    access.grant = granted.grant;
    access.recheckBy = this.recheckBy(granted);
    for (const m of held) this.owner.write(sub, m);
  }
}
