// In-memory LiveClient for stories and component tests: no socket; `emit` delivers to whatever
// useTopic subscribed, `setStatus` and `reconnect` drive useLiveStatus and reconnect hooks.
import {
  LivePingError,
  PING_TIMEOUT_MS,
  type LiveClient,
  type LiveHandler,
  type LiveMessage,
  type LiveStatus,
} from './connection.ts';

export class FakeLiveClient implements LiveClient {
  private readonly handlers = new Map<string, Set<LiveHandler>>();
  private readonly statusListeners = new Set<(s: LiveStatus) => void>();
  private readonly reconnectListeners = new Set<() => void>();
  private currentStatus: LiveStatus;
  /** Everything emitted, in order (assert on it in tests). */
  readonly emitted: { destination: string; body: unknown; delivered: number }[] = [];
  /** What `ping` answers while open, in ms; `null`: no RECEIPT ever comes (times out). */
  pingMs: number | null = 12;

  constructor(status: LiveStatus = 'open') {
    this.currentStatus = status;
  }

  get status(): LiveStatus {
    return this.currentStatus;
  }

  subscribe(destination: string, handler: LiveHandler): () => void {
    let set = this.handlers.get(destination);
    if (!set) this.handlers.set(destination, (set = new Set()));
    set.add(handler);
    return () => {
      set.delete(handler);
      if (set.size === 0 && this.handlers.get(destination) === set)
        this.handlers.delete(destination);
    };
  }

  onStatus(listener: (s: LiveStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  ping(timeoutMs = PING_TIMEOUT_MS): Promise<number> {
    if (this.currentStatus !== 'open') return Promise.reject(new LivePingError('not-connected'));
    const answer = this.pingMs;
    return new Promise((resolve, reject) => {
      if (answer === null) setTimeout(() => reject(new LivePingError('timeout')), timeoutMs);
      else setTimeout(() => resolve(answer), 0);
    });
  }

  /** Delivers `body` to the subscribers of `destination`; returns how many got it. */
  emit(destination: string, body: unknown): number {
    const handlers = [...(this.handlers.get(destination) ?? [])];
    const message: LiveMessage = {
      destination,
      body,
      headers: { destination, 'content-type': 'application/json' },
    };
    for (const h of handlers) h(body, message);
    this.emitted.push({ destination, body, delivered: handlers.length });
    return handlers.length;
  }

  setStatus(status: LiveStatus): void {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    for (const l of [...this.statusListeners]) l(status);
  }

  /** Simulates a drop and a successful reconnect: connecting → open, then reconnect listeners. */
  reconnect(): void {
    this.setStatus('connecting');
    this.setStatus('open');
    for (const l of [...this.reconnectListeners]) l();
  }

  /** Destinations someone is subscribed to. */
  get destinations(): string[] {
    return [...this.handlers.keys()];
  }
}
