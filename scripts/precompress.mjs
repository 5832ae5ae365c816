// Precompression as the server serves it (modules/portal): beside each text file a `.br` (brotli
// at its best) and a `.gz` (gzip 9), each only when smaller. Used by the portal build
// (scripts/prerender.mjs) and the Lighthouse floor page (scripts/lighthouse.mjs).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Every file under `dir`, skipping dot-files and dot-folders. */
export const walk = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name.startsWith('.')) return [];
    return statSync(full).isDirectory() ? walk(full) : [full];
  });

/** Writes `file.br` and `file.gz` where smaller; returns the raw and the served brotli bytes. */
export function precompress(file) {
  const bytes = readFileSync(file);
  const brotli = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  const gzip = gzipSync(bytes, { level: 9 });
  if (brotli.length < bytes.length) writeFileSync(`${file}.br`, brotli);
  if (gzip.length < bytes.length) writeFileSync(`${file}.gz`, gzip);
  return { raw: bytes.length, brotli: Math.min(brotli.length, bytes.length) };
}
