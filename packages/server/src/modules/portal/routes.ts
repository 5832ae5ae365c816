// Serves the built portal (packages/portal/dist) with SPA fallback: any GET that is not
// /api, /ws or /dev and is not a file answers index.html. Without a build, a plain
// Swedish page says so.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { AppModule } from '../../context.ts';
import { notFound } from '../../http/errors.ts';

export const DEFAULT_PORTAL_DIST = fileURLToPath(
  new URL('../../../../portal/dist', import.meta.url),
);

const NOT_BUILT = `<!doctype html>
<html lang="sv"><head><meta charset="utf-8"><title>Hälsoportalen</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main><h1>Hälsoportalen</h1>
<p>Portalen är inte byggd ännu. Kör <code>pnpm --filter @halsa/portal build</code> och starta om servern.</p>
<p>API:t svarar under <code>/api/v1</code>.</p></main></body></html>`;

const RESERVED = /^\/(api|ws|dev)(\/|$)/;

export function portalModule(distDir: string = DEFAULT_PORTAL_DIST): AppModule {
  return async (app) => {
    const built = existsSync(path.join(distDir, 'index.html'));
    if (built) {
      await app.register(fastifyStatic, { root: distDir, serve: false, index: false });
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
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html', { cacheControl: false });
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
