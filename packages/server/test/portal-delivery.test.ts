// Issue 14: compressed delivery and the choice of page. Precompressed portal files go out with
// content-encoding and vary (no compression at run time); run-time answers above 1 kB (API JSON,
// CSV exports) are compressed by @fastify/compress, while event streams and binary files are
// not; a visitor without a session cookie gets the prerendered signed-out page, one with a
// cookie the signed-in shell. The portal build itself (scripts/prerender.mjs) is checked
// end to end in e2e/first-paint.test.ts.
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import type { AppModule } from '../src/context.ts';
import { describeDb, login, send, useTestApp } from './helpers.ts';

const dist = await mkdtemp(path.join(os.tmpdir(), 'halsa-delivery-'));
const ENTRY = `console.log(${JSON.stringify('portalen '.repeat(400))});`;
await mkdir(path.join(dist, 'assets'));
await writeFile(path.join(dist, 'assets/index-abc.js'), ENTRY);
await writeFile(path.join(dist, 'assets/index-abc.js.br'), brotliCompressSync(ENTRY));
await writeFile(path.join(dist, 'assets/index-abc.js.gz'), gzipSync(ENTRY));
await writeFile(path.join(dist, 'assets/logo.png'), Buffer.alloc(4000, 7));
const pageFiles = {
  'index.html': '<div id="root"></div><!-- shell -->',
  'app.html': '<div id="root"></div><!-- signed-in shell -->',
  'app-lab-results.html': '<div id="root"></div><!-- signed-in shell of /lab-results -->',
  'login.html': '<div id="root" data-prerendered="true"><form>Logga in</form></div>',
  'reset-password.html': '<div id="root" data-prerendered="true">Återställ lösenord</div>',
};
for (const [name, html] of Object.entries(pageFiles)) {
  await writeFile(path.join(dist, name), html);
}
await writeFile(
  path.join(dist, 'pages.json'),
  JSON.stringify({
    prerendered: {
      '/login': { file: 'login.html' },
      '/reset-password': { file: 'reset-password.html', query: 'token' },
      '/gone': { file: 'missing.html' },
    },
    signedIn: 'app.html',
    signedInPages: { '/lab-results': 'app-lab-results.html', '/reports': 'missing.html' },
    shell: 'index.html',
  }),
);

const BIG = { rows: Array.from({ length: 200 }, (_, i) => ({ id: i, namn: `Klient ${i}` })) };
const probes: AppModule = async (app) => {
  app.get('/api/v1/probe/big', { config: { access: 'public' } }, async () => BIG);
  app.get('/api/v1/probe/small', { config: { access: 'public' } }, async () => ({ ok: true }));
  app.get('/api/v1/probe/events', { config: { access: 'public' } }, async (_request, reply) =>
    reply.type('text/event-stream').send(`data: ${'x'.repeat(4000)}\n\n`),
  );
  app.get('/api/v1/probe/pdf', { config: { access: 'public' } }, async (_request, reply) =>
    reply.type('application/pdf').send(Buffer.alloc(4000, 1)),
  );
};

describeDb('portal delivery', () => {
  const t = useTestApp({ portalDist: dist, extraModules: [probes] });

  it('sends the precompressed entry script with content-encoding and vary', async () => {
    const br = await send(t, 'GET', '/assets/index-abc.js', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.rawPayload.length).toBeLessThan(ENTRY.length / 10);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(ENTRY);

    const gz = await send(t, 'GET', '/assets/index-abc.js', {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(ENTRY);

    const plain = await send(t, 'GET', '/assets/index-abc.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ENTRY);
  });

  it('HEAD of the entry script answers content-encoding: br (curl -I)', async () => {
    const res = await send(t, 'HEAD', '/assets/index-abc.js', {
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
  });

  it('does not compress a binary file again', async () => {
    const res = await send(t, 'GET', '/assets/logo.png', { headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.length).toBe(4000);
  });

  it('compresses API JSON above 1 kB, brotli first, and leaves small answers alone', async () => {
    const br = await send(t, 'GET', '/api/v1/probe/big', {
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(BIG);

    const gz = await send(t, 'GET', '/api/v1/probe/big', {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(BIG);

    const none = await send(t, 'GET', '/api/v1/probe/big');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.json()).toEqual(BIG);

    const small = await send(t, 'GET', '/api/v1/probe/small', {
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
  });

  it('never compresses event streams or PDFs', async () => {
    for (const url of ['/api/v1/probe/events', '/api/v1/probe/pdf']) {
      const res = await send(t, 'GET', url, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBeUndefined();
    }
  });

  it('a streamed CSV export arrives whole through gzip', async () => {
    const admin = await login(t, 'admin@example.com');
    const res = await send(
      t,
      'GET',
      `/api/v1/admin/subject/${t.users.klient.id}/export-logs?interval=all`,
      {
        cookie: admin,
        headers: { 'accept-encoding': 'gzip' },
      },
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-encoding']).toBe('gzip');
    const body = gunzipSync(res.rawPayload).toString('utf8');
    expect(body.slice(1).split('\r\n')[0]).toBe(
      'Tidpunkt;Händelse;Utförd av;Berörd klient;IP-adress',
    );
  });

  it('gives a visitor without a session cookie the prerendered page, precompressed', async () => {
    const login = await send(t, 'GET', '/login', { headers: { 'accept-encoding': 'gzip' } });
    expect(login.statusCode).toBe(200);
    expect(login.headers['content-type']).toMatch(/^text\/html/);
    expect(login.headers['cache-control']).toBe('no-cache');
    expect(login.headers.vary).toMatch(/cookie/i);
    // No .gz beside this test page: @fastify/compress compresses the file stream instead.
    expect(login.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(login.rawPayload).toString()).toBe(pageFiles['login.html']);
    expect((await send(t, 'GET', '/login/')).body).toBe(pageFiles['login.html']);

    const reset = await send(t, 'GET', '/reset-password?token=abc');
    expect(reset.body).toBe(pageFiles['reset-password.html']);
    // Without its token the page sends the visitor to /login: the plain shell, not a form.
    expect((await send(t, 'GET', '/reset-password')).body).toBe(pageFiles['index.html']);
    for (const p of ['/', '/2fa?twoFactorId=x', '/overview', '/gone', '/clients/3/overview']) {
      expect((await send(t, 'GET', p)).body, p).toBe(pageFiles['index.html']);
    }
  });

  it('gives a visitor with a session cookie the signed-in shell on every page', async () => {
    for (const p of ['/login', '/reset-password?token=abc', '/', '/overview', '/reports']) {
      const res = await send(t, 'GET', p, { cookie: 'halsa_session=whatever' });
      expect(res.statusCode, p).toBe(200);
      expect(res.body, p).toBe(pageFiles['app.html']);
    }
  });

  it("gives a signed-in page with a shell of its own that shell (it preloads the page's code)", async () => {
    for (const p of ['/lab-results', '/lab-results/', '/lab-results?x=1']) {
      const res = await send(t, 'GET', p, { cookie: 'halsa_session=whatever' });
      expect(res.body, p).toBe(pageFiles['app-lab-results.html']);
    }
    // Signed out, the page is the plain shell (the app sends the visitor to /login).
    expect((await send(t, 'GET', '/lab-results')).body).toBe(pageFiles['index.html']);
  });
});
