// Bad input on every route answers 400 with a Swedish message, never 500, and changes
// nothing in the database.
import { endpoints } from '@halsa/api/contract';
import { expect, it } from 'vitest';
import { describeDb, login, send, useTestApp, type TestApp } from './helpers.ts';

const TABLES = [
  'users',
  'client_profiles',
  'files',
  'sessions',
  'two_factor_challenges',
  'auth_tokens',
  'notifications',
  'conversations',
  'messages',
  'journal_notes',
  'activity_log',
] as const;

async function snapshot(t: TestApp) {
  const out: Record<string, unknown> = {};
  for (const table of TABLES) {
    out[table] = await t.db.db.selectFrom(table).selectAll().execute();
  }
  return JSON.stringify(out);
}

const SWEDISH = /[åäöÅÄÖ]|Fältet|Förfrågan|Ogiltig|obligatoriskt|Skicka|Ange|Ingen/;
const ENGLISH = /Expected|Invalid input|Required|must be|Unexpected|Body|body/;

describeDb('bad input on every route', () => {
  const t = useTestApp();

  it('malformed JSON, wrong types and missing fields → 400, oversized bodies → 413, nothing changes', async () => {
    const admin = await login(t, 'admin@example.com');
    // A route only clients may call (her questionnaire's answers) is asked as a client: ADMIN
    // would meet the role check before the body's.
    const client = await login(t, 'klient@example.com');
    const before = await snapshot(t);
    const mutating = t.app.routeAccess.filter((r) =>
      ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method),
    );
    expect(mutating.length).toBeGreaterThanOrEqual(12);
    const checked: string[] = [];

    for (const route of mutating) {
      const url = route.url.replace(/:[A-Za-z]+/g, '1');
      const def = endpoints.find((e) => e.method === route.method && e.path === route.url);
      const cookie = def && !def.roles.includes('ADMIN') ? client : admin;
      const expect400 = async (
        label: string,
        payload: string,
        contentType = 'application/json',
        status = 400,
      ) => {
        const res = await t.app.inject({
          method: route.method as 'POST',
          url,
          headers: { cookie, origin: 'http://localhost:8080', 'content-type': contentType },
          payload,
        });
        const where = `${route.method} ${route.url} ${label}`;
        expect(res.statusCode, `${where}: ${res.body}`).toBe(status);
        const message = res.json<{ message: string }>().message;
        expect(message, where).toMatch(SWEDISH);
        expect(message, where).not.toMatch(ENGLISH);
        checked.push(where);
      };

      await expect400('malformed JSON', '{"email": "a@b.se",');
      await expect400('truncated JSON', '{');
      // Past every route's limit: 10 MB for JSON and most uploads, 25 MB for a lab file.
      const padMb = route.url.includes('upload-lab') ? 26 : 11;
      await expect400(
        'oversized body',
        JSON.stringify({ email: 'a@b.se', pad: 'x'.repeat(padMb * 1024 * 1024) }),
        'application/json',
        413,
      );
      await expect400('prototype pollution', '{"__proto__": {"admin": true}}');
      if (def?.request && def.body !== 'multipart') {
        // A body the contract accepts is not bad input (POST /forms sends `{}`; sign-and-send
        // may send no body at all, and a JSON null reads as none): those cases are skipped.
        const accepts = (body: unknown) => def.request!.safeParse(body).success;
        if (!accepts({})) await expect400('missing fields', '{}');
        await expect400('array body', '[]');
        await expect400('string body', '"text"');
        // …and an action without fields takes no body at all (issue 34, test/empty-body.test.ts).
        if (!accepts(undefined) && !accepts({})) await expect400('null body', 'null');
        const wrongTypes = {
          email: 123,
          password: { x: 1 },
          token: ['a'],
          twoFactorId: 7,
          code: 123456,
          currentPassword: false,
          newPassword: 1,
          firstname: 1,
        };
        if (!accepts(wrongTypes)) await expect400('wrong types', JSON.stringify(wrongTypes));
        await expect400('text/plain', 'email=a@b.se', 'text/plain');
      }
      if (def?.body === 'multipart') {
        await expect400('JSON instead of multipart', '{}');
      }
    }
    expect(checked.length).toBeGreaterThan(60);

    // still signed in, and nothing in the database changed
    expect((await send(t, 'GET', '/api/v1/auth/me', { cookie: admin })).statusCode).toBe(200);
    expect(await snapshot(t)).toBe(before);
  });

  it('register: bad token shapes in the query → 400', async () => {
    const body = JSON.stringify({});
    for (const q of ['', '?token=', '?token[]=a&token[]=b', `?token=${'a'.repeat(300)}`]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/auth/register${q}`,
        headers: { 'content-type': 'application/json' },
        payload: body,
      });
      expect(res.statusCode, q).toBe(400);
    }
  });

  it('verify-2fa: codes that are not six digits → 400 before any try is counted', async () => {
    for (const code of ['12345', '1234567', 'abcdef', '12 456', '']) {
      const res = await send(t, 'POST', '/api/v1/auth/verify-2fa', {
        body: { twoFactorId: '00000000-0000-4000-8000-000000000000', code },
      });
      expect(res.statusCode, code).toBe(400);
    }
  });

  it('unknown API paths are 404 JSON, unknown methods too', async () => {
    const res = await send(t, 'GET', '/api/v1/finns-inte');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Resursen finns inte.');
    expect((await send(t, 'PUT', '/api/v1/auth/me')).statusCode).toBe(404);
  });
});
