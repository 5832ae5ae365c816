// The client process of bench:ws --messages, forked by messages.ts (ws.ts --child-messages): what
// the two processes say to each other, the signed-in STOMP clients and the floor's sockets,
// connected once and recording every delivery; each 'go' then runs one round of sends
// (messages-round.ts) and its figures go back to the server process.
import { WebSocket } from 'ws';
import { runRound } from './messages-round.ts';
import { CONNECT_CONCURRENCY, HEARTBEAT_MS } from './shared.ts';

export interface MessagingClient {
  userId: number;
  partnerId: number;
  conversationId: number;
  cookie: string;
}

export type MsgToParent =
  | { type: 'connected'; ok: number; failed: number; wallMs: number }
  | {
      type: 'delivered';
      sent: number;
      answered: number;
      failedPosts: number;
      delivered: number;
      caughtUp: number;
      missing: number;
      missingIds: string[];
      floor: {
        sent: number;
        delivered: number;
        missing: number;
        p50: number;
        p99: number;
        max: number;
      };
      duplicates: number;
      summaries: number;
      p50: number;
      p99: number;
      max: number;
      postP50: number;
      postP99: number;
      wallMs: number;
    };
export type MsgToChild =
  | { type: 'clients'; port: number; floorPort: number; clients: MessagingClient[] }
  | { type: 'go'; sends: number; rate: number }
  | { type: 'exit' };

/** The client process's clients and what their sockets record; each round resets and reads it. */
export interface ClientProcess {
  floorPort: number;
  origin: string;
  clients: MessagingClient[];
  byUser: Map<number, MessagingClient>;
  /** clientMessageId → when its POST started / when its MESSAGE reached the receiver. */
  startedAt: Map<string, number>;
  deliveredAt: Map<string, number>;
  latencies: number[];
  duplicates: number;
  /** Conversation-list updates (/topic/users/…) received. */
  summaries: number;
  /** The floor's sends not delivered yet: id → when its POST started. */
  floorStarted: Map<number, number>;
  floorLatencies: number[];
  round: number;
}

export async function runMessageClients(): Promise<void> {
  const send = (m: MsgToParent) => process.send?.(m);
  const setup = await new Promise<Extract<MsgToChild, { type: 'clients' }>>((resolve) => {
    const onMsg = (m: MsgToChild) => {
      if (m.type === 'clients') {
        process.off('message', onMsg);
        resolve(m);
      }
    };
    process.on('message', onMsg);
  });
  const { port, floorPort, clients } = setup;
  const p: ClientProcess = {
    floorPort,
    origin: `http://127.0.0.1:${port}`,
    clients,
    byUser: new Map(clients.map((c) => [c.userId, c])),
    startedAt: new Map(),
    deliveredAt: new Map(),
    latencies: [],
    duplicates: 0,
    summaries: 0,
    floorStarted: new Map(),
    floorLatencies: [],
    round: 0,
  };
  const floorSockets: WebSocket[] = [];
  const sockets: WebSocket[] = [];
  let ok = 0;
  let failed = 0;

  const connectOne = (c: MessagingClient) =>
    new Promise<void>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, ['v12.stomp'], {
        headers: { Cookie: c.cookie, Origin: p.origin },
        perMessageDeflate: false,
      });
      let receipts = 0;
      let done = false;
      const finish = (good: boolean) => {
        if (done) return;
        done = true;
        if (good) ok++;
        else failed++;
        resolve();
      };
      ws.on('open', () => {
        ws.send('CONNECT\naccept-version:1.2\nhost:bench\nheart-beat:10000,10000\n\n\0');
      });
      ws.on('message', (data: Buffer) => {
        const text = data.toString('utf8');
        if (text.startsWith('MESSAGE')) {
          const now = performance.now();
          const headerEnd = text.indexOf('\n\n');
          if (text.lastIndexOf('\ndestination:/topic/users/', headerEnd) >= 0) {
            p.summaries++;
            return;
          }
          const body = JSON.parse(text.slice(headerEnd + 2, -1)) as {
            receiver: number;
            clientMessageId: string | null;
          };
          if (body.receiver !== c.userId || !body.clientMessageId) return;
          const t0 = p.startedAt.get(body.clientMessageId);
          if (t0 === undefined) return;
          if (p.deliveredAt.has(body.clientMessageId)) {
            p.duplicates++;
            return;
          }
          p.deliveredAt.set(body.clientMessageId, now);
          p.latencies.push(now - t0);
        } else if (text.startsWith('CONNECTED')) {
          ws.send(
            `SUBSCRIBE\nid:0\ndestination:/topic/conversations/${c.conversationId}/messages\nreceipt:s0\n\n\0` +
              `SUBSCRIBE\nid:1\ndestination:/topic/users/${c.userId}/conversations\nreceipt:s1\n\n\0`,
          );
        } else if (text.startsWith('RECEIPT')) {
          if (++receipts === 2) finish(true);
        } else if (text.startsWith('ERROR')) {
          finish(false);
        }
      });
      ws.on('error', () => finish(false));
      ws.on('close', () => finish(false));
      sockets.push(ws);
    });

  const beat = setInterval(() => {
    for (const ws of sockets) if (ws.readyState === ws.OPEN) ws.send('\n');
  }, HEARTBEAT_MS);

  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONNECT_CONCURRENCY, clients.length) }, async () => {
      while (next < clients.length) await connectOne(clients[next++] as MessagingClient);
    }),
  );
  // The floor's sockets: one per client, keyed by its conversation.
  let nextFloor = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONNECT_CONCURRENCY, clients.length) }, async () => {
      while (nextFloor < clients.length) {
        const c = clients[nextFloor++] as MessagingClient;
        await new Promise<void>((resolve) => {
          const ws = new WebSocket(`ws://127.0.0.1:${floorPort}/floor?key=${c.conversationId}`, {
            perMessageDeflate: false,
          });
          ws.once('open', () => resolve());
          ws.once('error', () => resolve());
          ws.on('message', (data: Buffer) => {
            const now = performance.now();
            const m = JSON.parse(data.toString('utf8')) as { id: number; to: number };
            if (m.to !== c.userId) return;
            const at = p.floorStarted.get(m.id);
            if (at === undefined) return;
            p.floorStarted.delete(m.id);
            p.floorLatencies.push(now - at);
          });
          floorSockets.push(ws);
        });
      }
    }),
  );
  send({ type: 'connected', ok, failed, wallMs: performance.now() - t0 });

  process.on('message', async (m: MsgToChild) => {
    if (m.type === 'exit') {
      clearInterval(beat);
      for (const ws of sockets) ws.terminate();
      for (const ws of floorSockets) ws.terminate();
      process.exit(0);
    }
    if (m.type !== 'go') return;
    send(await runRound(p, m));
  });
}
