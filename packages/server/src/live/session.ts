// One STOMP 1.2 session on one transport (a `ws` WebSocket or a SockJS connection).
// The user was authenticated at the HTTP handshake; here: CONNECT/STOMP → CONNECTED with
// heart-beat negotiation, SUBSCRIBE (authorised per destination) / UNSUBSCRIBE, ACK/NACK
// (accepted, no-ops: messages are transient), SEND only to the ping destination (answered with
// its RECEIPT: the client times the live connection's round trip, /test), DISCONNECT with
// receipt, and ERROR + close for anything wrong. Client frames are handled strictly in order, also across the asynchronous
// authorisation of a SUBSCRIBE.
//
// A subscription the app's `authorize` granted keeps its grant (subscription.access) and is
// re-checked — its messages held meanwhile, in order — when the app says the user's access
// changed (`recheck`, from LiveServer.recheckAccess on every instance), when the grant's `until`
// has passed, and when the grant is older than `revalidateAfterMs`; a refusal drops the
// subscription silently (the socket and its other subscriptions stay). Every message written
// to a granted subscription with an `audit` value is reported to the host (`delivered`).

import type { MessageSink, Subscription, SubscriptionAccess } from './broker.ts';
import { type Granted, Grants, type HeldMessage } from './granted.ts';
import { classifySubscription, LiveDestinations } from './destinations.ts';
import { type HeartBeat, Liveness, MAX_TIMER_MS, negotiateHeartBeat } from './heart-beat.ts';
import type { SessionHost } from './session-host.ts';
import {
  type ClientFrame,
  StompParser,
  StompProtocolError,
  encodeFrame,
  escapeHeader,
} from './frames.ts';
import { LiveCloseCodes, type LiveTransport, type LiveUser } from './types.ts';

const SERVER_NAME = 'Halsoportalen/1';

type State = 'awaiting-connect' | 'connected' | 'closed';

export class StompSession<U extends LiveUser> implements MessageSink {
  readonly id: string;
  readonly userKey: string;
  private state: State = 'awaiting-connect';
  private readonly parser: StompParser;
  private readonly subs = new Map<string, Subscription>();
  private readonly queue: ClientFrame[] = [];
  private busy = false;
  private paused = false;
  private subscribeTokens: number;
  private subscribeRefilledAt = Date.now();
  private connectTimer: NodeJS.Timeout | undefined;
  private readonly liveness = new Liveness();
  private expiryTimer: NodeJS.Timeout | undefined;
  private readonly grants: Grants<U>;
  /** Negotiated intervals (0 = none), for tests and diagnostics. */
  heartBeat: HeartBeat = { outgoing: 0, incoming: 0 };

  constructor(
    private readonly transport: LiveTransport,
    readonly user: U,
    private readonly host: SessionHost<U>,
  ) {
    this.userKey = String(user.id);
    this.grants = new Grants<U>({
      user,
      host,
      has: (sub) => this.subs.get(sub.id) === sub,
      write: (sub, message) => this.writeMessage(sub, message),
      drop: (sub, why) => this.drop(sub, why),
    });
    this.id = host.broker.nextSessionId();
    const s = host.settings;
    this.parser = new StompParser(s.limits, (f) => this.enqueue(f));
    this.subscribeTokens = s.subscribeBurst;
    this.connectTimer = setTimeout(
      () => this.fail('Ingen CONNECT-ram inom tidsgränsen', LiveCloseCodes.PROTOCOL_ERROR),
      s.connectTimeoutMs,
    );
    if (user.expiresAt !== undefined) {
      const ms = Math.min(Math.max(0, user.expiresAt - Date.now()), MAX_TIMER_MS);
      this.expiryTimer = setTimeout(
        () => this.end('Sessionen har gått ut', LiveCloseCodes.SESSION_ENDED),
        ms,
      );
    }
  }

  get isOpen(): boolean {
    return this.state !== 'closed';
  }

  get subscriptionCount(): number {
    return this.subs.size;
  }

  /** Bytes (or a string) from the transport. */
  receive(data: Buffer | string): void {
    if (this.state === 'closed') return;
    this.touch();
    try {
      this.parser.push(data);
    } catch (err) {
      if (err instanceof StompProtocolError) {
        const code =
          err.kind === 'malformed' ? LiveCloseCodes.PROTOCOL_ERROR : LiveCloseCodes.FRAME_TOO_LARGE;
        this.fail(err.message, code);
      } else {
        this.host.log.error({ err }, 'live: parser failure');
        this.fail('Internt fel', LiveCloseCodes.PROTOCOL_ERROR);
      }
    }
  }

  /** Any sign of life from the peer (data, or a transport pong). */
  touch(): void {
    this.liveness.touch();
  }

  /** The transport closed (peer went away, or after our own close). */
  transportClosed(): void {
    this.state = 'closed';
    this.cleanup();
  }

  /** Sends an ERROR frame with `message` and closes: logout, session expiry. */
  end(message: string, code: number = LiveCloseCodes.SESSION_ENDED): void {
    this.fail(message, code);
  }

  /** Closes without an ERROR frame (server shutdown). */
  shutdown(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.cleanup();
    this.safeClose(LiveCloseCodes.SHUTDOWN, 'Server shutting down');
  }

  // ---- MessageSink

  deliver(sub: Subscription, messageId: string, tail: string, json: string): void {
    if (this.state !== 'connected') return;
    if (sub.access && this.grants.holds(sub, sub.access, { messageId, tail, json })) return;
    this.writeMessage(sub, { messageId, tail, json });
  }

  /** The user's access changed: every granted subscription is held and asked again. */
  recheck(): void {
    if (this.state !== 'closed') this.grants.recheckAll(this.subs.values());
  }

  /** Ends one subscription without a word to the client (STOMP has no server UNSUBSCRIBE). */
  private drop(sub: Subscription, why: string): void {
    if (this.subs.get(sub.id) === sub) this.subs.delete(sub.id);
    this.host.broker.remove(sub);
    if (sub.access) sub.access.held = null;
    this.host.log.info(
      { user: this.userKey, destination: sub.destination, why },
      'live: subscription dropped',
    );
  }

  private writeMessage(sub: Subscription, { messageId, tail, json }: HeldMessage): void {
    if (this.state !== 'connected') return;
    let frame = `MESSAGE\nsubscription:${sub.headerId}\nmessage-id:${messageId}\ndestination:${sub.destination}\n`;
    if (sub.ack !== 'auto') frame += `ack:${messageId}\n`;
    if (!this.write(frame + tail)) return;
    const audit = sub.access?.grant.audit;
    if (audit !== undefined) {
      try {
        this.host.delivered(this.user, sub.destination, audit, json);
      } catch (err) {
        this.host.log.error({ err, destination: sub.destination }, 'live: delivered() failed');
      }
    }
  }

  /**
   * Every frame the server sends goes through here: a peer that has left more than
   * `maxBufferedBytes` unread (it asks for RECEIPTs and never reads them, or stopped reading
   * pushes) is dropped at once, so what one client makes the server hold stays bounded.
   */
  private write(data: string): boolean {
    if (this.state === 'closed') return false;
    if (this.transport.bufferedAmount() > this.host.settings.maxBufferedBytes) {
      this.host.log.warn({ user: this.userKey }, 'live: slow consumer closed');
      this.state = 'closed';
      this.cleanup();
      if (this.transport.terminate) this.transport.terminate();
      else this.safeClose(LiveCloseCodes.SLOW_CONSUMER, 'Slow consumer');
      return false;
    }
    this.transport.send(data);
    return true;
  }

  // ---- frames

  private enqueue(frame: ClientFrame): void {
    if (this.state === 'closed') return;
    // Counted as they arrive, so a storm in one message is refused before anything is queued.
    if (frame.command === 'SUBSCRIBE' && !this.takeSubscribeToken()) {
      return this.fail(
        'För många SUBSCRIBE per sekund',
        LiveCloseCodes.SLOW_CONSUMER,
        frame.headers.get('receipt'),
      );
    }
    this.queue.push(frame);
    const max = this.host.settings.maxQueuedFrames;
    if (this.queue.length > max * 8) {
      return this.fail('För många ramar i kö', LiveCloseCodes.SLOW_CONSUMER);
    }
    if (this.queue.length >= max && !this.paused && this.transport.pause) {
      this.paused = true;
      this.transport.pause();
    }
    if (!this.busy) this.pump();
  }

  private pump(): void {
    while (!this.busy && this.queue.length > 0 && this.state !== 'closed') {
      const frame = this.queue.shift() as ClientFrame;
      let result: Promise<void> | void;
      try {
        result = this.handle(frame);
      } catch (err) {
        this.host.log.error({ err, command: frame.command }, 'live: frame handler failed');
        this.fail('Internt fel', LiveCloseCodes.PROTOCOL_ERROR);
        return;
      }
      if (result) {
        this.busy = true;
        result.then(
          () => {
            this.busy = false;
            this.pump();
            if (this.paused && this.queue.length === 0 && this.state !== 'closed') {
              this.paused = false;
              this.transport.resume?.();
            }
          },
          (err: unknown) => {
            this.busy = false;
            this.host.log.error({ err, command: frame.command }, 'live: frame handler failed');
            this.fail('Internt fel', LiveCloseCodes.PROTOCOL_ERROR);
          },
        );
      }
    }
  }

  private handle(frame: ClientFrame): Promise<void> | void {
    const { command, headers } = frame;
    if (this.state === 'awaiting-connect') {
      if (command === 'CONNECT' || command === 'STOMP') return this.onConnect(headers);
      return this.fail('Första ramen måste vara CONNECT', LiveCloseCodes.PROTOCOL_ERROR);
    }
    const receipt = headers.get('receipt');
    switch (command) {
      case 'SUBSCRIBE':
        return this.onSubscribe(headers, receipt);
      case 'UNSUBSCRIBE': {
        const id = headers.get('id');
        if (id === undefined) {
          return this.fail('UNSUBSCRIBE saknar id', LiveCloseCodes.PROTOCOL_ERROR, receipt);
        }
        const sub = this.subs.get(id);
        if (sub) {
          this.subs.delete(id);
          this.host.broker.remove(sub);
        }
        return this.receipt(receipt);
      }
      case 'ACK':
      case 'NACK':
        return this.receipt(receipt);
      case 'SEND':
        // Clients do not publish; the one exception is the ping, which only asks for a RECEIPT.
        if (headers.get('destination') === LiveDestinations.ping) return this.receipt(receipt);
        return this.fail(`Kommandot ${command} stöds inte`, LiveCloseCodes.PROTOCOL_ERROR, receipt);
      case 'DISCONNECT':
        this.receipt(receipt);
        this.state = 'closed';
        this.cleanup();
        this.safeClose(LiveCloseCodes.NORMAL, 'Disconnect');
        return;
      case 'CONNECT':
      case 'STOMP':
        return this.fail('Redan ansluten', LiveCloseCodes.PROTOCOL_ERROR, receipt);
      default:
        return this.fail(`Kommandot ${command} stöds inte`, LiveCloseCodes.PROTOCOL_ERROR, receipt);
    }
  }

  private onConnect(headers: Map<string, string>): void {
    const versions = (headers.get('accept-version') ?? '').split(',').map((v) => v.trim());
    const version = versions.includes('1.2') ? '1.2' : versions.includes('1.1') ? '1.1' : null;
    if (!version) {
      return this.fail('Endast STOMP 1.2 stöds', LiveCloseCodes.PROTOCOL_ERROR, undefined, {
        version: '1.2',
      });
    }
    const s = this.host.settings.heartBeatMs;
    const beat = negotiateHeartBeat(headers.get('heart-beat') ?? '0,0', s);
    if (!beat) return this.fail('Ogiltig heart-beat-header', LiveCloseCodes.PROTOCOL_ERROR);
    this.heartBeat = beat;

    clearTimeout(this.connectTimer);
    this.connectTimer = undefined;
    this.state = 'connected';
    this.write(
      encodeFrame('CONNECTED', {
        version,
        'heart-beat': `${s},${s}`,
        session: this.id,
        server: SERVER_NAME,
        'user-name': this.userKey,
      }),
    );
    this.liveness.start(beat, this.host.settings, this.transport, {
      write: () => {
        if (this.state === 'connected') this.write('\n');
      },
      silent: () => this.fail('Inga heart-beats från klienten', LiveCloseCodes.HEARTBEAT_TIMEOUT),
    });
  }

  private async onSubscribe(headers: Map<string, string>, receipt: string | undefined) {
    const id = headers.get('id');
    const destination = headers.get('destination');
    const ackHeader = headers.get('ack') ?? 'auto';
    if (id === undefined || id === '' || destination === undefined) {
      return this.fail(
        'SUBSCRIBE saknar id eller destination',
        LiveCloseCodes.PROTOCOL_ERROR,
        receipt,
      );
    }
    if (ackHeader !== 'auto' && ackHeader !== 'client' && ackHeader !== 'client-individual') {
      return this.fail('Ogiltigt ack-läge', LiveCloseCodes.PROTOCOL_ERROR, receipt);
    }
    if (this.subs.has(id)) {
      return this.fail(`Prenumerationen ${id} finns redan`, LiveCloseCodes.PROTOCOL_ERROR, receipt);
    }
    if (this.subs.size >= this.host.settings.maxSubscriptions) {
      return this.fail('För många prenumerationer', LiveCloseCodes.PROTOCOL_ERROR, receipt);
    }
    const verdict = classifySubscription(destination, this.userKey);
    if (verdict.verdict === 'deny') {
      return this.forbidden(destination, verdict.reason, receipt);
    }
    let access: SubscriptionAccess | undefined;
    const ownTopic =
      verdict.verdict === 'allow' &&
      this.host.settings.authorizeOwnTopics &&
      destination.startsWith('/topic/users/');
    if (verdict.verdict === 'ask' || ownTopic) {
      let granted: Granted | null = null;
      const epoch = this.grants.epoch;
      try {
        granted = await this.host.authorize(
          this.user,
          destination,
          () => this.grants.epoch === epoch,
        );
      } catch (err) {
        this.host.log.error({ err, destination }, 'live: authorize failed');
      }
      if (this.state !== 'connected') return;
      if (!granted)
        return this.forbidden(destination, 'Ingen behörighet till destinationen', receipt);
      access = this.grants.access(granted, epoch);
    }
    const sub: Subscription = {
      id,
      headerId: escapeHeader(id),
      destination,
      key: verdict.key,
      ack: ackHeader,
      sink: this,
      ...(access ? { access } : {}),
    };
    this.subs.set(id, sub);
    this.host.broker.add(sub);
    this.receipt(receipt);
  }

  private forbidden(destination: string, reason: string, receipt: string | undefined): void {
    this.host.log.info({ user: this.userKey, destination }, 'live: subscription refused');
    this.fail(reason, LiveCloseCodes.FORBIDDEN, receipt, { destination });
  }

  private receipt(receipt: string | undefined): void {
    if (receipt !== undefined) this.write(encodeFrame('RECEIPT', { 'receipt-id': receipt }));
  }

  private takeSubscribeToken(): boolean {
    const { subscribesPerSecond, subscribeBurst } = this.host.settings;
    const now = Date.now();
    this.subscribeTokens = Math.min(
      subscribeBurst,
      this.subscribeTokens + ((now - this.subscribeRefilledAt) / 1000) * subscribesPerSecond,
    );
    this.subscribeRefilledAt = now;
    if (this.subscribeTokens < 1) return false;
    this.subscribeTokens -= 1;
    return true;
  }

  /** ERROR frame, then close (STOMP 1.2: the server closes the connection after an ERROR). */
  private fail(
    message: string,
    code: number,
    receipt?: string,
    extra: Record<string, string> = {},
  ): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.cleanup();
    try {
      this.transport.send(
        encodeFrame(
          'ERROR',
          { message, 'receipt-id': receipt, ...extra, 'content-type': 'text/plain' },
          message,
        ),
      );
    } catch {
      // the socket may already be gone
    }
    this.safeClose(code, message);
  }

  private safeClose(code: number, reason: string): void {
    // Close reasons are limited to 123 bytes (spec §9).
    let r = reason;
    while (Buffer.byteLength(r) > 123) r = r.slice(0, -1);
    try {
      this.transport.close(code, r);
    } catch {
      // already closed
    }
  }

  private notified = false;

  private cleanup(): void {
    clearTimeout(this.connectTimer);
    clearTimeout(this.expiryTimer);
    this.connectTimer = this.expiryTimer = undefined;
    this.liveness.stop();
    for (const sub of this.subs.values()) this.host.broker.remove(sub);
    this.subs.clear();
    this.queue.length = 0;
    // Read again, so the peer's close handshake (or its going away) is seen.
    if (this.paused) {
      this.paused = false;
      this.transport.resume?.();
    }
    if (!this.notified) {
      this.notified = true;
      this.host.closed(this);
    }
  }
}
