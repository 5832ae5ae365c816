// Reading a structured lab upload off the main thread (issue 34 item 2). A FHIR or CSV file is
// read in a worker thread (read-worker.ts) with a time limit and a heap limit, so a file that
// makes the reader work hard or grow large fails alone: it is kept as a plain file with a Swedish
// note (design §4.12) while the server keeps answering every other request. A PDF or picture is
// recognised by its first bytes here, without a worker. At most MAX_READERS files are read at
// once; later ones wait their turn.
import { Worker } from 'node:worker_threads';
import { LAB_NOTES, type LabSubject, type ReadLabFile } from '@halsa/api/fhir/lab-read';
import { claimedFormat, readDocument, unreadClaimed } from './parse.ts';

export interface ReadLimits {
  /** Longest a read may take, in milliseconds. */
  timeMs: number;
  /** Largest old-generation heap of the reading thread, in MB. */
  heapMb: number;
}

/** A 24 MB Bundle of 5 000 Observations reads in about 1 s with under 200 MB of heap. */
export const READ_LIMITS: ReadLimits = { timeMs: 20_000, heapMb: 320 };

const MAX_READERS = 2;
let running = 0;
const waiting: Array<() => void> = [];

async function turn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_READERS) await new Promise<void>((go) => waiting.push(go));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/**
 * The worker's file: beside this module in the sources (`.ts`, run by tsx, vitest or Node's own
 * type stripping), or beside the bundle as `lab-read-worker.js` (build.mjs bundles both).
 */
const WORKER_URL = import.meta.url.endsWith('.ts')
  ? new URL('./read-worker.ts', import.meta.url)
  : new URL('./lab-read-worker.js', import.meta.url);

/**
 * No flags of the process: V8 flags (`--heap-growing-percent`) are refused in a worker, and
 * tsx's loader (in development) would compile every module again for seconds; Node's own type
 * stripping loads the `.ts` sources (they use no syntax it cannot strip) and the bundle is JS.
 */
const WORKER_EXEC_ARGV: string[] = [];

function inWorker(
  data: Buffer,
  name: string | undefined,
  subject: LabSubject | undefined,
  limits: ReadLimits,
): Promise<ReadLabFile | null | { failed: string }> {
  return new Promise((resolve) => {
    const copy = new Uint8Array(data);
    const worker = new Worker(WORKER_URL, {
      workerData: { data: copy, name, subject },
      transferList: [copy.buffer],
      execArgv: WORKER_EXEC_ARGV,
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 32 },
      stdout: false,
      stderr: false,
    });
    let settled = false;
    const done = (out: ReadLabFile | null | { failed: string }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(out);
      void worker.terminate();
    };
    const timer = setTimeout(() => done({ failed: LAB_NOTES.tooSlow }), limits.timeMs);
    worker.once('message', (out: ReadLabFile | null) => done(out));
    worker.once('error', (error: NodeJS.ErrnoException) =>
      done({
        failed: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? LAB_NOTES.tooBig : LAB_NOTES.readFailed,
      }),
    );
    worker.once('exit', () => done({ failed: LAB_NOTES.readFailed }));
  });
}

/**
 * What a lab upload is (parse.ts `readLabFile`), with a structured file read in a worker thread
 * under `limits`. A file the worker cannot finish is kept with a note saying why.
 */
export async function readLabFileIsolated(
  data: Buffer,
  name: string | undefined,
  complete: boolean,
  subject?: LabSubject,
  limits: ReadLimits = READ_LIMITS,
): Promise<ReadLabFile | null> {
  const document = readDocument(data);
  if (document !== undefined) return document;
  const claims = claimedFormat(data, name);
  if (!claims) return null;
  if (!complete) return unreadClaimed(claims, LAB_NOTES.tooLarge);
  const out = await turn(() => inWorker(data, name, subject, limits));
  if (out !== null && 'failed' in out) return unreadClaimed(claims, out.failed);
  return out;
}
