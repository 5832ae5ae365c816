// pnpm bench:server — autocannon against GET /api/v1/auth/me with a valid session and
// against a bare Fastify route in the same run; prints req/s, p99 and their ratio.
// Database: embedded PGlite in memory (as `pnpm start` by default), or DATABASE_URL.
// BENCH_SECONDS (default 5) bounds each run.
import type { AddressInfo } from 'node:net';
import autocannon, { type Result } from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/index.ts';
import { migrate } from '../src/db/migrate.ts';
import { MemoryStorage } from '../src/files/storage.ts';
import { DevOutbox } from '../src/mail/mailer.ts';
import { systemClock } from '../src/clock.ts';
import { SESSION_COOKIE } from '../src/access/sessions.ts';
import { seedDemoData } from '../src/seed/seed.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const databaseUrl = process.env.DATABASE_URL;

const config = { ...loadConfig({ NODE_ENV: 'test', PORT: '8080' }), databaseUrl };
const opened = await openDatabase(
  databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'pglite' },
);
await migrate(opened.db);
const storage = new MemoryStorage();
await seedDemoData(opened.db, storage, systemClock);
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
const user = await opened.db
  .selectFrom('users')
  .select('id')
  .where('email', '=', 'klient@example.com')
  .executeTakeFirstOrThrow();
const { token } = await app.ctx.sessions.create(user.id, { ip: '127.0.0.1', userAgent: 'bench' });
await app.listen({ port: 0, host: '127.0.0.1' });
const appUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

const bare = Fastify();
bare.get('/bare', async () => ({
  id: 1,
  firstName: 'Karin',
  lastName: 'Johansson',
  role: 'USER',
  imageUrl: null,
}));
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareUrl = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}/bare`;

const cookie = `${SESSION_COOKIE}=${token}`;
const check = await fetch(`${appUrl}/api/v1/auth/me`, { headers: { cookie } });
if (check.status !== 200) throw new Error(`session check failed: ${check.status}`);

const run = (url: string, headers: Record<string, string> = {}) =>
  autocannon({ url, connections, duration: seconds, headers });

console.log(
  `autocannon: ${connections} anslutningar, ${seconds} s per mätning, databas ${opened.kind}`,
);
const bareResult = await run(bareUrl);
const meResult = await run(`${appUrl}/api/v1/auth/me`, { cookie });

const row = (name: string, r: Result) =>
  `${name.padEnd(34)} ${r.requests.average.toFixed(0).padStart(8)} req/s   p99 ${String(r.latency.p99).padStart(4)} ms   non-2xx ${r.non2xx}  fel ${r.errors}`;
console.log(row('bare Fastify GET /bare', bareResult));
console.log(row('GET /api/v1/auth/me (session)', meResult));
const ratio = meResult.requests.average / bareResult.requests.average;
console.log(
  `ratio me/bare req/s: ${ratio.toFixed(2)} (mål ≥ 0.25) ${ratio >= 0.25 ? 'OK' : 'UNDER MÅL'}`,
);
console.log(
  `ratio p99 me/bare: ${(meResult.latency.p99 / Math.max(1, bareResult.latency.p99)).toFixed(2)}`,
);

await app.close();
await bare.close();
await opened.close();
if (meResult.non2xx > 0) process.exitCode = 1;
