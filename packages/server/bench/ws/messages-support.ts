// What bench:ws --messages needs beside its run (ws/messages.ts): the floor server as a
// process of its own, a throw-away PostgreSQL database for --postgres, and the server's own
// figures printed (src/live/bench-timings.ts).
import { fork } from 'node:child_process';
import net, { type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { TimingsSnapshot } from '../../src/live/bench-timings.ts';
import { printSteps, SEND } from '../cluster-timings.ts';

/** The floor server (bench/floor-server.ts) as a process of its own, without Redis. */
export async function startFloorProcess(): Promise<{ port: number; stop(): Promise<void> }> {
  const port = await new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
  const child = fork(fileURLToPath(new URL('../floor-server.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', FLOOR_PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`floor server exited (${code})`)));
  });
  return {
    port,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A fresh database on a PostgreSQL server on loopback, dropped after the run. */
export async function throwAwayPostgres(adminUrl: string) {
  const host = new URL(adminUrl).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) {
    throw new Error(`--postgres: loopback only (got ${host})`);
  }
  const { default: pgLib } = await import('pg');
  const name = `halsa_bench_${process.pid}_${Date.now().toString(36)}`;
  const admin = async (sqlText: string) => {
    const client = new pgLib.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sqlText);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  return {
    name,
    url: adminUrl.replace(/\/[^/]*$/, `/${name}`),
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

/** The server's own figures during the sends (src/live/bench-timings.ts). */
export function printTimings(t: TimingsSnapshot): void {
  const f = (v: number) => (Number.isFinite(v) ? v.toFixed(v < 10 ? 2 : 1) : '–');

  const sends = t.steps[`http.total ${SEND}`]?.n ?? 0;
  const dbMs = ['tx.total', `http.careTeamCheck ${SEND}`, 'audit.pushRoles', 'activity.insert']
    .map((k) => t.steps[k]?.total ?? 0)
    .reduce((a, b) => a + b, 0);
  console.log(
    `server during the sends: event-loop delay p50 ${f(t.eventLoop.p50)} ms, p99 ${f(t.eventLoop.p99)} ms,` +
      ` max ${f(t.eventLoop.max)} ms; GC ${t.gc.count} pauses, ${f(t.gc.totalMs)} ms in all, max ${f(t.gc.max)} ms;` +
      ` database time per send ${f(sends ? dbMs / sends : NaN)} ms (transaction, care-team check, push audit)`,
  );
  const counts = Object.entries(t.counts).map(([k, n]) => `${k}: ${n}`);
  console.log(`  counted: ${counts.join(', ') || 'nothing'}`);
  printSteps(t, '  ');
}
