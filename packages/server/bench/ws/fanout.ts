// The fan-out mode of `pnpm bench:ws` (ws.ts): the live server alone, with a fake authenticate,
// N clients each subscribed to its own user queue; connect time, delivery latency, server RSS.
// The server side runs in the bench's process, the clients in a forked one (runClients).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { WebSocket } from 'ws';
import { attachLive } from '../../src/live/index.ts';
import { openRedis } from '../../src/redis.ts';
import {
  CONNECT_CONCURRENCY,
  forkClientProcess,
  HEARTBEAT_MS,
  mb,
  ms,
  nowNs,
  percentile,
  type Args,
} from './shared.ts';

// ---------------------------------------------------------------- client process

type ToParent =
  | { type: 'connected'; ok: number; failed: number; wallMs: number; p50: number; p99: number }
  | {
      type: 'received';
      count: number;
      p50: number;
      p99: number;
      max: number;
      missing: number;
      duplicates: number;
    };
type ToChild = { type: 'expect'; perClient: number; timeoutMs: number } | { type: 'exit' };

export async function runClients(port: number, n: number): Promise<void> {
  const send = (m: ToParent) => process.send?.(m);
  const sockets: WebSocket[] = [];
  const handshake: number[] = [];
  let ok = 0;
  let failed = 0;
  const latencies: number[] = [];
  const seen: Map<number, number>[] = [];
  let duplicates = 0;
  let onAllReceived: (() => void) | undefined;
  let expectedTotal = Infinity;

  const connectOne = (i: number) =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, ['v12.stomp'], {
        headers: { Cookie: `sid=u${i}` },
        perMessageDeflate: false,
      });
      const perClient = new Map<number, number>();
      seen[i] = perClient;
      let done = false;
      const finish = (good: boolean) => {
        if (done) return;
        done = true;
        if (good) {
          ok++;
          handshake.push(performance.now() - t0);
        } else failed++;
        resolve();
      };
      ws.on('open', () => {
        ws.send('CONNECT\naccept-version:1.2\nhost:bench\nheart-beat:10000,10000\n\n\0');
      });
      ws.on('message', (data: Buffer) => {
        const text = data.toString('utf8');
        if (text.startsWith('MESSAGE')) {
          const body = JSON.parse(text.slice(text.indexOf('\n\n') + 2, -1)) as {
            t: string;
            seq: number;
          };
          latencies.push(Number(nowNs() - BigInt(body.t)) / 1e6);
          if (perClient.has(body.seq)) duplicates++;
          perClient.set(body.seq, 1);
          if (latencies.length >= expectedTotal) onAllReceived?.();
        } else if (text.startsWith('CONNECTED')) {
          ws.send('SUBSCRIBE\nid:0\ndestination:/user/queue/notifications\nreceipt:s0\n\n\0');
        } else if (text.startsWith('RECEIPT')) {
          finish(true);
        } else if (text.startsWith('ERROR')) {
          finish(false);
        }
      });
      ws.on('error', () => finish(false));
      ws.on('close', () => finish(false));
      sockets.push(ws);
    });

  // Client heart-beats, as the portal sends them (from the start: connecting takes a while).
  const beat = setInterval(() => {
    for (const ws of sockets) if (ws.readyState === ws.OPEN) ws.send('\n');
  }, HEARTBEAT_MS);

  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONNECT_CONCURRENCY, n) }, async () => {
      while (next < n) await connectOne(next++);
    }),
  );
  const wallMs = performance.now() - started;
  handshake.sort((a, b) => a - b);
  send({
    type: 'connected',
    ok,
    failed,
    wallMs,
    p50: percentile(handshake, 50),
    p99: percentile(handshake, 99),
  });

  process.on('message', (m: ToChild) => {
    if (m.type === 'exit') {
      clearInterval(beat);
      for (const ws of sockets) ws.terminate();
      process.exit(0);
    }
    if (m.type === 'expect') {
      expectedTotal = m.perClient * ok;
      const report = () => {
        onAllReceived = undefined;
        const sorted = Float64Array.from(latencies).sort();
        let missing = 0;
        for (const perClient of seen)
          if (perClient) missing += Math.max(0, m.perClient - perClient.size);
        send({
          type: 'received',
          count: latencies.length,
          p50: percentile(sorted, 50),
          p99: percentile(sorted, 99),
          max: sorted[sorted.length - 1] ?? NaN,
          missing,
          duplicates,
        });
      };
      const timer = setTimeout(report, m.timeoutMs);
      onAllReceived = () => {
        clearTimeout(timer);
        setTimeout(report, 200); // let stragglers (duplicates) show up
      };
      if (latencies.length >= expectedTotal) onAllReceived();
    }
  });
}

export async function mainFanout(args: Args): Promise<void> {
  const rssBefore = process.memoryUsage().rss;
  const server = http.createServer();
  const redisUrl = args.redis ? process.env.REDIS_URL || 'redis://127.0.0.1:6379' : undefined;
  const redis = redisUrl ? openRedis(redisUrl) : undefined;
  const live = attachLive(server, {
    authenticate: (req) => {
      const m = /(?:^|;\s*)sid=u(\d+)/.exec(req.headers.cookie ?? '');
      return m ? { id: Number(m[1]) } : null;
    },
    isAllowedOrigin: () => true,
    heartBeatMs: HEARTBEAT_MS,
    maxSessionsPerUser: 4,
    ...(redis ? { redis } : {}),
    redisChannel: `halsa:live:bench:${process.pid}`,
  });
  await live.ready;
  server.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as AddressInfo;

  const load = os.loadavg()[0] ?? 0;
  console.log(
    `machine: ${os.availableParallelism()} CPUs, load average ${load.toFixed(1)}` +
      (load > os.availableParallelism() ? ' — busy: expect inflated latencies' : ''),
  );
  console.log(
    `bench:ws — ${args.clients} ${args.idle ? 'idle ' : ''}clients on 127.0.0.1:${port}` +
      `${redisUrl ? ' (Redis fan-out on)' : ''}; clients in a child process (RSS below is the server's)`,
  );

  const { fromChild, send, finish } = forkClientProcess<ToParent, ToChild>(
    ['--child', String(port), String(args.clients)],
    'bench:ws',
  );

  const connected = await fromChild('connected');
  const stats = live.stats();
  console.log(
    `connect: ${connected.ok} connected (${connected.failed} failed) in ${ms(connected.wallMs)}` +
      ` — ${((connected.ok / connected.wallMs) * 1000).toFixed(0)}/s; handshake→RECEIPT p50 ${ms(connected.p50)}, p99 ${ms(connected.p99)}`,
  );
  console.log(`server: ${stats.sessions} sessions, ${stats.subscriptions} subscriptions`);

  let p99 = NaN;
  if (args.idle) {
    console.log(`holding ${args.hold / 1000} s (heart-beats flowing)…`);
    await new Promise((r) => setTimeout(r, args.hold));
    console.log(`server after hold: ${live.stats().sessions} sessions`);
  } else {
    const expect = {
      type: 'expect',
      perClient: args.rounds,
      timeoutMs: args.rounds * args.interval + 10_000,
    } as const;
    send(expect);
    const received = fromChild('received');
    const t0 = performance.now();
    let publishMs = 0;
    let publishCpuUs = 0;
    for (let round = 0; round < args.rounds; round++) {
      const r0 = performance.now();
      const c0 = process.cpuUsage();
      for (let user = 0; user < args.clients; user++) {
        live.broker.publishToUser(user, '/queue/notifications', {
          id: round * args.clients + user,
          status: 'UNREAD',
          type: 'LAB_RESULT',
          message: 'Nya labbsvar finns att läsa',
          timestamp: new Date().toISOString(),
          seq: round,
          t: String(nowNs()),
        });
      }
      publishMs += performance.now() - r0;
      const c = process.cpuUsage(c0);
      publishCpuUs += c.user + c.system;
      await new Promise((r) => setTimeout(r, args.interval));
    }
    const r = await received;
    const total = args.rounds * connected.ok;
    p99 = r.p99;
    console.log(
      `burst: ${args.rounds} rounds × ${args.clients} notifications every ${args.interval} ms → ${r.count}/${total} delivered` +
        ` (${r.missing} missing, ${r.duplicates} duplicates) in ${ms(performance.now() - t0)}`,
    );
    console.log(
      `server publish loop per round of ${args.clients}: ${ms(publishMs / args.rounds)} wall,` +
        ` ${ms(publishCpuUs / 1000 / args.rounds)} CPU (incl. socket writes)`,
    );
    console.log(`latency publish→client: p50 ${ms(r.p50)}, p99 ${ms(r.p99)}, max ${ms(r.max)}`);
  }

  const rss = process.memoryUsage().rss;
  const heap = process.memoryUsage().heapUsed;
  console.log(
    `server RSS: ${mb(rss)} (before clients ${mb(rssBefore)}; +${((rss - rssBefore) / 1024 / connected.ok).toFixed(1)} KiB per client), heap used ${mb(heap)}`,
  );
  if (args.idle) {
    console.log(
      `target: ${args.clients} idle clients ≤ 400 MB RSS → ${rss <= 400 * 1024 * 1024 ? 'PASS' : 'FAIL'}`,
    );
  } else {
    console.log(`target: p99 ≤ 25 ms at ${args.clients} clients → ${p99 <= 25 ? 'PASS' : 'FAIL'}`);
  }

  await finish({ type: 'exit' });
  await live.close();
  await redis?.close();
  server.close();
}
