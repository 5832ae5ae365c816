// The floor page (issue 26, item 3) built for a benchmark run: React and the router rendering
// one heading and a button (scripts/floor/main.tsx), built by the portal's own Vite config and
// plugins into dist/__floor/, precompressed as scripts/prerender.mjs does it, and served by the
// production server as any file of the portal build. `pnpm lighthouse`, `bench:load` and
// `bench:inp` measure it in the same run as the pages and print the pages' figures as ratios to
// its (issue 39): a ratio means the same on a busy and a quiet machine. It lives there only
// during the run (`removeFloor`; a portal build empties dist anyway).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build as viteBuild } from 'vite';
import { portalDist, root } from '../demo-server.mjs';
import { precompress, walk } from '../precompress.mjs';

export const FLOOR_PATH = '/__floor/index.html';
/** The floor's heading and its one interactive element (bench:inp clicks it). */
export const FLOOR_HEADING = 'Hälsoportalen';
export const FLOOR_BUTTON = 'Visa mer';
const floorDir = path.join(portalDist, '__floor');

/**
 * The floor's HTML is the portal's own (packages/portal/index.html: the same head, fonts and
 * CSP-safe scripts), its entry swapped for scripts/floor/main.tsx; written for the build only.
 */
function writeFloorHtml() {
  const portalHtml = readFileSync(path.join(root, 'packages/portal/index.html'), 'utf8');
  const entry = '<script type="module" src="/src/main.tsx"></script>';
  if (!portalHtml.includes(entry)) throw new Error(`packages/portal/index.html has no ${entry}`);
  const file = path.join(root, 'scripts/floor/index.html');
  writeFileSync(
    file,
    portalHtml.replace(entry, '<script type="module" src="./main.tsx"></script>'),
  );
  return file;
}

export async function buildFloor(log) {
  log('building the floor page (React + the router, one heading) into dist/__floor…');
  const html = writeFloorHtml();
  try {
    await viteBuild({
      configFile: path.join(root, 'packages/portal/vite.config.ts'),
      root: path.join(root, 'scripts/floor'),
      base: '/__floor/',
      logLevel: 'warn',
      build: { outDir: floorDir, emptyOutDir: true, manifest: false },
    });
  } finally {
    rmSync(html, { force: true });
  }
  for (const file of walk(floorDir).filter((f) => /\.(html|js|css)$/.test(f))) precompress(file);
}

export function removeFloor() {
  rmSync(floorDir, { recursive: true, force: true });
}
