// Serves the built portal (packages/portal/dist) with SPA fallback: any GET that is not
// /api, /ws or /dev and is not a file answers a page. Without a build, a plain Swedish page
// says so.
//
// Which page (issue 14, dist/pages.json written by scripts/prerender.mjs):
// - a signed-out page that was prerendered (/login, /forgot-password, /terms-of-use, the
//   password pages with their ?token=) to a visitor without a session cookie: its HTML, which
//   already shows the form and the footer, and which the browser hydrates;
// - any other path to a visitor with a session cookie: app.html, the shell that preloads the
//   signed-in app and the overview from the start (so a signed-in visitor never sees a
//   signed-out page flash by);
// - otherwise index.html, the plain shell.
// Every file is sent precompressed (.br, .gz beside it) when the browser accepts it.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyRequest } from 'fastify';
import type { AppModule } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { hasSessionCookie } from '../../access/sessions.ts';

/** packages/portal/dist, seen from this file in src/ (tsx, tests) or from the bundle dist/main.js. */
export const DEFAULT_PORTAL_DIST = fileURLToPath(
  new URL(
    path.basename(path.dirname(fileURLToPath(import.meta.url))) === 'dist'
      ? '../../portal/dist'
      : '../../../../portal/dist',
    import.meta.url,
  ),
);

const NOT_BUILT = `<!doctype html>
<html lang="sv"><head><meta charset="utf-8"><title>Hälsoportalen</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main><h1>Hälsoportalen</h1>
<p>Portalen är inte byggd ännu. Kör <code>pnpm --filter @halsa/portal build</code> och starta om servern.</p>
<p>API:t svarar under <code>/api/v1</code>.</p></main></body></html>`;

const RESERVED = /^\/(api|ws|dev)(\/|$)/;

/** dist/pages.json: the prerendered pages and the shells. */
export interface PortalPages {
  prerendered: Record<string, { file: string; query?: string }>;
  /** The signed-in shell of any path without one of its own. */
  signedIn: string;
  /** A signed-in page's own shell (it preloads that page's code), by path. */
  signedInPages: Record<string, string>;
  shell: string;
}

/** The pages of a build; a build without pages.json (older, or a test's) has only index.html. */
export function readPages(distDir: string): PortalPages {
  const fallback: PortalPages = {
    prerendered: {},
    signedIn: 'index.html',
    signedInPages: {},
    shell: 'index.html',
  };
  const file = path.join(distDir, 'pages.json');
  if (!existsSync(file)) return fallback;
  const pages = JSON.parse(readFileSync(file, 'utf8')) as PortalPages;
  const present = (name: string) => isFile(path.join(distDir, name));
  return {
    prerendered: Object.fromEntries(
      Object.entries(pages.prerendered ?? {}).filter(([, page]) => present(page.file)),
    ),
    signedIn: present(pages.signedIn) ? pages.signedIn : fallback.signedIn,
    signedInPages: Object.fromEntries(
      Object.entries(pages.signedInPages ?? {}).filter(([, file]) => present(file)),
    ),
    shell: present(pages.shell) ? pages.shell : fallback.shell,
  };
}

/** The HTML file answering `urlPath` (a path outside dist's files) for this request. */
export function pageFor(pages: PortalPages, urlPath: string, request: FastifyRequest): string {
  const key = urlPath.replace(/\/+$/, '') || '/';
  if (hasSessionCookie(request.cookies)) return pages.signedInPages[key] ?? pages.signedIn;
  const page = pages.prerendered[key];
  if (!page) return pages.shell;
  if (page.query && !new URLSearchParams(request.url.split('?')[1] ?? '').get(page.query)) {
    return pages.shell;
  }
  return page.file;
}

export function portalModule(distDir: string = DEFAULT_PORTAL_DIST): AppModule {
  return async (app) => {
    const built = existsSync(path.join(distDir, 'index.html'));
    const pages = readPages(distDir);
    if (built) {
      await app.register(fastifyStatic, {
        root: distDir,
        serve: false,
        index: false,
        preCompressed: true,
      });
    }
    app.get('/*', { config: { access: 'public' } }, async (request, reply) => {
      let urlPath: string;
      try {
        urlPath = decodeURIComponent(request.url.split('?')[0] ?? '/');
      } catch {
        throw notFound();
      }
      if (RESERVED.test(urlPath)) throw notFound();
      if (!built) return reply.type('text/html; charset=utf-8').send(NOT_BUILT);
      const rel = path
        .normalize(urlPath)
        .replace(/^(\.\.[/\\])+/, '')
        .replace(/^[/\\]+/, '');
      const file = path.join(distDir, rel);
      // Dot-paths (.vite/manifest.json of the build) are never served.
      const hidden = rel.split(/[/\\]/).some((part) => part.startsWith('.'));
      if (rel && !hidden && file.startsWith(distDir + path.sep) && isFile(file)) {
        const immutable = rel.startsWith('assets/');
        return reply.sendFile(rel, {
          cacheControl: true,
          immutable,
          maxAge: immutable ? 31_536_000_000 : 0,
        });
      }
      // The page depends on the session cookie: no shared cache may keep one for everyone.
      reply.header('cache-control', 'no-cache');
      reply.header('vary', 'cookie');
      return reply.sendFile(pageFor(pages, urlPath, request), { cacheControl: false });
    });
  };
}

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}
