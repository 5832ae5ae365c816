// pnpm bench:clients — client management at clinic scale (issue 11). Seeds 20 000 clients and
// 1 000 000 activity rows (seed/scale.ts) into an in-memory PGlite, or into DATABASE_URL, then:
//   1. p50/p95 of a bare Fastify route (what the machine itself costs), for comparison;
//   2. p95 of the client-list search (a random name or e-mail fragment, page 1 of 25);
//   3. p95 of the calls a client page makes (client, latest signed note, log page 1, lab history);
//   4. the export of the whole log: rows per second and the server's peak RSS growth.
// Targets: 2 and 3 ≤ 50 ms p95; 4 ≥ 100 000 rows/s and ≤ 100 MB. BENCH_CLIENTS, BENCH_LOGS and
// BENCH_REQUESTS change the sizes.
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { buildApp } from '../src/app.ts';
import { systemClock } from '../src/clock.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/index.ts';
import { migrate } from '../src/db/migrate.ts';
import { MemoryStorage } from '../src/files/storage.ts';
import { DevOutbox } from '../src/mail/mailer.ts';
import { SESSION_COOKIE } from '../src/modules/auth/sessions.ts';
import { seedScale } from '../src/seed/scale.ts';
import { seedDemoData } from '../src/seed/seed.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20_000);
const LOGS = Number(process.env.BENCH_LOGS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const databaseUrl = process.env.DATABASE_URL;

const config = { ...loadConfig({ NODE_ENV: 'development', PORT: '8080' }), databaseUrl };
const opened = await openDatabase(
  databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'pglite' },
);
await migrate(opened.db);
const storage = new MemoryStorage();
await seedDemoData(opened.db, storage, systemClock);
console.log(`Databas: ${opened.kind}. Skapar ${CLIENTS} klienter och ${LOGS} loggrader…`);
const seeded = await seedScale(opened.db, { clients: CLIENTS, logs: LOGS });
console.log(`  klart på ${(seeded.ms / 1000).toFixed(1)} s`);

const app = await buildApp({
  config,
  db: opened.db,
  dbKind: opened.kind,
  mailer: new DevOutbox(config.mailFrom, systemClock, () => {}),
  storage,
  clock: systemClock,
  rateLimit: { enabled: false },
  portalDist: '/nonexistent',
});
const admin = await opened.db
  .selectFrom('users')
  .select('id')
  .where('email', '=', 'admin@example.com')
  .executeTakeFirstOrThrow();
const { token } = await app.ctx.sessions.create(admin.id, { ip: '127.0.0.1', userAgent: 'bench' });
const cookie = `${SESSION_COOKIE}=${token}`;
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

const bare = Fastify();
bare.get('/bare', async () => ({ items: [], total: 0, page: 1, size: 25 }));
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareUrl = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}/bare`;

const ids = await opened.db
  .selectFrom('users')
  .select('id')
  .where('email', 'like', '%@skala.example.com')
  .execute();
const pick = <T>(list: readonly T[], i: number) => list[(i * 7919) % list.length]!;
const SEARCHES = ['anna', 'son', 'öberg', 'klient12', 'erik j', 'lind', 'maja', '1950', 'gust'];

async function timed(url: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { cookie } });
  await res.arrayBuffer();
  if (res.status >= 400) throw new Error(`${url}: ${res.status}`);
  return performance.now() - t0;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const line = (name: string, xs: number[], target?: number) =>
  console.log(
    `${name.padEnd(34)} p50 ${pct(xs, 50).toFixed(1).padStart(6)} ms   p95 ${pct(xs, 95)
      .toFixed(1)
      .padStart(
        6,
      )} ms${target ? `   (mål ≤ ${target} ms: ${pct(xs, 95) <= target ? 'OK' : 'ÖVER'})` : ''}`,
  );

// Warm up the paths once.
for (let i = 0; i < 20; i++) {
  await timed(
    `${base}/api/v1/admin/clients?page=1&size=25&q=${encodeURIComponent(pick(SEARCHES, i))}`,
  );
}

const bareTimes: number[] = [];
const searchTimes: number[] = [];
const pageTimes: number[] = [];
for (let i = 0; i < REQUESTS; i++) {
  bareTimes.push(await timed(bareUrl));
  const q = encodeURIComponent(pick(SEARCHES, i));
  const sort = ['name', 'lastActive', 'createdAt'][i % 3];
  searchTimes.push(await timed(`${base}/api/v1/admin/clients?page=1&size=25&sort=${sort}&q=${q}`));
  const id = pick(ids, i).id;
  for (const path of [
    `/api/v1/admin/clients/${id}`,
    `/api/v1/admin/users/${id}/journal/daily-notes/latest-signed`,
    `/api/v1/admin/subject/${id}?page=1&size=25`,
    `/api/v1/admin/lab-data/${id}`,
  ]) {
    pageTimes.push(await timed(`${base}${path}`));
  }
}
console.log(`\n${REQUESTS} varv, en förfrågan i taget:`);
line('bar Fastify-route', bareTimes);
line('klientlistan, sökning (sida 1 av 25)', searchTimes, 50);
line('klientsidans anrop (4 per klient)', pageTimes, 50);

// The export of the whole log, streamed and thrown away by the client; RSS sampled meanwhile.
global.gc?.();
const { rss: rssBefore, heapUsed: heapBefore } = process.memoryUsage();
let peak = rssBefore;
let heapPeak = heapBefore;
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  peak = Math.max(peak, m.rss);
  heapPeak = Math.max(heapPeak, m.heapUsed);
}, 20);
const t0 = performance.now();
// The download runs in a child process, as a browser would be: what is measured here is the
// server's memory alone.
const CLIENT = `
const http = require('node:http');
let bytes = 0, lines = 0;
http.get(process.argv[1], { headers: { cookie: process.argv[2] } }, (res) => {
  res.on('data', (c) => { bytes += c.length; for (let i = c.indexOf(10); i >= 0; i = c.indexOf(10, i + 1)) lines++; });
  res.on('end', () => process.stdout.write(JSON.stringify({ bytes, lines })));
});`;
const { bytes, lines } = await new Promise<{ bytes: number; lines: number }>((resolve, reject) => {
  const child = spawn(process.execPath, ['-e', CLIENT, `${base}/api/v1/admin/export-logs`, cookie]);
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d));
  child.on('error', reject);
  child.on('exit', (code) =>
    code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`export-klienten: ${code}`)),
  );
});
const seconds = (performance.now() - t0) / 1000;
clearInterval(sampler);
const rows = lines - 1;
const growth = (peak - rssBefore) / 1024 / 1024;
// With --expose-gc (the pnpm script sets it): what the export left behind once collected.
global.gc?.();
const retained = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
console.log(
  `\nexport av hela loggen: ${rows} rader, ${(bytes / 1024 / 1024).toFixed(1)} MB på ${seconds.toFixed(1)} s` +
    ` = ${Math.round(rows / seconds)} rader/s (mål ≥ 100 000: ${rows / seconds >= 100_000 ? 'OK' : 'UNDER'})`,
);
console.log(
  `RSS-tillväxt under exporten: ${growth.toFixed(1)} MB (mål ≤ 100 MB: ${growth <= 100 ? 'OK' : 'ÖVER'}),` +
    ` varav JS-heap ${((heapPeak - heapBefore) / 1024 / 1024).toFixed(1)} MB;` +
    (global.gc ? ` kvar efter skräpsamling: ${retained.toFixed(1)} MB` : ''),
);

await app.close();
await bare.close();
await opened.close();
