// Compressed delivery (issue 14). Static assets of the portal are compressed once, at build time
// (scripts/prerender.mjs writes .br and .gz beside each file) and served by @fastify/static's
// `preCompressed` (routes.ts). Everything answered at run time above 1 kB — API JSON, CSV
// exports, the "not built" page — is compressed here by @fastify/compress, brotli first.
//
// Left alone: text/event-stream (a compressor would hold events back), files that are already
// compressed (PDF, images, zip: their types are not in COMPRESSIBLE), answers that carry their
// own content-encoding (the precompressed assets) and partial content. The live endpoint /ws
// (WebSocket and SockJS) never passes through Fastify's reply, so it is untouched. Request
// bodies are never decompressed: a client sends JSON and uploads as they are.
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/** Answers smaller than this go out as they are: compressing them saves nothing worth a CPU. */
export const COMPRESS_THRESHOLD = 1024;

/** Run-time answers worth compressing; everything else (binary files, SSE) is sent as it is. */
export const COMPRESSIBLE =
  /^(application\/(json|problem\+json|javascript|xml)|text\/(html|csv|plain|css|javascript|xml)|image\/svg\+xml)(;|$)/;

/** Registers compression before the routes (it hooks every route registered after it). */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
    // Brotli's default (11) is for build time; at run time 4 compresses JSON about as well
    // as gzip 9 at a fraction of the time.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
