#!/usr/bin/env node
// Production build of the server (issue 14): bundles src/main.ts and the workspace code it uses
// (@halsa/api's contract and FHIR reader) with esbuild into dist/main.js (and the lab reader's worker thread,
// issue 34, into dist/lab-read-worker.js), so `NODE_ENV=production` runs plain
// JavaScript on Node: no tsx, no TypeScript in the process. Packages from node_modules stay
// external (PGlite loads its WebAssembly from its own folder, argon2 is a native addon).
// `pnpm --filter @halsa/server build`; run with `pnpm start:prod` (README).
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(here, 'dist');
const started = Date.now();
rmSync(outdir, { recursive: true, force: true });

const result = await build({
  // The lab reader's worker thread (modules/lab-results/read-isolated.ts) is its own file,
  // loaded by the bundle from beside it as dist/lab-read-worker.js.
  entryPoints: {
    main: path.join(here, 'src/main.ts'),
    'lab-read-worker': path.join(here, 'src/modules/lab-results/read-worker.ts'),
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  metafile: true,
  legalComments: 'none',
  logLevel: 'warning',
  // ESM output has no `require`; a CommonJS dependency bundled by accident would need one.
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  plugins: [
    {
      name: 'externals-but-workspace',
      setup(b) {
        // Bare imports are packages: external, except our own (@halsa/*), which are TypeScript.
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@halsa/') || path.isAbsolute(args.path)
            ? undefined
            : { path: args.path, external: true },
        );
      },
    },
  ],
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
console.log(
  `server build: dist/main.js and dist/lab-read-worker.js, ${Object.keys(result.metafile.inputs).length} modules, ` +
    `${(bytes / 1000).toFixed(0)} kB with source map (${Date.now() - started} ms)`,
);
