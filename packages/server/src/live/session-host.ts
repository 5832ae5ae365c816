// What a STOMP session (session.ts) is given: its settings, and its host, the live server
// (attach.ts), through which it reaches the broker, the log, the grants and the clock.
import type { LocalBroker } from './broker.ts';
import type { Granted } from './granted.ts';
import type { HeartBeatSettings } from './heart-beat.ts';
import type { FrameLimits } from './frames.ts';
import type { StompSession } from './session.ts';
import type { LiveGrant, LiveLogger, LiveUser } from './types.ts';

export interface SessionSettings extends HeartBeatSettings {
  limits: FrameLimits;
  maxSubscriptions: number;
  /** Close the socket when more than this many bytes wait to be written (checked on every frame). */
  maxBufferedBytes: number;
  /**
   * Incoming frames waiting behind a pending SUBSCRIBE: at this many the transport stops reading
   * (WebSocket), at 8× (what one message can still carry) the session is closed.
   */
  maxQueuedFrames: number;
  /** SUBSCRIBE frames per second per session (token bucket), and the burst allowed at once. */
  subscribesPerSecond: number;
  subscribeBurst: number;
  /** A grant older than this (ms of `now()`) is re-checked at its next delivery; 0 = never. */
  revalidateAfterMs: number;
  /** The caller's own `/topic/users/{id}/…` are asked of `authorize` too (attach.ts). */
  authorizeOwnTopics: boolean;
}

export interface SessionHost<U extends LiveUser> {
  settings: SessionSettings;
  broker: LocalBroker;
  log: LiveLogger;
  /**
   * `authorize`, through the short cache of grants; null = refused. `current()` says whether the
   * answer may still be cached (no re-check of this user began meanwhile).
   */
  authorize(user: U, destination: string, current: () => boolean): Promise<Granted | null>;
  /** `authorize` itself, never cached: re-checks. */
  reauthorize(user: U, destination: string): Promise<LiveGrant | null>;
  /** The clock of grants (`until`, revalidation): the app's. */
  now(): number;
  /** A message was written to a subscription whose grant carries `audit`. */
  delivered(user: U, destination: string, audit: unknown, json: string): void;
  closed(session: StompSession<U>): void;
}
