// A live test server in its own process, so abuse.test.ts can measure what a hostile client
// makes the *server* hold (RSS and heap), apart from the test client's own buffers.
// Prints `port <n>` once listening; GET /memory answers the process's memory after a GC.
import { startTestServer } from './live-support.ts';

const server = await startTestServer({
  heartBeatMs: 0,
  requestListener: (req, res) => {
    if (req.url === '/memory') {
      (globalThis as { gc?: () => void }).gc?.();
      const m = process.memoryUsage();
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ ...m, sessions: server.live.stats().sessions }));
      return;
    }
    res.end('ok');
  },
});
console.log(`port ${server.port}`);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
