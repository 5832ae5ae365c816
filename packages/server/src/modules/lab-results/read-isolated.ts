// Reading a structured lab upload off the main thread (issue 34 item 2). A FHIR or CSV file is
// read in a worker thread (read-worker.ts) with a time limit and a heap limit, so a file that
// makes the reader work hard or grow large fails alone: it is kept as a plain file with a Swedish
// note (design §4.12) while the server keeps answering every other request. A PDF or picture is
// recognised by its first bytes here, without a worker. At most MAX_READERS files are read at
// once; later ones wait their turn. The threads are kept warm between files (issue 38: starting
// one per upload was ~90 % of an upload's time); a thread that runs out of time or heap, or
// fails, is ended and never reused, so each file still fails alone.
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

/** A reading thread kept warm between files, with the heap limit it was started with. */
interface Reader {
  worker: Worker;
  heapMb: number;
  reads: number;
}

/** Idle reading threads (at most MAX_READERS: one per read that may run at once). */
const idle: Reader[] = [];

/**
 * Files one thread reads before it is replaced: a thread is reused only for files that finished,
 * and a fresh one now and then keeps whatever a reader might leave behind from growing.
 */
const READS_PER_THREAD = 200;

function startReader(heapMb: number): Reader {
  const worker = new Worker(WORKER_URL, {
    execArgv: WORKER_EXEC_ARGV,
    resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 32 },
    stdout: false,
    stderr: false,
  });
  const reader: Reader = { worker, heapMb, reads: 0 };
  // An idle thread does not keep the process alive; one that ends is dropped from the pool.
  worker.unref();
  worker.on('error', () => {});
  worker.once('exit', () => {
    const at = idle.indexOf(reader);
    if (at >= 0) idle.splice(at, 1);
  });
  return reader;
}

/** A warm thread with this heap limit, or a new one (the limits of a test may differ). */
function takeReader(heapMb: number): Reader {
  const at = idle.findIndex((r) => r.heapMb === heapMb);
  return at >= 0 ? idle.splice(at, 1)[0]! : startReader(heapMb);
}

function giveBack(reader: Reader): void {
  const stale = reader.heapMb !== READ_LIMITS.heapMb || reader.reads >= READS_PER_THREAD;
  if (stale || idle.length >= MAX_READERS) {
    void reader.worker.terminate();
    return;
  }
  reader.worker.unref();
  idle.push(reader);
}

function inWorker(
  data: Buffer,
  name: string | undefined,
  subject: LabSubject | undefined,
  limits: ReadLimits,
): Promise<ReadLabFile | null | { failed: string }> {
  return new Promise((resolve) => {
    const reader = takeReader(limits.heapMb);
    const { worker } = reader;
    worker.ref();
    let settled = false;
    const done = (out: ReadLabFile | null | { failed: string }, keep: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      resolve(out);
      // Only a thread that answered in time reads again; any other is ended.
      if (keep) giveBack(reader);
      else void worker.terminate();
    };
    const onMessage = (out: ReadLabFile | null) => {
      reader.reads++;
      done(out, true);
    };
    const onError = (error: NodeJS.ErrnoException) =>
      done(
        {
          failed:
            error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? LAB_NOTES.tooBig : LAB_NOTES.readFailed,
        },
        false,
      );
    const onExit = () => done({ failed: LAB_NOTES.readFailed }, false);
    const timer = setTimeout(() => done({ failed: LAB_NOTES.tooSlow }, false), limits.timeMs);
    worker.once('message', onMessage);
    worker.once('error', onError);
    worker.once('exit', onExit);
    const copy = new Uint8Array(data);
    worker.postMessage({ data: copy, name, subject }, [copy.buffer]);
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
