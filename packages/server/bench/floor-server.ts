// The floor of issue 27: the least a live push can cost on this machine, measured in the same
// run as the product. A plain `ws` server, no STOMP, no database, no audit, no auth:
//
//   GET  /floor?key=K  (upgrade)   a socket that receives every message sent to key K
//   POST /floor/send   {"key","id"} with FLOOR_DATABASE_URL first makes the one durable write every
//                                  message must make (issue 38 item 5): one INSERT, committed, on
//                                  the product's PostgreSQL; then delivers the body to this
//                                  instance's sockets of that key and publishes it on Redis
//                                  (FLOOR_REDIS_URL, FLOOR_CHANNEL) for the other instances, which
//                                  deliver it to theirs (own echo skipped); answers 204 (as the
//                                  product answers after its commit)
//   GET  /floor/healthz
//   /floor/api/v1/…                with FLOOR_DATABASE_URL: bench:capacity's floor of each call its
//                                  pages make (capacity-floor.ts): one indexed query, one plain
//                                  log row
//
// So a floor message goes the product's way — HTTP through nginx to one instance, a durable
// commit, a Redis hop, a WebSocket write through nginx — minus everything else the product does.
// Run as a process: `node --import tsx bench/floor-server.ts` with FLOOR_PORT (and the Redis
// variables for the cluster); bench:cluster starts one per instance, bench:ws one without Redis.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { Redis } from 'ioredis';
import pg from 'pg';
import { WebSocketServer, type WebSocket } from 'ws';
import { handleFloorCall, prepareFloorLog } from './capacity-floor.ts';

export async function startFloor(options: {
  port: number;
  redisUrl?: string | undefined;
  channel?: string | undefined;
  /** The product's database: each send is one INSERT + commit there before it is delivered. */
  databaseUrl?: string | undefined;
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
  // The product's pool size (db/index.ts); the table is the floor's own, made by whichever floor
  // process comes first (the other may lose the race on the catalogue: it just goes on).
  const pool = options.databaseUrl
    ? new pg.Pool({ connectionString: options.databaseUrl, max: 10 })
    : undefined;
  if (pool) {
    await pool
      .query(
        'create table if not exists bench_floor_messages (id bigserial primary key, ' +
          'key text not null, body text not null, created_at timestamptz not null default now())',
      )
      .catch(async () => pool.query('select 1 from bench_floor_messages limit 1'));
    await prepareFloorLog(pool);
  }
  const durable = (key: string, body: string) =>
    pool
      ? pool.query('insert into bench_floor_messages (key, body) values ($1, $2)', [key, body])
      : Promise.resolve();
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
        durable(key, body).then(
          () => {
            deliver(key, body);
            void pub?.publish(channel, `${instanceId}\n${key}\n${body}`);
            res.writeHead(204).end();
          },
          () => res.writeHead(503).end(),
        );
      });
      return;
    }
    if (req.url === '/floor/healthz') return void res.writeHead(200).end('ok');
    if (pool && req.url?.startsWith('/floor/api/') && handleFloorCall(pool, req, res)) return;
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
      await pool?.end();
    },
  };
}

if (process.env.FLOOR_PORT) {
  const floor = await startFloor({
    port: Number(process.env.FLOOR_PORT),
    redisUrl: process.env.FLOOR_REDIS_URL,
    channel: process.env.FLOOR_CHANNEL,
    databaseUrl: process.env.FLOOR_DATABASE_URL,
  });
  process.send?.('ready');
  console.log(`floor ready on ${process.env.FLOOR_PORT}`);
  const stop = () => void floor.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
