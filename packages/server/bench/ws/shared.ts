// What both modes of `pnpm bench:ws` share (ws.ts): the options, the figures' helpers, the
// file-descriptor limit and the client process the server side forks.
import { execFileSync, fork, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The bench's entry, forked again as the client process. */
const ENTRY = fileURLToPath(new URL('../ws.ts', import.meta.url));

export const MAX_CLIENTS = 20_000;
export const RUN_TIMEOUT_MS = 180_000;
export const HEARTBEAT_MS = 10_000;
export const CONNECT_CONCURRENCY = 250;

export interface Args {
  clients: number;
  idle: boolean;
  rounds: number;
  interval: number;
  hold: number;
  redis: boolean;
  messages: boolean;
  sends: number;
  rate: number;
  /** --messages against a throw-away database on this PostgreSQL server instead of PGlite. */
  postgres: string | undefined;
}

export function parseArgs(argv: string[]): Args {
  const a: Args = {
    clients: 1000,
    idle: false,
    rounds: 20,
    interval: 50,
    hold: 12_000,
    redis: false,
    messages: false,
    sends: 500,
    rate: 50,
    postgres: undefined,
  };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i];
    const num = () => {
      const v = Number(argv[i + 1]);
      if (!Number.isFinite(v) || v < 0) throw new Error(`${k} needs a number`);
      i++;
      return v;
    };
    if (k === '--clients') a.clients = num();
    else if (k === '--idle') {
      a.idle = true;
      a.clients = /^\d+$/.test(argv[i + 1] ?? '') ? num() : 10_000;
    } else if (k === '--rounds') a.rounds = num();
    else if (k === '--interval') a.interval = num();
    else if (k === '--hold') a.hold = num();
    else if (k === '--redis') a.redis = true;
    else if (k === '--messages') a.messages = true;
    else if (k === '--sends') a.sends = Math.min(num(), 20_000);
    else if (k === '--rate') a.rate = Math.min(num(), 2_000);
    else if (k === '--postgres') {
      const url = /^postgres(ql)?:\/\//.test(argv[i + 1] ?? '') ? (argv[++i] as string) : undefined;
      a.postgres = url ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    } else if (k === '--child' || k === '--') continue;
    else throw new Error(`unknown option ${k}`);
  }
  a.clients = Math.min(Math.max(1, Math.floor(a.clients)), MAX_CLIENTS);
  return a;
}

export const nowNs = () => process.hrtime.bigint();

export function percentile(sorted: Float64Array | number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)] as number;
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
export const ms = (v: number) => `${v.toFixed(2)} ms`;

export function ensureFileLimit(needed: number): void {
  if (process.env.HALSA_BENCH_REEXEC) return;
  let soft = Infinity;
  let hard = Infinity;
  try {
    soft = Number(execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim()) || Infinity;
    hard =
      Number(execFileSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).trim()) || Infinity;
  } catch {
    return;
  }
  if (soft >= needed) return;
  const target = Math.min(hard, Math.max(needed, 65_536));
  if (target < needed) {
    console.warn(
      `ulimit -n is ${soft} (hard ${hard}); ${needed} needed — expect failed connections.`,
    );
    return;
  }
  console.log(`Raising ulimit -n from ${soft} to ${target} and restarting.`);
  const child = spawn(
    'sh',
    [
      '-c',
      `ulimit -n ${target} && exec "$0" "$@"`,
      process.execPath,
      ...process.execArgv,
      ...process.argv.slice(1),
    ],
    { stdio: 'inherit', env: { ...process.env, HALSA_BENCH_REEXEC: '1' } },
  );
  child.on('exit', (code) => process.exit(code ?? 1));
  throw new ReexecError();
}

export class ReexecError extends Error {}

/**
 * Forks this file as the client process (argv picks its mode) with a hard time limit.
 * `fromChild(type)` waits for its next message of that type; `finish()` ends it and the limit.
 */
export function forkClientProcess<M extends { type: string }, C extends { type: string }>(
  argv: string[],
  label: string,
) {
  const child = fork(ENTRY, argv, {
    execArgv: process.execArgv,
    env: { ...process.env, HALSA_BENCH_REEXEC: '1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const fromChild = <T extends M['type']>(type: T) =>
    new Promise<Extract<M, { type: T }>>((resolve, reject) => {
      const onMsg = (m: M) => {
        if (m.type === type) {
          child.off('message', onMsg);
          resolve(m as Extract<M, { type: T }>);
        }
      };
      child.on('message', onMsg);
      child.once('exit', (code) => reject(new Error(`client process exited (${code})`)));
    });
  const killer = setTimeout(() => {
    console.error(`${label} aborted after ${RUN_TIMEOUT_MS / 1000} s`);
    child.kill('SIGKILL');
    process.exit(2);
  }, RUN_TIMEOUT_MS);
  const send = (message: C) => child.send(message);
  const finish = async (exit: C) => {
    child.send(exit);
    await new Promise((r) => child.once('exit', r));
    clearTimeout(killer);
  };
  return { fromChild, send, finish };
}
