#!/usr/bin/env node
// The second half of the portal build (`pnpm --filter @halsa/portal build` runs it after
// `vite build`), issue 14:
//   1. prerenders the signed-out pages with React 19's static rendering (scripts/prerender-entry.tsx,
//      bundled for Node by the portal's own Vite config) into dist/<page>.html: the first HTML
//      response already shows the form and the footer, and main.tsx hydrates it;
//   2. writes the shells for visitors with a session cookie: dist/app-<page>.html for each
//      signed-in page, which preloads the signed-in app's chunk and that page's screen from the
//      start, and dist/app.html (the overview's screen) for every other signed-in path;
//   3. preloads, in every page, the chunk of that page's screen and the critical font, and
//      inlines the stylesheet into the prerendered pages (they paint from the first response);
//   4. writes dist/pages.json, which the server (modules/portal) reads to pick the page;
//   5. precompresses every text asset (brotli and gzip) for @fastify/static's `preCompressed`.
// No inline scripts are added: the CSP stays `script-src 'self'`. A prerendered #root is `inert`
// until main.tsx has hydrated it: text typed into a form React does not yet control would be
// lost, and a form submitted before hydration would be sent by the browser itself.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createHash } from 'node:crypto';
import { build, minifySync } from 'vite';
import { cssSubset, wordsOf } from './css-subset.mjs';
import { precompress, walk } from './precompress.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const portalDir = path.join(root, 'packages/portal');
const distDir = path.join(portalDir, 'dist');
const uiScreens = path.join(root, 'packages/ui/src/screens');
const cacheDir = path.join(portalDir, 'node_modules/.cache/halsa-prerender');

const SIGNED_IN_APP = path.join(portalDir, 'src/signed-in.tsx');
/** The font every page's text is set in: Inter's latin subset covers Swedish (å, ä, ö, –). */
const CRITICAL_FONT = /^assets\/inter-latin-wght-normal-[\w-]+\.woff2$/;
const COMPRESSIBLE = /\.(html|js|mjs|css|json|svg|txt|map|webmanifest|ico)$/;

const fail = (message) => {
  console.error(`prerender: ${message}`);
  process.exit(1);
};

const manifestPath = path.join(distDir, '.vite/manifest.json');
if (!existsSync(manifestPath))
  fail('no Vite manifest in packages/portal/dist; run `vite build` first.');
/** @type {Record<string, { file: string, src?: string, imports?: string[], dynamicImports?: string[] }>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const shell = readFileSync(path.join(distDir, 'index.html'), 'utf8');

function chunkKeyOf(source) {
  for (const [key, chunk] of Object.entries(manifest)) {
    if (path.resolve(portalDir, chunk.src ?? key) === source) return key;
  }
  return undefined;
}

/** The chunk built from `source` and its static imports, as files, minus those already in the shell. */
function chunkFiles(source) {
  const key = chunkKeyOf(source);
  if (!key) fail(`no chunk of ${path.relative(root, source)} in the build.`);
  const files = [];
  const visit = (k) => {
    const chunk = manifest[k];
    if (!chunk || files.includes(chunk.file)) return;
    files.push(chunk.file);
    for (const child of chunk.imports ?? []) visit(child);
  };
  visit(key);
  return files.filter((file) => !shell.includes(`/${file}"`));
}

const font = readdirSync(path.join(distDir, 'assets'))
  .map((name) => `assets/${name}`)
  .find((file) => CRITICAL_FONT.test(file));
if (!font) fail('the Inter latin font is not in the build.');

const preloads = (files) =>
  [
    `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${font}">`,
    ...files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ]
    .map((tag) => `    ${tag}\n`)
    .join('');

function page({
  files,
  rootHtml,
  rootAttrs = 'data-prerendered="true"',
  htmlAttrs = '',
  extraHead = '',
  styles = (text) => ({ text }),
}) {
  if (!shell.includes('<div id="root"></div>') || !shell.includes('</head>')) {
    fail('packages/portal/dist/index.html has no <div id="root"></div> or </head>.');
  }
  let html = shell.replace(/ *<\/head>/, () => `${preloads(files)}${extraHead}  </head>`);
  if (rootHtml !== undefined) {
    // The stylesheet goes inline: the page paints from its first response, with no request
    // in between (CSP style-src allows inline styles; scripts stay external).
    html = html.replace(
      /<link rel="stylesheet"[^>]*href="\/(assets\/[\w-]+\.css)">/,
      (_tag, css) => {
        const { text, after = '' } = styles(
          readFileSync(path.join(distDir, css), 'utf8'),
          `/${css}`,
        );
        if (/<\/style/i.test(text)) fail(`${css} cannot be inlined.`);
        return `<style>${text}</style>${after}`;
      },
    );
    html = deferScripts(html);
    html = html.replace(
      '<div id="root"></div>',
      () => `<div id="root" ${rootAttrs} inert>${rootHtml}</div>`,
    );
  }
  if (htmlAttrs) html = html.replace('<html lang="sv">', `<html lang="sv" ${htmlAttrs}>`);
  return html;
}

/**
 * A prerendered page paints before any JavaScript arrives: its scripts are not named in tags the
 * browser fetches at once (they would share the phone's bandwidth with the page itself) but in
 * `<meta name="halsa-modules">`, and a tiny boot script loads them all in parallel, entry first,
 * as soon as the first contentful paint is on screen (at once in a hidden tab, after 500 ms at
 * the latest). #root stays inert until then.
 */
const BOOT = `// Loads the portal once the prerendered page has painted (scripts/prerender.mjs, issue 14).
const files = document.querySelector('meta[name="halsa-modules"]')?.content.split(' ') ?? [];
let started = false;
const start = () => {
  if (started || files.length === 0) return;
  started = true;
  // Each request in a task of its own, the entry last: the requests of a signed-in page's
  // fifteen-odd files in one task took 90–230 ms of a slowed phone's main thread (issue 39).
  for (const href of files.slice(1)) {
    setTimeout(() => {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    });
  }
  setTimeout(() => import(files[0]));
};
if (document.visibilityState === 'hidden') start();
else {
  // Once the browser reports the first contentful paint: by then the frame is on screen, not
  // only drawn (a request started between drawing and showing it would share the bandwidth
  // the page's first paint still counted on). Without paint timing, after the first frame.
  try {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      setTimeout(start, 0);
    }).observe({ type: 'paint', buffered: true });
  } catch {
    requestAnimationFrame(() => setTimeout(start, 0));
  }
  setTimeout(start, 500);
}
`;
// Minified: it counts against /login's 100 kB budget (scripts/budget.mjs).
const boot = minifySync('boot.js', BOOT);
if (boot.errors.length) fail(`the boot script does not minify: ${boot.errors[0].message}`);
const bootFile = `assets/boot-${createHash('sha256').update(boot.code).digest('base64url').slice(0, 8)}.js`;
writeFileSync(path.join(distDir, bootFile), boot.code);

function deferScripts(html) {
  const tag =
    /\s*<(?:script type="module" crossorigin src="(\/[^"]+)"><\/script>|link rel="modulepreload" crossorigin href="(\/[^"]+)">)/g;
  const files = [...html.matchAll(tag)].map((m) => m[1] ?? m[2]);
  if (!files[0]?.includes('/assets/index-')) fail('the entry script is not the first script.');
  return html
    .replace(tag, '')
    .replace(
      /\s*<\/head>/,
      () =>
        `\n    <meta name="halsa-modules" content="${files.join(' ')}">` +
        `\n    <script type="module" crossorigin src="/${bootFile}"></script>\n  </head>`,
    );
}

/**
 * Takes the portal's stylesheet out of the dependencies Vite's loader fetches before a lazily
 * loaded chunk runs (issue 39). Every page has that stylesheet from its first response: inline
 * in a prerendered page or a signed-in shell, a <link> in the plain shell. Vite's loader looks
 * for a <link> of it, found none beside the inline copy and added one: a phone fetched, parsed
 * and matched the whole stylesheet a second time and restyled the page in one long task
 * (180–350 ms at 4× slowdown on /login, /overview and /lab-results). Vite hands only the
 * JavaScript dependencies to `modulePreload.resolveDependencies`, so the list each chunk's
 * `__vite__mapDeps` holds is rewritten here, its indices with it. Returns the chunks changed.
 */
function dropStylesheetDependency(cssFile) {
  const head =
    /^const __vite__mapDeps=\(i,m=__vite__mapDeps,d=\(m\.f\|\|\(m\.f=(\[[^\]]*\])\)\)\)=>i\.map\(i=>d\[i\]\);\n/;
  let changed = 0;
  for (const name of readdirSync(path.join(distDir, 'assets'))) {
    if (!name.endsWith('.js')) continue;
    const file = path.join(distDir, 'assets', name);
    const code = readFileSync(file, 'utf8');
    const match = head.exec(code);
    if (!match) continue;
    /** @type {string[]} */
    const deps = JSON.parse(match[1]);
    if (!deps.includes(cssFile)) continue;
    const kept = deps.filter((dep) => dep !== cssFile);
    const index = new Map(kept.map((dep) => [deps.indexOf(dep), kept.indexOf(dep)]));
    const body = code
      .slice(match[0].length)
      .replace(/__vite__mapDeps\(\[([\d,]*)\]\)/g, (_call, list) => {
        const next = list
          .split(',')
          .filter((i) => i !== '' && index.has(Number(i)))
          .map((i) => index.get(Number(i)));
        return next.length ? `__vite__mapDeps([${next.join(',')}])` : '[]';
      });
    writeFileSync(
      file,
      kept.length
        ? `const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=${JSON.stringify(kept)})))=>i.map(i=>d[i]);\n${body}`
        : body,
    );
    changed += 1;
  }
  return changed;
}
const entryCss = manifest['index.html']?.css?.[0];
if (!entryCss) fail('the entry has no stylesheet in the Vite manifest.');
const unhooked = dropStylesheetDependency(entryCss);

// 1. Bundle the render entry for Node with the portal's Vite config (same aliases, same plugins).
const started = Date.now();
await build({
  configFile: path.join(portalDir, 'vite.config.ts'),
  root: portalDir,
  logLevel: 'warn',
  build: {
    ssr: path.join(root, 'scripts/prerender-entry.tsx'),
    outDir: cacheDir,
    emptyOutDir: true,
    manifest: false,
    minify: false,
  },
});
const entryFile = readdirSync(cacheDir).find((name) => /^prerender-entry\.m?js$/.test(name));
if (!entryFile) fail(`Vite wrote no prerender-entry.js to ${cacheDir}.`);
// The signed-out pages to prerender (path, file, screen folder, query) are those of
// packages/ui/src/config/signed-out-pages.ts with `prerender`, the list the router reads too.
// The signed-in pages with a shell of their own, which preloads that page's screen beside the
// signed-in app: the page's code arrives with the app's instead of one round trip after it. The
// list is packages/ui/src/config/pages.ts (the pages with a skeleton); any other signed-in path
// (a client's pages, an unknown path that goes on to /overview) gets app.html, which preloads
// the overview's screen.
const {
  renderPage,
  renderSignedInShell,
  prerenderedPages: PAGES,
  shellPages: SIGNED_IN_PAGES,
} = await import(pathToFileURL(path.join(cacheDir, entryFile)).href);

/**
 * Every chunk the signed-out app can load: the entry and what it imports, statically or lazily,
 * except the signed-in app (src/signed-in.tsx) and what only it reaches.
 */
function signedOutChunks() {
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const signedIn = chunkKeyOf(SIGNED_IN_APP);
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || key === signedIn || !manifest[key]) return;
    seen.add(key);
    for (const child of [...(manifest[key].imports ?? []), ...(manifest[key].dynamicImports ?? [])])
      visit(child);
  };
  visit(entry);
  return [...seen].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
}

// A prerendered signed-out page inlines only the rules the signed-out app can use (issue 39:
// the whole stylesheet was parsed and matched in the page's first task on a phone); the words
// of every chunk it can load and of the prerendered HTML decide (scripts/css-subset.mjs). Its
// <meta name="halsa-stylesheet"> names the whole stylesheet, which signed-in.tsx loads should
// the visitor sign in on that page.
const rendered = [];
for (const p of PAGES) {
  const url = p.query ? `${p.path}?${p.query}=prerender` : p.path;
  const rootHtml = await renderPage(url);
  if (!rootHtml.includes('<footer')) fail(`${p.path} rendered without its footer.`);
  rendered.push({ ...p, rootHtml });
}
const signedOutWords = wordsOf([
  ...signedOutChunks().map((file) => readFileSync(path.join(distDir, file), 'utf8')),
  ...rendered.map((p) => p.rootHtml),
]);
let subsetSizes;
const signedOutStyles = (css, href) => {
  const subset = cssSubset(css, signedOutWords);
  subsetSizes = `${(css.length / 1000).toFixed(1)} kB → ${(subset.length / 1000).toFixed(1)} kB`;
  return { text: subset, after: `\n    <meta name="halsa-stylesheet" content="${href}">` };
};
const pages = {};
for (const p of rendered) {
  writeFileSync(
    path.join(distDir, p.file),
    page({
      files: chunkFiles(path.join(uiScreens, p.screen, 'index.ts')),
      rootHtml: p.rootHtml,
      styles: signedOutStyles,
      // The first paint waits until #root is parsed whole (it follows in the same response):
      // painted as soon as the parser first yielded, a slowed phone showed the top of the page
      // and then parsed, styled and laid out the rest in tasks after the first paint, which
      // count as blocking time (issue 39). The page painted is the same, only all at once.
      extraHead: '    <link rel="expect" href="#root" blocking="render">\n',
    }),
  );
  pages[p.path] = p.query ? { file: p.file, query: p.query } : { file: p.file };
}

// 2. The shells for a visitor with a session cookie (one per signed-in page, app.html for the
//    rest), and the plain shell with the font preload.
// Each paints the skeleton of the signed-in layout (and the page's title) from the first
// response; main.tsx replaces it once the session and the page's code are in.
const signedInShell = async (screen, pagePath) =>
  page({
    files: [
      ...new Set([SIGNED_IN_APP, path.join(uiScreens, screen, 'index.ts')].flatMap(chunkFiles)),
    ],
    rootHtml: await renderSignedInShell(pagePath),
    rootAttrs: 'data-skeleton="true"',
    htmlAttrs: 'data-shell="signed-in"',
    // The session lookup starts with the page, not after the entry script (main.tsx's
    // fetch with credentials: 'include' takes this response).
    extraHead:
      '    <link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/v1/auth/me">\n',
  });
writeFileSync(path.join(distDir, 'app.html'), await signedInShell('shell/overview', undefined));
const signedInPages = {};
for (const p of SIGNED_IN_PAGES) {
  const file = `app-${p.path.slice(1).replaceAll('/', '-')}.html`;
  writeFileSync(path.join(distDir, file), await signedInShell(p.screen, p.path));
  signedInPages[p.path] = file;
}
rmSync(cacheDir, { recursive: true, force: true });
writeFileSync(path.join(distDir, 'index.html'), page({ files: [] }));
writeFileSync(
  path.join(distDir, 'pages.json'),
  `${JSON.stringify({ prerendered: pages, signedIn: 'app.html', signedInPages, shell: 'index.html' }, null, 2)}\n`,
);

// 3. Precompress (brotli at its best, gzip 9) every text file a browser fetches.
let raw = 0;
let br = 0;
for (const file of walk(distDir)) {
  if (!COMPRESSIBLE.test(file) || file.endsWith('pages.json')) continue;
  const sizes = precompress(file);
  raw += sizes.raw;
  br += sizes.brotli;
}
console.log(
  `prerender: ${PAGES.length} pages (their stylesheet ${subsetSizes}), ${unhooked} chunks no ` +
    `longer load ${entryCss}, ` +
    `${SIGNED_IN_PAGES.length + 1} signed-in shells, pages.json; ` +
    `text assets ${(raw / 1000).toFixed(1)} kB → ${(br / 1000).toFixed(1)} kB brotli ` +
    `(${((Date.now() - started) / 1000).toFixed(1)} s)`,
);
