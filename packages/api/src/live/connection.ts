// One shared STOMP connection (design.md §1, spec §7 and §9): native WebSocket to
// ws(s)://host/ws, falling back to SockJS (sockjs-client, loaded on demand) at
// http(s)://host/ws when a WebSocket attempt fails before the STOMP session is up.
// Reconnects every 5 000 ms, heart-beats 10 000 ms both ways, no connection timeout.
// Subscriptions are kept here and re-issued after every reconnect; reconnect listeners let
// SWR revalidate what may have been missed while the socket was down.

import {
  Client,
  type IFrame,
  type IMessage,
  type IStompSocket,
  type StompSubscription,
  TickerStrategy,
} from '@stomp/stompjs';
import { LiveDestinations } from './destinations.ts';
import { liveUrls } from './urls.ts';

export type LiveStatus = 'connecting' | 'open' | 'closed';

export interface LiveMessage<T = unknown> {
  destination: string;
  /** Parsed JSON when the frame says application/json, else the text. */
  body: T;
  headers: Record<string, string>;
}

export type LiveHandler = (body: unknown, message: LiveMessage) => void;

/** What the React hooks need; implemented by LiveConnection, FakeLiveClient and the idle client. */
export interface LiveClient {
  readonly status: LiveStatus;
  /** Keeps the subscription across reconnects until the returned function is called. */
  subscribe(destination: string, handler: LiveHandler): () => void;
  onStatus(listener: (status: LiveStatus) => void): () => void;
  /** Called after every successful reconnect (not the first connect). */
  onReconnect(listener: () => void): () => void;
  /**
   * The live connection's round trip in ms: a SEND to the ping destination with a `receipt`
   * header, timed until its RECEIPT. Rejects when not connected or after `timeoutMs`.
   */
  ping(timeoutMs?: number): Promise<number>;
}

/** How long `ping` waits for its RECEIPT by default. */
export const PING_TIMEOUT_MS = 5_000;

/** `ping` got no RECEIPT: not connected, or none in time. */
export class LivePingError extends Error {
  constructor(readonly reason: 'not-connected' | 'timeout') {
    super(reason === 'not-connected' ? 'Inte ansluten' : 'Inget svar i tid');
  }
}

export interface LiveError {
  message: string;
  /** Set when the server refused a SUBSCRIBE; that destination is not retried. */
  destination?: string;
}

type SockJSCtor = new (
  url: string,
  protocols?: string | string[] | null,
  options?: { transports?: string[] },
) => IStompSocket;

export interface LiveConnectionOptions {
  /** http(s) or ws(s) base of the endpoint; default `location` with path /ws. */
  url?: string;
  /** Spec §9: 5000. */
  reconnectDelay?: number;
  /** Spec §9: 10000 in each direction. */
  heartbeatMs?: number;
  /**
   * `TickerStrategy.Worker` keeps outgoing heart-beats on time in background tabs (Chrome
   * throttles timers there) but needs `worker-src blob:` in a CSP. Default Interval.
   */
  heartbeatStrategy?: TickerStrategy;
  /** Native WebSocket factory (tests, Node). Default `new WebSocket(url, protocols)`. */
  createWebSocket?: (url: string, protocols: string[]) => IStompSocket;
  /** SockJS factory (tests). Default: `sockjs-client`, imported on first use. */
  createSockJS?: (url: string) => IStompSocket;
  /** SockJS transports; the server serves exactly these. */
  sockjsTransports?: string[];
  /** Start with SockJS instead of native WebSocket. */
  preferSockJS?: boolean;
  onError?: (error: LiveError) => void;
  /**
   * The server closed the socket because sessions of this user were ended (logout or password
   * change elsewhere: close 4001 'Sessionen har avslutats'). LiveProvider then asks for the
   * session again, so a tab whose session is gone is signed out, and told why, at once.
   * Not called for the socket's own expiry timer ('Sessionen har gått ut'): asking then would
   * count as activity and stretch the idle timeout.
   */
  onSessionEnded?: () => void;
  debug?: (message: string) => void;
}

interface Topic {
  destination: string;
  handlers: Set<LiveHandler>;
  stomp: StompSubscription | undefined;
  /** Refused by the server: not re-subscribed on reconnect. */
  denied: boolean;
}

const STOMP_PROTOCOLS = ['v12.stomp', 'v11.stomp', 'v10.stomp'];
/** Close reason of the server's closeUser() (server/src/live/attach.ts), code 4001. */
const SESSIONS_ENDED = 'Sessionen har avslutats';
export const DEFAULT_SOCKJS_TRANSPORTS = ['websocket', 'xhr-streaming', 'xhr-polling'];

export class LiveConnection implements LiveClient {
  private readonly client: Client;
  private readonly topics = new Map<string, Topic>();
  private readonly statusListeners = new Set<(s: LiveStatus) => void>();
  private readonly reconnectListeners = new Set<() => void>();
  private readonly urls: { websocket: string; sockjs: string };
  private currentStatus: LiveStatus = 'closed';
  private running = false;
  private everConnected = false;
  private attemptConnected = false;
  private useSockJS: boolean;
  private sockjs: ((url: string) => IStompSocket) | undefined;
  private subCounter = 0;
  private pingCounter = 0;
  /** Transport of the current attempt, for diagnostics and tests. */
  transport: 'websocket' | 'sockjs' | undefined;

  constructor(private readonly options: LiveConnectionOptions = {}) {
    this.urls = liveUrls(options.url);
    this.useSockJS = options.preferSockJS ?? false;
    this.sockjs = options.createSockJS;
    const heartbeat = options.heartbeatMs ?? 10_000;
    const debug = options.debug;
    this.client = new Client({
      reconnectDelay: options.reconnectDelay ?? 5_000,
      heartbeatIncoming: heartbeat,
      heartbeatOutgoing: heartbeat,
      heartbeatStrategy: options.heartbeatStrategy ?? TickerStrategy.Interval,
      connectionTimeout: 0, // spec §9: no connection timeout
      maxWebSocketChunkSize: 8 * 1024, // spec §9
      debug: debug ?? (() => {}),
      beforeConnect: () => this.beforeConnect(),
      webSocketFactory: () => this.createSocket(),
      onConnect: () => this.handleConnect(),
      onStompError: (frame) => this.handleStompError(frame),
      onWebSocketClose: (event?: { code?: number; reason?: string }) => this.handleClose(event),
    });
  }

  get status(): LiveStatus {
    return this.currentStatus;
  }

  get connected(): boolean {
    return this.client.connected;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.setStatus('connecting');
    this.client.activate(); // waits for a deactivation still in progress
  }

  async stop(): Promise<void> {
    this.running = false;
    this.setStatus('closed');
    for (const t of this.topics.values()) t.stomp = undefined;
    await this.client.deactivate();
  }

  subscribe(destination: string, handler: LiveHandler): () => void {
    let topic = this.topics.get(destination);
    if (!topic) {
      topic = { destination, handlers: new Set(), stomp: undefined, denied: false };
      this.topics.set(destination, topic);
    }
    topic.handlers.add(handler);
    if (!topic.stomp && !topic.denied && this.client.connected) this.stompSubscribe(topic);
    const t = topic;
    return () => {
      t.handlers.delete(handler);
      if (t.handlers.size > 0 || this.topics.get(destination) !== t) return;
      this.topics.delete(destination);
      if (t.stomp && this.client.connected) {
        try {
          t.stomp.unsubscribe();
        } catch {
          // the connection went away meanwhile
        }
      }
      t.stomp = undefined;
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
    if (!this.client.connected) return Promise.reject(new LivePingError('not-connected'));
    const receipt = `ping-${++this.pingCounter}`;
    return new Promise((resolve, reject) => {
      const started = performance.now();
      const timer = setTimeout(() => reject(new LivePingError('timeout')), timeoutMs);
      this.client.watchForReceipt(receipt, () => {
        clearTimeout(timer);
        resolve(performance.now() - started);
      });
      try {
        this.client.publish({ destination: LiveDestinations.ping, headers: { receipt } });
      } catch {
        clearTimeout(timer);
        reject(new LivePingError('not-connected'));
      }
    });
  }

  /** Destinations with at least one handler (diagnostics, tests). */
  get destinations(): string[] {
    return [...this.topics.keys()];
  }

  // ---- internals

  private setStatus(status: LiveStatus): void {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    for (const l of [...this.statusListeners]) l(status);
  }

  private async beforeConnect(): Promise<void> {
    if (this.useSockJS && !this.sockjs) {
      try {
        const mod = (await import('sockjs-client')) as unknown as { default?: SockJSCtor };
        const SockJS = (mod.default ?? mod) as SockJSCtor;
        const transports = this.options.sockjsTransports ?? DEFAULT_SOCKJS_TRANSPORTS;
        this.sockjs = (url) => new SockJS(url, null, { transports });
      } catch (err) {
        this.options.debug?.(`live: sockjs-client failed to load: ${String(err)}`);
        this.useSockJS = false;
      }
    }
  }

  private createSocket(): IStompSocket {
    this.attemptConnected = false;
    if (this.useSockJS && this.sockjs) {
      this.transport = 'sockjs';
      return this.sockjs(this.urls.sockjs);
    }
    this.transport = 'websocket';
    const create =
      this.options.createWebSocket ??
      ((url: string, protocols: string[]) =>
        new WebSocket(url, protocols) as unknown as IStompSocket);
    return create(this.urls.websocket, STOMP_PROTOCOLS);
  }

  private handleConnect(): void {
    this.attemptConnected = true;
    for (const topic of this.topics.values()) {
      topic.stomp = undefined;
      if (!topic.denied && topic.handlers.size > 0) this.stompSubscribe(topic);
    }
    this.setStatus('open');
    if (this.everConnected) {
      for (const l of [...this.reconnectListeners]) {
        try {
          l();
        } catch (err) {
          this.options.debug?.(`live: reconnect listener failed: ${String(err)}`);
        }
      }
    }
    this.everConnected = true;
  }

  private handleClose(event?: { code?: number; reason?: string }): void {
    for (const t of this.topics.values()) t.stomp = undefined;
    if (this.running && event?.code === 4001 && event.reason === SESSIONS_ENDED)
      this.options.onSessionEnded?.();
    if (this.attemptConnected) {
      // A session that worked ended: try the native WebSocket first again.
      this.useSockJS = this.options.preferSockJS ?? false;
    } else {
      // The attempt never got to CONNECTED: alternate between WebSocket and SockJS.
      this.useSockJS = !this.useSockJS;
    }
    this.attemptConnected = false;
    this.setStatus(this.running ? 'connecting' : 'closed');
  }

  private handleStompError(frame: IFrame): void {
    const destination = frame.headers.destination;
    const message = frame.headers.message ?? frame.body ?? 'STOMP error';
    const topic = destination ? this.topics.get(destination) : undefined;
    if (topic) topic.denied = true;
    this.options.onError?.(topic ? { message, destination } : { message });
  }

  private stompSubscribe(topic: Topic): void {
    const id = `sub-${++this.subCounter}`;
    topic.stomp = this.client.subscribe(
      topic.destination,
      (message) => this.dispatch(topic, message),
      { id },
    );
  }

  private dispatch(topic: Topic, message: IMessage): void {
    let body: unknown = message.body;
    if ((message.headers['content-type'] ?? '').startsWith('application/json')) {
      try {
        body = JSON.parse(message.body);
      } catch {
        // keep the text
      }
    }
    const live: LiveMessage = {
      destination: topic.destination,
      body,
      headers: { ...message.headers },
    };
    for (const handler of [...topic.handlers]) {
      try {
        handler(body, live);
      } catch (err) {
        this.options.onError?.({
          message: `live: handler failed: ${String(err)}`,
          destination: topic.destination,
        });
      }
    }
  }
}

/** The client used when nobody is signed in: never connects, subscriptions are no-ops. */
export const idleLiveClient: LiveClient = {
  status: 'closed',
  subscribe: () => () => {},
  onStatus: () => () => {},
  onReconnect: () => () => {},
  ping: () => Promise.reject(new LivePingError('not-connected')),
};
