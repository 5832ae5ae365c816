#!/usr/bin/env node
// Bundle budget of the signed-out entry: the gzipped JavaScript a browser loads for /login.
// Builds nothing; run it after `pnpm --filter @halsa/portal build` (or `vite build` in
// packages/portal), from the repository root: `node scripts/budget.mjs` / `pnpm budget`.
//
// It reads the Vite manifest of the portal build (`build.manifest: true`) and counts:
//   - the entry chunk of index.html and its static imports, recursively;
//   - the lazy chunk of the login screen (packages/ui/src/screens/auth/login/index.ts) and its
//     static imports. While the router still shows a placeholder for /login, the placeholder
//     screen's chunk is counted instead, with a note.
// Sizes are gzip level 9 (node:zlib); 1 kB = 1000 bytes, as Vite prints them.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 90;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const portalDir = path.join(root, 'packages/portal');
const distDir = path.join(portalDir, 'dist');
const manifestPath = path.join(distDir, '.vite/manifest.json');
const LOGIN_SCREEN = path.join(root, 'packages/ui/src/screens/auth/login/index.ts');
const PLACEHOLDER_SCREEN = path.join(root, 'packages/ui/src/screens/shell/placeholder/index.ts');

if (!existsSync(manifestPath)) {
  console.error(
    `No Vite manifest at ${path.relative(root, manifestPath)}.\n` +
      'Build the portal first (`pnpm --filter @halsa/portal build`); its vite.config.ts needs ' +
      '`build: { manifest: true }`.',
  );
  process.exit(1);
}

/** @type {Record<string, { file: string, src?: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[] }>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

// Manifest keys and `src` are relative to the Vite root (packages/portal).
const resolveKey = (key) => path.resolve(portalDir, key);

/** The manifest key of the chunk built from `source`: by `src`, by key, or as a dynamic import. */
function findChunkKey(source) {
  for (const [key, chunk] of Object.entries(manifest)) {
    if ((chunk.src && resolveKey(chunk.src) === source) || resolveKey(key) === source) return key;
  }
  for (const chunk of Object.values(manifest)) {
    for (const target of chunk.dynamicImports ?? []) {
      if (resolveKey(target) === source && manifest[target]) return target;
    }
  }
  return undefined;
}

const entryKey =
  Object.keys(manifest).find((key) => key === 'index.html' && manifest[key].isEntry) ??
  Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  console.error('The manifest has no entry chunk (index.html).');
  process.exit(1);
}

const notes = [];
let loginKey = findChunkKey(LOGIN_SCREEN);
let loginLabel = 'login screen';
if (!loginKey) {
  loginKey = findChunkKey(PLACEHOLDER_SCREEN);
  loginLabel = 'placeholder screen';
  notes.push(
    loginKey
      ? 'Note: the login screen (packages/ui/src/screens/auth/login) is not in this build; ' +
          'the router still shows a placeholder for /login, so its chunk is counted instead.'
      : 'Note: neither the login screen nor the placeholder screen has a chunk of its own; ' +
          'only the entry chunk and its static imports are counted.',
  );
}

/** Collects `key` and its static imports, depth first, each chunk once. */
function collect(key, why, seen) {
  if (seen.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) return;
  seen.set(key, why);
  for (const child of chunk.imports ?? []) collect(child, `imported by ${chunk.file}`, seen);
}

const seen = new Map();
collect(entryKey, 'entry (index.html)', seen);
if (loginKey) collect(loginKey, loginLabel, seen);

const rows = [...seen]
  .map(([key, why]) => ({ file: manifest[key].file, why }))
  .filter(({ file }) => file.endsWith('.js'))
  .map(({ file, why }) => {
    const bytes = readFileSync(path.join(distDir, file));
    return { file, why, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });

const kb = (bytes) => (bytes / 1000).toFixed(1);
const fileWidth = Math.max(4, ...rows.map((row) => row.file.length));
const line = (file, raw, gzip, why = '') =>
  `${file.padEnd(fileWidth)}  ${raw.padStart(9)}  ${gzip.padStart(9)}  ${why}`.trimEnd();

console.log(line('file', 'raw kB', 'gzip kB', 'why'));
console.log('-'.repeat(fileWidth + 24));
for (const row of rows) console.log(line(row.file, kb(row.raw), kb(row.gzip), row.why));
const total = rows.reduce((sum, row) => ({ raw: sum.raw + row.raw, gzip: sum.gzip + row.gzip }), {
  raw: 0,
  gzip: 0,
});
console.log('-'.repeat(fileWidth + 24));
console.log(line('total', kb(total.raw), kb(total.gzip)));
for (const note of notes) console.log(`\n${note}`);

const over = total.gzip > BUDGET_KB * 1000;
console.log(`\nlogin JS gzip: ${kb(total.gzip)} KB (budget ${BUDGET_KB} KB)`);
if (over) {
  console.error(`Over budget by ${kb(total.gzip - BUDGET_KB * 1000)} KB.`);
  process.exit(1);
}
