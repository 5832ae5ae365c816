// STOMP 1.2 heart-beating for one session (§Heart-beating, with sx = sy = the server's interval):
// the negotiation of a CONNECT frame's `heart-beat` header, and the timers that keep a connected
// session's liveness: a newline every outgoing interval, and an end when the peer stays silent
// for its interval × the grace factor (transport pings stand in where the client sends no
// heart-beats; SockJS runs its own liveness checks).
import type { LiveTransport } from './types.ts';

export const MAX_TIMER_MS = 2 ** 31 - 1;

export interface HeartBeatSettings {
  /** What the server offers in both directions (sx, sy). */
  heartBeatMs: number;
  /** A client is closed after `incoming interval × factor` without any data. */
  heartBeatGraceFactor: number;
  connectTimeoutMs: number;
}

/** Negotiated intervals in ms (0 = none). */
export interface HeartBeat {
  outgoing: number;
  incoming: number;
}

/** The intervals for a CONNECT's `heart-beat` header, or null when the header is malformed. */
export function negotiateHeartBeat(header: string, serverMs: number): HeartBeat | null {
  const m = /^\s*(\d{1,9})\s*,\s*(\d{1,9})\s*$/.exec(header);
  if (!m) return null;
  const cx = Number(m[1]); // client can send every cx ms
  const cy = Number(m[2]); // client wants to receive every cy ms
  return {
    outgoing: serverMs === 0 || cy === 0 ? 0 : Math.max(serverMs, cy),
    incoming: cx === 0 || serverMs === 0 ? 0 : Math.max(cx, serverMs),
  };
}

/** The liveness timers of one connected session. */
export class Liveness {
  #send: NodeJS.Timeout | undefined;
  #ping: NodeJS.Timeout | undefined;
  #idle: NodeJS.Timeout | undefined;

  /**
   * Starts the timers for `beat`: `beat()` writes an outgoing heart-beat, `silent()` is called
   * once the peer has been silent too long.
   */
  start(
    beat: HeartBeat,
    settings: HeartBeatSettings,
    transport: LiveTransport,
    { write, silent }: { write: () => void; silent: () => void },
  ): void {
    const { heartBeatMs: s, heartBeatGraceFactor, connectTimeoutMs } = settings;
    if (beat.outgoing > 0) this.#send = setInterval(write, Math.min(beat.outgoing, MAX_TIMER_MS));
    let idleMs: number;
    if (beat.incoming > 0) {
      idleMs = beat.incoming * heartBeatGraceFactor;
    } else {
      // No STOMP heart-beats from the client: fall back to transport pings where possible.
      idleMs = Math.max(3 * (s || 10_000), connectTimeoutMs) * heartBeatGraceFactor;
      if (transport.ping) {
        const ping = () => transport.ping?.();
        this.#ping = setInterval(ping, Math.min(idleMs / heartBeatGraceFactor, MAX_TIMER_MS));
      } else if (transport.kind === 'sockjs') {
        idleMs = 0; // SockJS runs its own liveness checks (heartbeat frames, disconnect delay)
      }
    }
    if (idleMs > 0) this.#idle = setTimeout(silent, Math.min(idleMs, MAX_TIMER_MS));
  }

  /** Any sign of life from the peer (data, or a transport pong). */
  touch(): void {
    this.#idle?.refresh();
  }

  stop(): void {
    clearInterval(this.#send);
    clearInterval(this.#ping);
    clearTimeout(this.#idle);
    this.#send = this.#ping = this.#idle = undefined;
  }
}
