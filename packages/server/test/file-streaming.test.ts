// Uploads stream to storage instead of being held whole in memory (issue 16 §7), on both
// databases and on disk: the upload reader (files/upload.ts) pipes a multipart file into
// DiskStorage (temp file, then linked into place) or DatabaseStorage (rows of 256 KiB, each
// its own INSERT, removed again when the upload fails), downloads stream back, and a file over the limit leaves nothing behind.
// Through a real HTTP server (not inject), so the body arrives in socket-sized pieces.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as m0006 from '../src/db/migrations/0006_file_blobs.ts';
import * as m0010 from '../src/db/migrations/0010_file_blob_chunks.ts';
import { sendFile } from '../src/files/client-file-routes.ts';
import {
  DatabaseStorage,
  DB_CHUNK_BYTES,
  DiskStorage,
  type ByteSource,
  type FileStorage,
} from '../src/files/storage.ts';
import { bodyLimitOf, readUpload, UPLOAD_POLICIES } from '../src/files/upload.ts';
import { HttpError } from '../src/http/errors.ts';
import { createTestDb, describeDb, TEST_DB, type TestDb } from './helpers.ts';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const MB = 1024 * 1024;
const POLICY = UPLOAD_POLICIES.clientFile;
const sha = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');
/** Memory that holds data: V8's heap and the Buffers outside it, after a full collection. */
const liveBytes = () => {
  gc();
  const m = process.memoryUsage();
  return { arrayBuffers: m.arrayBuffers, heapUsed: m.heapUsed };
};

/**
 * `liveBytes` once freed Buffers have really gone (their memory is released after a turn). Dead
 * Buffers can take more than one collection to go: counted here and freed during the upload they
 * hid what it held (a control read whole measured 5.3 MB once, when this file shared a worker
 * with other files), so collect until the Buffers stop shrinking. This file now runs in a
 * process of its own (vitest.config.ts, projects server-*-memory): no other file's garbage or
 * background work is in what it measures.
 */
async function settledBytes() {
  let last = liveBytes();
  for (let round = 0; round < 5; round++) {
    await new Promise((r) => setTimeout(r, 5));
    const now = liveBytes();
    if (now.arrayBuffers >= last.arrayBuffers) return now;
    last = now;
  }
  return last;
}

/** Storage that samples the process's live memory while a write is under way. */
class MeasuredStorage implements FileStorage {
  peak = { arrayBuffers: 0, heapUsed: 0 };
  constructor(readonly inner: FileStorage) {}
  #sample() {
    const now = liveBytes();
    this.peak.arrayBuffers = Math.max(this.peak.arrayBuffers, now.arrayBuffers);
    this.peak.heapUsed = Math.max(this.peak.heapUsed, now.heapUsed);
  }
  write(key: string, source: ByteSource) {
    const sample = () => this.#sample();
    return this.inner.write(
      key,
      (async function* () {
        let since = 0;
        for await (const chunk of source) {
          since += chunk.length;
          if (since >= MB) {
            sample();
            since = 0;
          }
          yield chunk;
        }
        sample();
      })(),
    );
  }
  async put(key: string, data: Buffer) {
    this.#sample();
    await this.inner.put(key, data);
  }
  read = (key: string) => this.inner.read(key);
  get = (key: string) => this.inner.get(key);
  remove = (key: string) => this.inner.remove(key);
  removeOrphans = (olderThan: Date, referenced: ReadonlySet<string>) =>
    this.inner.removeOrphans(olderThan, referenced);
}

/** A multipart body of `size` pseudo-random PDF bytes, made as it is sent (64 KiB pieces). */
function* multipartBody(boundary: string, size: number, seed: Buffer): Generator<Buffer> {
  yield Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="stor.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n%PDF-',
  );
  let left = size - 5;
  while (left > 0) {
    const piece = seed.subarray(0, Math.min(left, seed.length));
    left -= piece.length;
    yield piece;
  }
  yield Buffer.from(`\r\n--${boundary}--\r\n`);
}

/** The SHA-256 of what `multipartBody` sends as the file. */
function fileSha(size: number, seed: Buffer): string {
  const hash = createHash('sha256').update('%PDF-');
  let left = size - 5;
  while (left > 0) {
    const piece = seed.subarray(0, Math.min(left, seed.length));
    left -= piece.length;
    hash.update(piece);
  }
  return hash.digest('hex');
}

function post(
  port: number,
  size: number,
  seed: Buffer,
  url = '/upload',
): Promise<{ status: number; body: Record<string, unknown> }> {
  const boundary = '----halsa-stream';
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        port,
        method: 'POST',
        path: url,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
          }),
        );
      },
    );
    // The server may answer (413) and close before the whole body is sent.
    req.on('error', reject);
    void (async () => {
      for (const piece of multipartBody(boundary, size, seed)) {
        if (req.destroyed) return;
        if (!req.write(piece)) await new Promise((r) => req.once('drain', r));
      }
      req.end();
    })();
  });
}

function get(
  port: number,
  key: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; chunks: Buffer[] }> {
  return new Promise((resolve, reject) => {
    http
      .get({ port, path: `/download/${key}` }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, chunks }));
      })
      .on('error', reject);
  });
}

/** A server with the real upload reader and download, on `storage`. */
async function uploadServer(storage: FileStorage): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(multipart);
  app.setErrorHandler((error, _request, reply) =>
    error instanceof HttpError
      ? reply.code(error.statusCode).send({ message: error.message })
      : reply.code(500).send({ message: String(error) }),
  );
  const sizes = new Map<string, number>();
  app.post('/upload', { bodyLimit: bodyLimitOf(POLICY) }, async (request) => {
    const { file } = await readUpload(request, POLICY, { storage });
    sizes.set(file!.key, file!.size);
    return { key: file!.key, size: file!.size, sha256: file!.sha256 };
  });
  // The control: what every upload did before, the file read whole and then stored.
  app.post('/upload-whole', { bodyLimit: bodyLimitOf(POLICY) }, async (request) => {
    const part = await request.file({ limits: { fileSize: POLICY.maxBytes } });
    const data = await part!.toBuffer();
    const key = randomUUID();
    await storage.put(key, data);
    return { key, size: data.length, sha256: sha(data) };
  });
  app.get<{ Params: { key: string } }>('/download/:key', async (request, reply) => {
    const stream = (await storage.read(request.params.key)) as Readable;
    const size = sizes.get(request.params.key)!;
    return sendFile(reply, { fileName: 'stor.pdf', mimeType: 'application/pdf', size, stream });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

// 10 MB through HTTP into PGlite takes 15–45 s as the machine is quiet or busy: a generous
// timeout, so the test fails on what it checks, never on the machine's load (issue 25, item 5).
describeDb('uploads stream to storage', { timeout: 180_000 }, () => {
  let db: TestDb;
  let dir: string;
  const seed = randomBytes(64 * 1024);
  beforeAll(async () => {
    db = await createTestDb();
    dir = await mkdtemp(path.join(os.tmpdir(), 'halsa-stream-'));
  });
  afterAll(async () => {
    await db?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const chunkRows = async (key?: string) => {
    const q = db.db.selectFrom('file_blob_chunks').select((eb) => eb.fn.countAll<string>().as('n'));
    const { n } = await (key ? q.where('key', '=', key) : q).executeTakeFirstOrThrow();
    return Number(n);
  };
  const filesOnDisk = async (root: string) =>
    (await readdir(root, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name));

  it('DatabaseStorage writes rows of 256 KiB as they come, reads them back one by one', async () => {
    const store = new DatabaseStorage(db.db);
    const key = randomUUID();
    const data = randomBytes(DB_CHUNK_BYTES * 2 + 1000);
    // Pieces that do not line up with the rows.
    const pieces = [data.subarray(0, 1000), data.subarray(1000, 400_000), data.subarray(400_000)];
    expect(await store.write(key, pieces)).toBe(data.length);
    expect(await chunkRows(key)).toBe(3);
    const stream = (await store.read(key))!;
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    expect(chunks.map((c) => c.length)).toEqual([DB_CHUNK_BYTES, DB_CHUNK_BYTES, 1000]);
    expect(sha(Buffer.concat(chunks))).toBe(sha(data));
    // An empty file is stored (one empty row), a missing one is not.
    const empty = randomUUID();
    expect(await store.write(empty, [])).toBe(0);
    expect(await store.get(empty)).toEqual(Buffer.alloc(0));
    expect(await store.read(randomUUID())).toBeNull();
  });

  it('a write that fails half-way stores nothing: no rows, no file, no temp file', async () => {
    const failing = async function* () {
      yield randomBytes(DB_CHUNK_BYTES + 10);
      yield randomBytes(DB_CHUNK_BYTES);
      throw new Error('avbruten');
    };
    const store = new DatabaseStorage(db.db);
    const key = randomUUID();
    await expect(store.write(key, failing())).rejects.toThrow('avbruten');
    expect(await chunkRows(key)).toBe(0);
    expect(await store.read(key)).toBeNull();

    const disk = new DiskStorage(path.join(dir, 'fail'));
    await expect(disk.write(key, failing())).rejects.toThrow('avbruten');
    expect(await disk.read(key)).toBeNull();
    expect(await filesOnDisk(disk.root)).toEqual([]);
  });

  it('a slow upload holds no database connection between its chunks', async () => {
    // One transaction over the whole upload kept a pool connection 'idle in transaction' for
    // as long as the client took to send; a few slow clients would starve every request.
    let release!: () => void;
    const paused = new Promise<void>((resolve) => (release = resolve));
    let reached!: () => void;
    const atPause = new Promise<void>((resolve) => (reached = resolve));
    const slow = async function* () {
      yield randomBytes(DB_CHUNK_BYTES + 10);
      reached();
      await paused;
      yield randomBytes(100);
    };
    const store = new DatabaseStorage(db.db);
    const key = randomUUID();
    const writing = store.write(key, slow());
    await atPause;
    await new Promise((r) => setTimeout(r, 50));
    if (TEST_DB === 'postgres') {
      const { rows } = await sql<{ n: string }>`
        select count(*) as n from pg_stat_activity
        where datname = current_database() and state = 'idle in transaction'`.execute(db.db);
      expect(Number(rows[0]!.n)).toBe(0);
    }
    // The first chunk is already stored on its own, before the upload has ended.
    expect(await chunkRows(key)).toBe(1);
    release();
    expect(await writing).toBe(DB_CHUNK_BYTES + 110);
    expect(await chunkRows(key)).toBe(2);
  });

  it('migration 0010 moves the one-row files of 0006 into rows of 256 KiB', async () => {
    const old = await createTestDb();
    try {
      await sql.raw('drop table file_blob_chunks').execute(old.db);
      await sql.raw(m0006.sql).execute(old.db);
      const files = [randomBytes(DB_CHUNK_BYTES * 2 + 7), Buffer.alloc(0), randomBytes(10)];
      const keys = files.map(() => randomUUID());
      for (const [i, data] of files.entries()) {
        await sql`insert into file_blobs (key, data) values (${keys[i]}, ${data})`.execute(old.db);
      }
      await sql.raw(m0010.sql).execute(old.db);
      const store = new DatabaseStorage(old.db);
      for (const [i, data] of files.entries()) {
        expect(sha((await store.get(keys[i]!))!)).toBe(sha(data));
      }
      const rows = await old.db
        .selectFrom('file_blob_chunks')
        .select(['key', 'seq'])
        .where('key', '=', keys[0]!)
        .orderBy('seq')
        .execute();
      expect(rows.map((r) => r.seq)).toEqual([0, 1, 2]);
    } finally {
      await old.close();
    }
  });

  const stores = [
    { name: 'DiskStorage', make: () => new DiskStorage(path.join(dir, `disk-${randomUUID()}`)) },
    { name: 'DatabaseStorage', make: () => new DatabaseStorage(db.db) },
  ];

  for (const { name, make } of stores) {
    it(`${name}: a 10 MB upload over HTTP takes far less memory than the file; it streams back byte-identical`, async () => {
      const store = new MeasuredStorage(make());
      const app = await uploadServer(store);
      try {
        const port = (app.server.address() as AddressInfo).port;
        const size = POLICY.maxBytes;
        const upload = async (url: string) => {
          store.peak = { arrayBuffers: 0, heapUsed: 0 };
          const before = await settledBytes();
          const res = await post(port, size, seed, url);
          expect(res.status).toBe(200);
          expect(res.body.size).toBe(size);
          expect(res.body.sha256).toBe(fileSha(size, seed));
          const grew =
            store.peak.arrayBuffers - before.arrayBuffers + store.peak.heapUsed - before.heapUsed;
          return { key: res.body.key as string, grew };
        };
        const mb = (n: number) => `${(n / MB).toFixed(2)} MB`;
        // The control shows the measure sees a file held whole.
        const whole = await upload('/upload-whole');
        await store.remove(whole.key);
        const streamed = await upload('/upload');
        console.info(
          `[${TEST_DB}] ${name}: upload of ${mb(size)}; live memory (Buffers + heap) during ` +
            `the write grew by ${mb(streamed.grew)} streamed, ${mb(whole.grew)} read whole`,
        );
        // PGlite keeps its database in this process's memory (WebAssembly): there the stored
        // file itself is resident, so only the other legs can show what the upload held.
        if (!(name === 'DatabaseStorage' && TEST_DB === 'pglite')) {
          expect(whole.grew).toBeGreaterThan(size * 0.9);
          // Quiet: under 1 MB. On a loaded machine up to ~6 MB was seen (socket and driver
          // buffers of the in-process client and pg), still far from the whole file.
          expect(streamed.grew).toBeLessThan(size * 0.7);
        }

        const key = streamed.key;
        const down = await get(port, key);
        expect(down.status).toBe(200);
        expect(down.headers['content-length']).toBe(String(size));
        expect(down.headers['content-type']).toBe('application/pdf');
        expect(down.headers['cache-control']).toBe('no-store');
        expect(down.headers['x-content-type-options']).toBe('nosniff');
        // Sent in pieces as read from storage, not as one body.
        expect(down.chunks.length).toBeGreaterThan(10);
        expect(sha(Buffer.concat(down.chunks))).toBe(fileSha(size, seed));
        await store.remove(key);
      } finally {
        await app.close();
      }
    });

    it(`${name}: an upload over the limit is 413 with the Swedish message and leaves nothing`, async () => {
      const inner = make();
      const app = await uploadServer(inner);
      try {
        const port = (app.server.address() as AddressInfo).port;
        const rowsBefore = await chunkRows();
        const res = await post(port, POLICY.maxBytes + 1, seed);
        expect(res.status).toBe(413);
        expect(res.body.message).toBe(POLICY.messages.tooLarge);
        expect(await chunkRows()).toBe(rowsBefore);
        if (inner instanceof DiskStorage) expect(await filesOnDisk(inner.root)).toEqual([]);
      } finally {
        await app.close();
      }
    });
  }
});
