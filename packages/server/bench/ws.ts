// STOMP fan-out benchmark (`pnpm bench:ws`).
//
//   pnpm bench:ws                      1 000 clients, each subscribed to its own user queue;
//                                      connect time, then bursts of notifications (one per
//                                      user per round) → delivery latency p50/p99, server RSS
//   pnpm bench:ws --idle 10000         10 000 clients that only connect (CONNECT + SUBSCRIBE,
//                                      heart-beats) → connect time and server RSS
//   pnpm bench:ws --messages           the whole app (REST + PGlite + /ws) with 1 000 signed-in
//                                      clients in 500 conversations: message send (REST POST)
//                                      → delivery (STOMP MESSAGE) latency p50/p99
//   options: --clients N  --rounds R (20)  --interval MS (50)  --hold MS (idle: 12000)
//            --redis (fan-out through REDIS_URL or redis://127.0.0.1:6379)
//            --messages: --sends S (500)  --rate PER_SECOND (50)
//                        --postgres [ADMIN_URL] (a throw-away database on that server, loopback;
//                        default postgres://postgres@127.0.0.1:5432/postgres) instead of PGlite
//
// The live server runs in this process with a fake authenticate (cookie sid=u<n> → user n);
// the clients run in a child process, so the RSS printed is the server's alone. Loopback only,
// bounded in count (≤ 20 000 clients) and time (the whole run aborts after 3 minutes).
// Each process needs a file descriptor per client: when `ulimit -n` is too low the script
// re-executes itself under `sh -c 'ulimit -n …'` (up to the hard limit).
//
// This file picks the mode and the process; the modes are in ws/fanout.ts and ws/messages.ts,
// what they share (options, figures, the forked client process) in ws/shared.ts.

import { mainFanout, runClients } from './ws/fanout.ts';
import { mainMessages, runMessageClients } from './ws/messages.ts';
import { ensureFileLimit, parseArgs, ReexecError } from './ws/shared.ts';

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  ensureFileLimit(args.clients + 512);
  return args.messages ? mainMessages(args) : mainFanout(args);
}

if (process.argv.includes('--child-messages')) {
  await runMessageClients();
} else if (process.argv.includes('--child')) {
  const i = process.argv.indexOf('--child');
  await runClients(Number(process.argv[i + 1]), Number(process.argv[i + 2]));
} else {
  try {
    await main();
  } catch (err) {
    if (!(err instanceof ReexecError)) {
      console.error(err);
      process.exit(1);
    }
  }
}
