// `pnpm bench:cluster`: the deployment of issue 15 under load, on this machine.
//
// Two server processes behind Debian's nginx (deploy/nginx.conf) on PostgreSQL and Redis (the
// harness of test/cluster.test.ts), 1 000 signed-in clients connected live through nginx
// (STOMP over WebSocket, each subscribed to its conversation with a coach), and a coach sending
// 50 messages a second through nginx (REST). Printed:
//   1. steady state: REST send → STOMP delivery latency p50 / p99 / max (target p99 ≤ 50 ms);
//   2. rolling restart (SIGTERM instance 1, start it, then instance 2) while sending goes on:
//      messages sent, delivered live, recovered by the client's reconnect catch-up, lost
//      (target 0), duplicates, the sender's retries, how long each instance took to exit.
// A client does what the portal does: on every (re)connect it subscribes (waiting for the
// receipt), then fetches `?after=<last id it has>`. Nothing else is fetched at the end, so a
// message neither delivered nor caught up counts as lost.
//   options: --clients N (1000) --rate PER_SECOND (50) --seconds S (20, steady phase)
//            --postgres ADMIN_URL (postgres://postgres@127.0.0.1:5432/postgres) --redis URL
// Loopback only; everything it starts it stops; the run aborts after 5 minutes.
import { Client, type IMessage } from '@stomp/stompjs';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { WebSocket } from 'ws';
import { newToken, sha256 } from '../src/security/tokens.ts';
import { Cluster, NGINX } from '../test/cluster-processes.ts';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '1000' },
    rate: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '20' },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    redis: { type: 'string', default: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
  },
});
const CLIENTS = Math.min(5000, Number(values.clients));
const RATE = Number(values.rate);
const STEADY_S = Number(values.seconds);
const PASSWORD = 'Halsa2026!';
const WARM_UP_S = 5;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

if (!existsSync(NGINX)) {
  console.error(`${NGINX} saknas: apt-get install -y nginx-light`);
  process.exit(1);
}

const abort = setTimeout(() => {
  console.error('bench:cluster avbröts efter 5 minuter');
  process.exit(2);
}, 300_000);
abort.unref();

interface Msg {
  id: number;
  content: string;
}

interface Receiver {
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

interface Sent {
  id: number;
  /** When the send's answer came back (ms, performance.now()). */
  doneAt: number;
  receiver: number;
  sentAt: number;
  phase: 'steady' | 'restart';
}

const sent: Sent[] = [];
const latencies: Record<Sent['phase'], number[]> = { steady: [], restart: [] };
const live = { steady: 0, restart: 0 };
let caughtUp = 0;
let catchUpFailed = 0;
const errors = new Map<string, number>();
let duplicates = 0;
const retries: Record<string, number> = {};
const sentById = new Map<number, Sent>();
/** Deliveries that arrived before their send's answer: id → when and how. */
const early = new Map<number, { at: number; how: 'live' | 'catch-up' }>();

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function post(url: string, cookie: string, body: unknown, origin: string) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { cookie, origin, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
}

async function main(): Promise<void> {
  const cluster = new Cluster({ pgAdminUrl: values.postgres, redisUrl: values.redis });
  console.log(`Startar 2 instanser bakom nginx på PostgreSQL + Redis …`);
  await cluster.start();
  try {
    await run(cluster);
  } finally {
    await cluster.close();
  }
}

async function run(cluster: Cluster): Promise<void> {
  const base = cluster.url;
  // Users: one coach (STAFF) and the clients; the clients' sessions are written as login
  // would write them (a login per client would only measure Argon2 and the rate limits).
  const [coachId, ...clientIds] = await cluster.addUsers(
    [
      { email: 'coach@example.com', role: 'STAFF', firstName: 'Cecilia', lastName: 'Coach' },
      ...Array.from({ length: CLIENTS }, (_, i) => ({
        email: `klient${i}@example.com`,
        role: 'USER' as const,
        firstName: `Klient${i}`,
        lastName: 'Bench',
      })),
    ],
    PASSWORD,
  );
  const now = new Date();
  const tokens = clientIds.map(() => newToken());
  const coachToken = newToken();
  await cluster.db.db
    .insertInto('sessions')
    .values(
      [...clientIds, coachId!].map((userId, i) => ({
        id_hash: sha256(i < clientIds.length ? tokens[i]! : coachToken),
        user_id: userId,
        created_at: now,
        last_seen_at: now,
        expires_at: new Date(now.getTime() + 11 * 3600_000),
        ip_address: '127.0.0.1',
        user_agent: 'bench:cluster',
      })),
    )
    .execute();
  const coach = `halsa_session=${coachToken}`;
  // The coach is in every client's care team (design §4.14): she writes to and reads them.
  await cluster.db.db
    .insertInto('care_team_members')
    .values(
      clientIds.map((clientId) => ({
        client_id: clientId,
        staff_id: coachId!,
        added_by: null,
        added_at: now,
      })),
    )
    .execute();

  // One conversation per client, made by the coach through the proxy.
  const conversations: number[] = new Array(CLIENTS);
  let next = 0;
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (next < CLIENTS) {
        const i = next++;
        const form = new FormData();
        form.append('receiverId', String(clientIds[i]));
        form.append('text', 'Välkommen!');
        const res = await fetch(`${base}/api/v1/user/messaging/conversations`, {
          method: 'POST',
          headers: { cookie: coach, origin: base },
          body: form,
        });
        if (res.status !== 201)
          throw new Error(`konversation ${i}: ${res.status} ${await res.text()}`);
        conversations[i] = ((await res.json()) as { conversationId: number }).conversationId;
      }
    }),
  );

  // The clients, live through nginx.
  const receivers: Receiver[] = clientIds.map((userId, i) => ({
    userId,
    cookie: `halsa_session=${tokens[i]}`,
    conversationId: conversations[i]!,
    client: undefined as unknown as Client,
    ids: new Set(),
    liveIds: new Set(),
    lastId: 0,
    receipts: [],
    connects: 0,
  }));
  const byConversation = new Map(receivers.map((r) => [r.conversationId, r]));
  const seen = (r: Receiver, m: Msg, how: 'live' | 'catch-up') => {
    if (how === 'live') {
      // The same message twice on live sockets is a duplicate; live after the catch-up fetched
      // it is the expected overlap the client drops by id.
      if (r.liveIds.has(m.id)) duplicates++;
      r.liveIds.add(m.id);
    }
    if (r.ids.has(m.id)) return;
    r.ids.add(m.id);
    r.lastId = Math.max(r.lastId, m.id);
    const s = sentById.get(m.id);
    if (s) count(s, how, performance.now());
    else early.set(m.id, { at: performance.now(), how });
  };
  const count = (s: Sent, how: 'live' | 'catch-up', at: number) => {
    if (how === 'live') {
      live[s.phase]++;
      latencies[s.phase].push(at - s.sentAt);
    } else caughtUp++;
  };
  const catchUp = async (r: Receiver) => {
    // From what it had when the subscription was made: ids that arrive live meanwhile must not
    // move the start of a retried fetch past a message that is still missing.
    const after = r.lastId;
    // As the portal's revalidation: keep trying while instances restart (up to 10 s).
    for (let attempt = 0; attempt < 40; attempt++) {
      const res = await fetch(
        `${base}/api/v1/user/messaging/conversations/${r.conversationId}?after=${after}`,
        { headers: { cookie: r.cookie } },
      ).catch(() => null);
      if (res?.status === 200) {
        for (const m of ((await res.json()) as { messages: Msg[] }).messages)
          seen(r, m, 'catch-up');
        return;
      }
      await sleep(250);
    }
    catchUpFailed++;
  };
  const wsUrl = `${base.replace('http', 'ws')}/ws`;
  let connected = 0;
  const started = performance.now();
  let index = 0;
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      while (index < receivers.length) {
        const r = receivers[index++]!;
        await new Promise<void>((resolve) => {
          r.client = new Client({
            webSocketFactory: () =>
              new WebSocket(wsUrl, ['v12.stomp'], { headers: { Cookie: r.cookie, Origin: base } }),
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
                } else void catchUp(r);
              });
              r.client.subscribe(
                `/topic/conversations/${r.conversationId}/messages`,
                (f: IMessage) => seen(r, JSON.parse(f.body) as Msg, 'live'),
                { receipt },
              );
            },
          });
          r.client.activate();
        });
      }
    }),
  );
  console.log(
    `${connected} inloggade klienter anslutna via nginx på ${((performance.now() - started) / 1000).toFixed(1)} s ` +
      `(${cluster.instances.length} instanser, ${byConversation.size} konversationer)`,
  );

  // The sender: RATE messages a second to random clients, a retry keeps its clientMessageId.
  let sending = true;
  let phase: Sent['phase'] | 'warm-up' = 'warm-up';
  let inFlight = 0;
  const sendOne = async () => {
    const r = receivers[Math.floor(Math.random() * receivers.length)]!;
    const clientMessageId = randomUUID();
    const at = performance.now();
    const myPhase = phase === 'warm-up' ? null : phase;
    inFlight++;
    try {
      for (let attempt = 0; attempt < 30; attempt++) {
        const res = await post(
          `${base}/api/v1/user/messaging/conversations/${r.conversationId}/messages`,
          coach,
          { receiverId: r.userId, content: `bench ${sent.length}`, clientMessageId },
          base,
        ).catch((error: Error) => {
          const why = `${error.message} ${(error.cause as Error | undefined)?.message ?? ''}`;
          errors.set(why, (errors.get(why) ?? 0) + 1);
          return { status: -1, text: '' };
        });
        if (res.status === 200 || res.status === 201) {
          const id = (JSON.parse(res.text) as Msg).id;
          if (myPhase === null) return; // warm-up: not counted
          const s: Sent = {
            id,
            receiver: r.userId,
            sentAt: at,
            doneAt: performance.now(),
            phase: myPhase,
          };
          sent.push(s);
          sentById.set(id, s);
          // Delivered before the answer came back: count it now, at its arrival time.
          const before = early.get(id);
          if (before) {
            early.delete(id);
            count(s, before.how, before.at);
          }
          return;
        }
        retries[res.status] = (retries[res.status] ?? 0) + 1;
        await sleep(100);
      }
      throw new Error('ett meddelande gick inte att skicka på 30 försök');
    } finally {
      inFlight--;
    }
  };
  const ticker = (async () => {
    const interval = 1000 / RATE;
    let due = performance.now();
    while (sending) {
      void sendOne();
      due += interval;
      await sleep(Math.max(0, due - performance.now()));
    }
  })();

  // Warm-up (JIT, connection pools), not counted; then the steady phase.
  await sleep(WARM_UP_S * 1000);
  phase = 'steady';
  await sleep(STEADY_S * 1000);
  phase = 'restart';
  const exits: string[] = [];
  const events: string[] = [];
  const t0 = performance.now();
  const mark = (what: string) =>
    events.push(`${what} ${((performance.now() - t0) / 1000).toFixed(2)} s`);
  for (const i of [0, 1]) {
    mark(`SIGTERM ${i + 1}`);
    const { ms, code } = await cluster.stop(i);
    mark(`ute ${i + 1}`);
    const said = /Stängde ned efter SIGTERM på \d+ ms[^.]*|Avstängningen tog över[^\n]*/.exec(
      cluster.instances[i]!.log.join(''),
    );
    exits.push(`${ms} ms (kod ${code}${said ? `, "${said[0]}"` : ''})`);
    await cluster.restart(i);
    mark(`redo ${i + 1}`);
  }
  await sleep(3000);
  sending = false;
  await ticker;
  while (inFlight > 0) await sleep(20);
  // Reconnects and catch-ups settle.
  await sleep(3000);

  const lost = sent.filter((s) => {
    const r = receivers.find((x) => x.userId === s.receiver)!;
    return !r.ids.has(s.id);
  });
  const sentIn = (p: Sent['phase']) => sent.filter((s) => s.phase === p).length;
  const reconnects = receivers.reduce((n, r) => n + r.connects - 1, 0);
  const fmt = (v: number) => `${v.toFixed(1)} ms`;
  console.log('');
  console.log(
    `bench:cluster — 2 instanser bakom nginx, PostgreSQL + Redis, ${CLIENTS} klienter live, ${RATE} meddelanden/s ` +
      `(${os.cpus().length} kärnor, maskinens last ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')})`,
  );
  console.log(
    `  stadigt läge (${STEADY_S} s): ${sentIn('steady')} skickade, ${live.steady} levererade live; ` +
      `REST-sändning → STOMP-leverans p50 ${fmt(percentile(latencies.steady, 50))}, ` +
      `p99 ${fmt(percentile(latencies.steady, 99))}, max ${fmt(Math.max(...latencies.steady))} (mål p99 ≤ 50 ms)`,
  );
  console.log(
    `  rullande omstart: ${sentIn('restart')} skickade, ${live.restart} live ` +
      `(p99 ${fmt(percentile(latencies.restart, 99))}), ${caughtUp} hämtade vid återanslutning, ` +
      `${lost.length} förlorade, ${duplicates} dubbletter; ${reconnects} återanslutningar; ` +
      `utträde ${exits.join(' och ')}; ` +
      `omförsök: ${
        Object.entries(retries)
          .map(([s, n]) => `${n}×${s}`)
          .join(', ') || 'inga'
      }`,
  );
  if (lost.length > 0) {
    console.log(
      `  förlorade: ${lost
        .slice(0, 10)
        .map((s) => {
          const r = receivers.find((x) => x.userId === s.receiver)!;
          const at = (ms: number) => ((ms - t0) / 1000).toFixed(2);
          return (
            `id ${s.id} (skickat ${at(s.sentAt)}–${at(s.doneAt)} s; mottagarens kvitton ` +
            `${r.receipts.map(at).join(', ')} s; senast sedd id ${r.lastId})`
          );
        })
        .join('; ')}`,
    );
  }
  if (lost.length > 0) console.log(`  händelser: ${events.join(', ')}`);
  const logged = cluster.instances
    .flatMap((inst, i) =>
      inst.log
        .join('')
        .split('\n')
        .map((l) => `instans ${i + 1}: ${l}`),
    )
    .filter((l) => /fel|error|redis|failed|warn/i.test(l));
  for (const line of logged.slice(0, 15)) console.log(`  ${line.slice(0, 300)}`);
  if (catchUpFailed > 0) console.log(`  ${catchUpFailed} ikapphämtningar gav upp`);
  for (const [why, n] of errors) console.log(`  nätverksfel ${n}×: ${why}`);
  for (const r of receivers) void r.client.deactivate();
  process.exitCode = lost.length > 0 || duplicates > 0 ? 1 : 0;
}

await main();
