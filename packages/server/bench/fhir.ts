// `pnpm --filter @halsa/server bench:fhir` (issue 34 item 2): a server on PGlite in memory (or
// DATABASE_URL) with the demo data takes, one after the other, over real HTTP as the demo ADMIN:
//   1. a file of 12 levels of `hasMember` panels, each naming the next four times (3.5 kB; the
//      old reader copied 4^12 dates for it and held every request for 12 s),
//   2. a 24 MB Bundle: a DiagnosticReport and 5 000 Observations padded with narrative.
// Meanwhile `/healthz` is asked every 10 ms; each answer's wait counts from when it was due, so a
// held event loop shows. Prints per file the upload's time and answer, `/healthz` p50/p99/max
// (target p99 ≤ 200 ms) and the growth of the main thread's heap and of the process's RSS
// (the reading worker thread's heap is in the RSS, not in the main heap).
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/app.ts';
import { systemClock } from '../src/clock.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/index.ts';
import { migrate } from '../src/db/migrate.ts';
import { MemoryStorage } from '../src/files/storage.ts';
import { DevOutbox } from '../src/mail/mailer.ts';
import { SESSION_COOKIE } from '../src/access/sessions.ts';
import { seedDemoData } from '../src/seed/seed.ts';
import { chainedPanels, largeBundle } from '../test/fhir-files.ts';

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
const idOf = async (email: string) =>
  (
    await opened.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
  ).id;
const adminId = await idOf('admin@example.com');
const clientId = await idOf('klient@example.com');
const { token } = await app.ctx.sessions.create(adminId, { ip: '127.0.0.1', userAgent: 'bench' });
const cookie = `${SESSION_COOKIE}=${token}`;
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const gc = (globalThis as { gc?: () => void }).gc;
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function measure(name: string, data: Buffer): Promise<number> {
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const rssBefore = process.memoryUsage().rss;
  let heapPeak = heapBefore;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    heapPeak = Math.max(heapPeak, m.heapUsed);
    rssPeak = Math.max(rssPeak, m.rss);
  }, 5);
  let done = false;
  const waits: number[] = [];
  const poller = (async () => {
    while (!done) {
      const due = performance.now();
      const res = await fetch(`${base}/healthz`);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`/healthz ${res.status}`);
      waits.push(performance.now() - due);
      const next = due + 10;
      await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
      waits.push(Math.max(0, performance.now() - next));
    }
  })();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type: 'application/fhir+json' }), name);
  const started = performance.now();
  const res = await fetch(`${base}/api/v1/admin/upload-lab/${clientId}`, {
    method: 'POST',
    headers: { cookie, origin: base },
    body: form,
  });
  const body = (await res.json()) as { readSummary?: { read: number; skipped: unknown[] } };
  const ms = performance.now() - started;
  done = true;
  await poller;
  clearInterval(sampler);
  const sorted = waits.filter((_, i) => i % 2 === 0).sort((a, b) => a - b);
  const all = [...waits].sort((a, b) => a - b);
  const p99 = pct(sorted, 99);
  console.log(`\n${name}: ${mb(data.length)}`);
  console.log(
    `  uppladdning: ${res.status} på ${ms.toFixed(0)} ms, ${body.readSummary?.read ?? 0} värden lästa, ` +
      `${body.readSummary?.skipped.length ?? 0} överhoppade`,
  );
  console.log(
    `  /healthz under uppladdningen: ${sorted.length} svar, p50 ${pct(sorted, 50).toFixed(1)} ms, ` +
      `p99 ${p99.toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms (mål p99 ≤ 200 ms: ` +
      `${p99 <= 200 ? 'OK' : 'ÖVER MÅL'}); längsta försenade tidtagare ${all.at(-1)?.toFixed(1)} ms`,
  );
  console.log(
    `  heap (huvudtråden): före ${mb(heapBefore)}, högst ${mb(heapPeak)} (+${mb(heapPeak - heapBefore)}); ` +
      `rss: före ${mb(rssBefore)}, högst ${mb(rssPeak)} (+${mb(rssPeak - rssBefore)})`,
  );
  return p99;
}

console.log(`databas: ${opened.kind}`);
const p99s = [
  await measure('Kedjade paneler (12 nivåer × 4).json', chainedPanels(12, 4)),
  await measure('Stor rapport (24 MB).json', largeBundle(24 * 1024 * 1024, 5000)),
];
await app.close();
await opened.close();
if (p99s.some((p) => p > 200)) process.exitCode = 1;
