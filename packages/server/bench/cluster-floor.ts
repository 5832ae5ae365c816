// bench:cluster's floor (issue 27): as many bare sockets through the same nginx (/floor, a plain
// `ws` server per instance relaying Redis pub/sub, bench/floor-server.ts), one per client and
// keyed by its conversation, and a sender POSTing /floor/send at the product's rate, half a
// period after it. What it measures is what the product's figures are read against.
import { WebSocket } from 'ws';

export interface FloorSent {
  id: number;
  key: number;
  sentAt: number;
  steady: boolean;
  answered?: boolean;
  deliveredAt?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class ClusterFloor {
  readonly sent = new Map<number, FloorSent>();
  readonly sockets: WebSocket[] = [];
  duplicates = 0;
  #seq = 0;

  constructor(private readonly base: string) {}

  /** One socket per key (a conversation), 50 connecting at a time. */
  async connect(keys: readonly number[]): Promise<void> {
    const url = `${this.base.replace('http', 'ws')}/floor`;
    let next = 0;
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (next < keys.length) {
          const key = keys[next++]!;
          await new Promise<void>((resolve, reject) => {
            const ws = new WebSocket(`${url}?key=${key}`, { perMessageDeflate: false });
            ws.once('open', () => resolve());
            ws.once('error', reject);
            ws.on('message', (data: Buffer) => {
              const at = performance.now();
              const { id } = JSON.parse(data.toString('utf8')) as { id: number };
              const f = this.sent.get(id);
              if (!f) return;
              if (f.deliveredAt !== undefined) this.duplicates++;
              else f.deliveredAt = at;
            });
            this.sockets.push(ws);
          });
        }
      }),
    );
  }

  /**
   * Sends `rate` a second to random keys while `sending()`, half a period after the product's
   * sender so the two do not arrive together; `steady()` marks the ones that are counted.
   */
  async run(
    rate: number,
    keys: readonly number[],
    sending: () => boolean,
    steady: () => boolean,
  ): Promise<void> {
    const interval = 1000 / rate;
    await sleep(interval / 2);
    let due = performance.now();
    while (sending()) {
      void this.#sendOne(keys[Math.floor(Math.random() * keys.length)]!, steady());
      due += interval;
      await sleep(Math.max(0, due - performance.now()));
    }
  }

  async #sendOne(key: number, steady: boolean): Promise<void> {
    const id = ++this.#seq;
    const f: FloorSent = { id, key, sentAt: performance.now(), steady };
    this.sent.set(id, f);
    const res = await fetch(`${this.base}/floor/send`, {
      method: 'POST',
      headers: { origin: this.base, 'content-type': 'application/json' },
      body: JSON.stringify({ key: String(key), id, content: `bench ${id}` }),
    }).catch(() => null);
    f.answered = res?.status === 204;
    await res?.text();
  }

  /** The steady phase's sends: delivered (with their latencies) and missing. */
  steady() {
    const steady = [...this.sent.values()].filter((f) => f.steady);
    const delivered = steady.filter((f) => f.deliveredAt !== undefined);
    return {
      steady,
      latencies: delivered.map((f) => f.deliveredAt! - f.sentAt),
      missing: steady.filter((f) => f.deliveredAt === undefined),
    };
  }

  close(): void {
    for (const ws of this.sockets) ws.terminate();
  }
}
