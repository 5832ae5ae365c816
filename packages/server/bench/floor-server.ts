// The floor of issue 27: the least a live push can cost on this machine, measured in the same
// run as the product. A plain `ws` server, no STOMP, no database, no audit, no auth:
//
//   GET  /floor?key=K  (upgrade)   a socket that receives every message sent to key K
//   POST /floor/send   {"key","id"} delivers the body to this instance's sockets of that key and
//                                  publishes it on Redis (FLOOR_REDIS_URL, FLOOR_CHANNEL) for the
//                                  other instances, which deliver it to theirs (own echo skipped);
//                                  answers 204 at once (as the product answers after its commit)
//   GET  /floor/healthz
//
// So a floor message goes the product's way — HTTP through nginx to one instance, a Redis hop,
// a WebSocket write through nginx — minus everything the product does on the way.
// Run as a process: `node --import tsx bench/floor-server.ts` with FLOOR_PORT (and the Redis
// variables for the cluster); bench:cluster starts one per instance, bench:ws one without Redis.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { Redis } from 'ioredis';
import { WebSocketServer, type WebSocket } from 'ws';

export async function startFloor(options: {
  port: number;
  redisUrl?: string | undefined;
  channel?: string | undefined;
}): Promise<{ close(): Promise<void> }> {
  const instanceId = randomBytes(6).toString('base64url');
  const sockets = new Map<string, Set<WebSocket>>();
  const deliver = (key: string, body: string) => {
    const set = sockets.get(key);
    if (!set) return;
    for (const ws of set) if (ws.readyState === ws.OPEN) ws.send(body);
  };
  const channel = options.channel ?? 'halsa:floor';
  const pub = options.redisUrl ? new Redis(options.redisUrl) : undefined;
  const sub = options.redisUrl ? new Redis(options.redisUrl) : undefined;
  if (sub) {
    await sub.subscribe(channel);
    sub.on('message', (_channel: string, text: string) => {
      const a = text.indexOf('\n');
      const b = text.indexOf('\n', a + 1);
      if (a < 0 || b < 0 || text.slice(0, a) === instanceId) return;
      deliver(text.slice(a + 1, b), text.slice(b + 1));
    });
  }
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  const server = http.createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/floor/send') {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        let key: string;
        try {
          key = String((JSON.parse(body) as { key: unknown }).key);
        } catch {
          res.writeHead(400).end();
          return;
        }
        deliver(key, body);
        void pub?.publish(channel, `${instanceId}\n${key}\n${body}`);
        res.writeHead(204).end();
      });
      return;
    }
    if (req.url === '/floor/healthz') return void res.writeHead(200).end('ok');
    res.writeHead(404).end();
  });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://floor');
    const key = url.searchParams.get('key');
    if (url.pathname !== '/floor' || !key) return socket.destroy();
    wss.handleUpgrade(req, socket, head, (ws) => {
      let set = sockets.get(key);
      if (!set) sockets.set(key, (set = new Set()));
      set.add(ws);
      ws.on('close', () => {
        set.delete(ws);
        if (set.size === 0) sockets.delete(key);
      });
      ws.on('error', () => ws.terminate());
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  return {
    async close() {
      for (const set of sockets.values()) for (const ws of set) ws.terminate();
      wss.close();
      await new Promise((r) => server.close(r));
      pub?.disconnect();
      sub?.disconnect();
    },
  };
}

if (process.env.FLOOR_PORT) {
  const floor = await startFloor({
    port: Number(process.env.FLOOR_PORT),
    redisUrl: process.env.FLOOR_REDIS_URL,
    channel: process.env.FLOOR_CHANNEL,
  });
  process.send?.('ready');
  console.log(`floor ready on ${process.env.FLOOR_PORT}`);
  const stop = () => void floor.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
