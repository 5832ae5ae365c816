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
import { getHeapSpaceStatistics } from 'node:v8';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../src/app.ts';
import { systemClock } from '../src/clock.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/index.ts';
import { migrate } from '../src/db/migrate.ts';
import { MemoryStorage } from '../src/files/storage.ts';
import { DevOutbox } from '../src/mail/mailer.ts';
import { SESSION_COOKIE } from '../src/access/sessions.ts';
import { SCALE_EMAIL_DOMAIN, seedScale } from '../src/seed/scale.ts';
import { seedDemoData } from '../src/seed/seed.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20_000);
const LOGS = Number(process.env.BENCH_LOGS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const databaseUrl = process.env.DATABASE_URL;

const config = {
  ...loadConfig({ NODE_ENV: 'development', PORT: '8080', DEMO: 'true' }),
  databaseUrl,
};
const opened = await openDatabase(
  databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'pglite' },
);
await migrate(opened.db);
const storage = new MemoryStorage();
await seedDemoData(opened.db, storage, systemClock);
const already = await opened.db
  .selectFrom('users')
  .select('id')
  .where('email', 'like', `%@${SCALE_EMAIL_DOMAIN}`)
  .limit(1)
  .executeTakeFirst();
if (already) {
  // A second run on the same DATABASE_URL measures the data the first one seeded.
  console.log(`Databas: ${opened.kind}. Skaldata finns redan; mäter den.`);
} else {
  console.log(`Databas: ${opened.kind}. Skapar ${CLIENTS} klienter och ${LOGS} loggrader…`);
  const seeded = await seedScale(opened.db, { clients: CLIENTS, logs: LOGS });
  console.log(`  klart på ${(seeded.ms / 1000).toFixed(1)} s`);
}
// Planner statistics, as autovacuum would have them on a database in use.
await sql`analyze`.execute(opened.db);

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
  .where('email', 'like', `%@${SCALE_EMAIL_DOMAIN}`)
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
const byTerm = new Map<string, number[]>();
const pageTimes: number[] = [];
for (let i = 0; i < REQUESTS; i++) {
  bareTimes.push(await timed(bareUrl));
  const q = encodeURIComponent(pick(SEARCHES, i));
  const sort = ['name', 'lastActive', 'createdAt'][i % 3];
  const took = await timed(`${base}/api/v1/admin/clients?page=1&size=25&sort=${sort}&q=${q}`);
  searchTimes.push(took);
  const term = pick(SEARCHES, i);
  byTerm.set(term, [...(byTerm.get(term) ?? []), took]);
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
// Where the tail of the search sits: the slowest words by their own p95.
console.log(
  `  långsammaste sökorden (p95): ${[...byTerm]
    .map(([term, xs]) => [term, pct(xs, 95)] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([term, p95]) => `'${term}' ${p95.toFixed(1)} ms`)
    .join(', ')}`,
);
line('klientsidans anrop (4 per klient)', pageTimes, 50);

// The export of the whole log, streamed and thrown away by the client; RSS sampled meanwhile,
// with V8's young and old generations beside it, so the growth can be told apart: rows kept
// alive would show as live heap after a collection; V8 sizing its heap shows as committed space.
const spaces = () => {
  let young = 0;
  let old = 0;
  for (const s of getHeapSpaceStatistics()) {
    if (s.space_name === 'new_space' || s.space_name === 'new_large_object_space')
      young += s.space_size;
    else if (s.space_name === 'old_space' || s.space_name === 'large_object_space')
      old += s.space_size;
  }
  return { young, old };
};
global.gc?.();
const { rss: rssBefore, heapUsed: heapBefore } = process.memoryUsage();
const spacesBefore = spaces();
let peak = rssBefore;
let heapPeak = heapBefore;
let youngPeak = spacesBefore.young;
let oldPeak = spacesBefore.old;
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  peak = Math.max(peak, m.rss);
  heapPeak = Math.max(heapPeak, m.heapUsed);
  const now = spaces();
  youngPeak = Math.max(youngPeak, now.young);
  oldPeak = Math.max(oldPeak, now.old);
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
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
console.log(
  `V8:s reserverade utrymme under exporten: unga generationen ${mb(spacesBefore.young)} → ${mb(youngPeak)} MB,` +
    ` gamla ${mb(spacesBefore.old)} → ${mb(oldPeak)} MB` +
    ` (flaggor: ${
      process.execArgv
        .concat(process.env.NODE_OPTIONS?.split(' ') ?? [])
        .filter((f) => f.startsWith('--max-') || f.startsWith('--heap-'))
        .join(' ') || 'Node:s standard'
    })`,
);

await app.close();
await bare.close();
await opened.close();
