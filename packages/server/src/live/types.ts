// Shared types of the live (STOMP) server.

/** Who is on the other end of a socket, as the app's authenticate callback found it. */
export interface LiveUser {
  id: string | number;
  /**
   * Epoch ms at which the HTTP session behind this socket ends (absolute or idle timeout).
   * The socket is closed with an ERROR frame then; the client reconnects and authenticates
   * again, so a session that was extended in the meantime simply continues.
   */
  expiresAt?: number;
}

/**
 * What the app's `authorize` grants for one subscription (design: live/README.md, "Rights that
 * end"). `true` is a grant without an end.
 */
export interface LiveGrant {
  /**
   * When the right behind the grant ends, in ms of the server's `now()` (the app clock), e.g. an
   * emergency access's end: the first delivery after it re-checks the subscription first.
   */
  until?: number;
  /**
   * Opaque to the live server: handed to `delivered` with every message written to this
   * subscription (the app logs a staff member's read of a client). Absent → not reported.
   */
  audit?: unknown;
}

/** Structured logger; Fastify's `app.log` (pino) fits. */
export interface LiveLogger {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export const consoleWarnLogger: LiveLogger = {
  debug: () => {},
  info: () => {},
  warn: (obj, msg) => console.warn(`[live] ${msg}`, obj),
  error: (obj, msg) => console.error(`[live] ${msg}`, obj),
};

/**
 * WebSocket close codes the server uses. Spec §9: closing codes are 1000 or 3000–4999 with a
 * reason of at most 123 bytes, which is what sockjs-client accepts as well.
 */
export const LiveCloseCodes = {
  NORMAL: 1000,
  /** closeUser() (logout) or the HTTP session expired. */
  SESSION_ENDED: 4001,
  PROTOCOL_ERROR: 4400,
  /** SockJS session without an authenticated handshake. */
  UNAUTHORIZED: 4401,
  /** SUBSCRIBE to a destination the user may not read. */
  FORBIDDEN: 4403,
  /** No heart-beat (or any data) from the client within the grace period. */
  HEARTBEAT_TIMEOUT: 4408,
  FRAME_TOO_LARGE: 4413,
  /** The client does not read what it is sent. */
  SLOW_CONSUMER: 4429,
  /** Server shutting down; clients reconnect. */
  SHUTDOWN: 4503,
} as const;

/** What a STOMP session writes to and closes. */
export interface LiveTransport {
  readonly kind: 'websocket' | 'sockjs';
  send(data: string): void;
  close(code: number, reason: string): void;
  /** Bytes queued in user space and not yet handed to the kernel (0 when unknown). */
  bufferedAmount(): number;
  /** Transport-level ping, used when the client negotiated no STOMP heart-beats. */
  ping?(): void;
  /** Stop / start reading from the peer (back-pressure on incoming frames), where possible. */
  pause?(): void;
  resume?(): void;
  /** Drops the connection at once, without a close handshake (a peer that does not read). */
  terminate?(): void;
}
