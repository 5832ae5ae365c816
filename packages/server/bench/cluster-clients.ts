// bench:cluster's client fleet (issue 15): the signed-in clients live through nginx (STOMP over
// WebSocket, each subscribed to its conversation, catching up on every reconnect as the portal
// does) and the bookkeeping of every delivery against the coach's sends. cluster.ts connects it
// and feeds it the sends; cluster-report.ts accounts for every message from it and prints it.
import { Client, type IMessage } from '@stomp/stompjs';
import { WebSocket } from 'ws';

export interface Msg {
  id: number;
  content: string;
}

export interface Receiver {
  userId: number;
  cookie: string;
  conversationId: number;
  client: Client;
  ids: Set<number>;
  liveIds: Set<number>;
  lastId: number;
  /** When each (re)subscription's receipt came (ms). */
  receipts: number[];
  connects: number;
}

export interface Sent {
  id: number;
  /** When the send's answer came back (ms, performance.now()). */
  doneAt: number;
  receiver: number;
  sentAt: number;
  phase: 'steady' | 'restart';
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class ClientFleet {
  readonly receivers: Receiver[];
  readonly sent: Sent[] = [];
  readonly latencies: Record<Sent['phase'], number[]> = { steady: [], restart: [] };
  readonly live = { steady: 0, restart: 0 };
  readonly caughtUp = { steady: 0, restart: 0 };
  catchUpFailed = 0;
  duplicates = 0;
  /** Sends that got no 2xx in 30 attempts (none expected). */
  readonly unanswered: { phase: Sent['phase']; clientMessageId: string }[] = [];
  readonly #sentById = new Map<number, Sent>();
  /** Deliveries that arrived before their send's answer: id → when and how. */
  readonly #early = new Map<number, { at: number; how: 'live' | 'catch-up' }>();

  constructor(
    private readonly base: string,
    users: readonly { userId: number; cookie: string; conversationId: number }[],
  ) {
    this.receivers = users.map((u) => ({
      ...u,
      client: undefined as unknown as Client,
      ids: new Set(),
      liveIds: new Set(),
      lastId: 0,
      receipts: [],
      connects: 0,
    }));
  }

  /** How many conversations the clients are in (one each). */
  get conversations(): number {
    return new Map(this.receivers.map((r) => [r.conversationId, r])).size;
  }

  /**
   * Connects every client through nginx (/ws), 50 at a time; each (re)connect subscribes and
   * waits for the receipt, a reconnect then catches up. Resolves with how many connected.
   */
  async connect(): Promise<number> {
    const base = this.base;
    const wsUrl = `${base.replace('http', 'ws')}/ws`;
    let connected = 0;
    let index = 0;
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (index < this.receivers.length) {
          const r = this.receivers[index++]!;
          await new Promise<void>((resolve) => {
            r.client = new Client({
              webSocketFactory: () =>
                new WebSocket(wsUrl, ['v12.stomp'], {
                  headers: { Cookie: r.cookie, Origin: base },
                }),
              reconnectDelay: 500,
              heartbeatIncoming: 10_000,
              heartbeatOutgoing: 10_000,
              debug: () => {},
              onConnect: () => {
                r.connects++;
                const receipt = `sub-${r.connects}`;
                r.client.watchForReceipt(receipt, () => {
                  r.receipts.push(performance.now());
                  if (r.connects === 1) {
                    connected++;
                    resolve();
                  } else void this.#catchUp(r);
                });
                r.client.subscribe(
                  `/topic/conversations/${r.conversationId}/messages`,
                  (f: IMessage) => this.#seen(r, JSON.parse(f.body) as Msg, 'live'),
                  { receipt },
                );
              },
            });
            r.client.activate();
          });
        }
      }),
    );
    return connected;
  }

  /** A counted send (steady or restart phase) that was answered 2xx. */
  answered(s: Sent): void {
    this.sent.push(s);
    this.#sentById.set(s.id, s);
    // Delivered before the answer came back: count it now, at its arrival time.
    const before = this.#early.get(s.id);
    if (before) {
      this.#early.delete(s.id);
      this.#count(s, before.how, before.at);
    }
  }

  close(): void {
    for (const r of this.receivers) void r.client.deactivate();
  }

  #seen(r: Receiver, m: Msg, how: 'live' | 'catch-up'): void {
    if (how === 'live') {
      // The same message twice on live sockets is a duplicate; live after the catch-up fetched
      // it is the expected overlap the client drops by id.
      if (r.liveIds.has(m.id)) this.duplicates++;
      r.liveIds.add(m.id);
    }
    if (r.ids.has(m.id)) return;
    r.ids.add(m.id);
    r.lastId = Math.max(r.lastId, m.id);
    const s = this.#sentById.get(m.id);
    if (s) this.#count(s, how, performance.now());
    else this.#early.set(m.id, { at: performance.now(), how });
  }

  #count(s: Sent, how: 'live' | 'catch-up', at: number): void {
    if (how === 'live') {
      this.live[s.phase]++;
      this.latencies[s.phase].push(at - s.sentAt);
    } else this.caughtUp[s.phase]++;
  }

  async #catchUp(r: Receiver): Promise<void> {
    // From what it had when the subscription was made: ids that arrive live meanwhile must not
    // move the start of a retried fetch past a message that is still missing.
    const after = r.lastId;
    // As the portal's revalidation: keep trying while instances restart (up to 10 s).
    for (let attempt = 0; attempt < 40; attempt++) {
      const res = await fetch(
        `${this.base}/api/v1/user/messaging/conversations/${r.conversationId}?after=${after}`,
        { headers: { cookie: r.cookie } },
      ).catch(() => null);
      if (res?.status === 200) {
        for (const m of ((await res.json()) as { messages: Msg[] }).messages)
          this.#seen(r, m, 'catch-up');
        return;
      }
      await sleep(250);
    }
    this.catchUpFailed++;
  }
}
