#!/usr/bin/env node
// The framework floor under the /login budget (issue 4): how many gzipped kB the chosen
// runtime costs before any screen of ours is drawn. `pnpm budget:floor`.
//
// It builds three one-line pages with the portal's Vite (production mode, no plugins), each
// rendering a paragraph into #root, and prints the gzipped JavaScript of each:
//   1. react + react-dom/client (createRoot)
//   2. … + react-router's BrowserRouter/Routes/Route/Navigate/Link (what the signed-out
//      router uses)
//   3. … + swr's useSWR (the session lookup of design.md §1 runs on SWR)
// Sizes are gzip level 9, 1 kB = 1000 bytes, like scripts/budget.mjs. Nothing is written to the
// repository: the pages and their builds live in a temporary directory that is removed.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const fromRoot = createRequire(path.join(root, 'package.json'));
const fromApi = createRequire(path.join(root, 'packages/api/package.json'));
const packageDir = (req, name) => path.dirname(req.resolve(`${name}/package.json`));
const alias = {
  react: packageDir(fromRoot, 'react'),
  'react-dom': packageDir(fromRoot, 'react-dom'),
  'react-router': packageDir(fromRoot, 'react-router'),
  swr: packageDir(fromApi, 'swr'),
};

const pages = [
  {
    name: 'react + react-dom',
    code: `import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
createRoot(document.getElementById('root')).render(h('p', null, 'Logga in'));`,
  },
  {
    name: '+ react-router (BrowserRouter, Routes, Navigate, Link)',
    code: `import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Navigate, Route, Routes } from 'react-router';
createRoot(document.getElementById('root')).render(
  h(BrowserRouter, null, h(Routes, null,
    h(Route, { path: '/login', element: h(Link, { to: '/forgot-password' }, 'Glömt lösenord?') }),
    h(Route, { path: '*', element: h(Navigate, { to: '/login', replace: true }) }))));`,
  },
  {
    name: '+ swr (useSWR for the session)',
    code: `import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Navigate, Route, Routes } from 'react-router';
import useSWR from 'swr';
function Login() {
  const { data } = useSWR('/api/v1/auth/me', (url) => fetch(url).then((r) => r.json()));
  return data ? null : h(Link, { to: '/forgot-password' }, 'Glömt lösenord?');
}
createRoot(document.getElementById('root')).render(
  h(BrowserRouter, null, h(Routes, null,
    h(Route, { path: '/login', element: h(Login) }),
    h(Route, { path: '*', element: h(Navigate, { to: '/login', replace: true }) }))));`,
  },
];

const work = mkdtempSync(path.join(os.tmpdir(), 'budget-floor-'));
const kb = (bytes) => (bytes / 1000).toFixed(1);
try {
  console.log('framework floor of /login (gzip level 9, kB):');
  for (const [i, page] of pages.entries()) {
    const dir = path.join(work, `page-${i}`);
    const out = path.join(dir, 'dist');
    // One directory per page: index.html + main.js.
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><html lang="sv"><body><div id="root"></div>' +
        '<script type="module" src="./main.js"></script></body></html>',
    );
    writeFileSync(path.join(dir, 'main.js'), page.code);
    await build({
      root: dir,
      configFile: false,
      logLevel: 'silent',
      mode: 'production',
      resolve: { alias },
      build: { outDir: out, emptyOutDir: true },
    });
    const assets = path.join(out, 'assets');
    let gzip = 0;
    let raw = 0;
    for (const file of readdirSync(assets).filter((f) => f.endsWith('.js'))) {
      const bytes = readFileSync(path.join(assets, file));
      raw += bytes.length;
      gzip += gzipSync(bytes, { level: 9 }).length;
    }
    console.log(`  ${kb(gzip).padStart(6)}  (raw ${kb(raw)})  ${page.name}`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
