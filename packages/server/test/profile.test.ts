// Profile picture upload/remove: images only (by content), size-limited, served back; a password
// change gives the session a new id.
import { expect, it } from 'vitest';
import {
  describeDb,
  login,
  PASSWORD,
  send,
  sessionCookieOf,
  useTestApp,
  type TestApp,
} from './helpers.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(field: string, filename: string, data: Buffer, type = 'image/png') {
  const boundary = '----halsa' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(
  t: TestApp,
  cookie: string,
  field: string,
  filename: string,
  data: Buffer,
  type?: string,
) {
  const { payload, contentType } = multipart(field, filename, data, type);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/user/upload',
    headers: { cookie, origin: 'http://localhost:8080', 'content-type': contentType },
    payload,
  });
}

describeDb('profile picture', () => {
  const t = useTestApp();

  it('uploads a PNG, answers the session user with imageUrl, serves it back', async () => {
    const cookie = await login(t, 'klient@example.com');
    const res = await upload(t, cookie, 'file', '../../etc/passwd.png', PNG);
    expect(res.statusCode).toBe(200);
    const user = res.json<{ imageUrl: string }>();
    expect(user.imageUrl).toMatch(/^\/api\/v1\/user\/image\/[0-9a-f-]{36}$/);
    const me = await send(t, 'GET', '/api/v1/auth/me', { cookie });
    expect(me.json().imageUrl).toBe(user.imageUrl);
    const img = await send(t, 'GET', user.imageUrl, { cookie });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.rawPayload.equals(PNG)).toBe(true);
    // the client's file name is data, never a path
    const row = await t.db.db.selectFrom('files').selectAll().executeTakeFirstOrThrow();
    expect(row.storage_key).toMatch(/^[0-9a-f-]{36}$/);
    expect(row.original_name).toBe('passwd.png');
    // signed-out visitors cannot fetch it
    expect((await send(t, 'GET', user.imageUrl)).statusCode).toBe(401);
  });

  it('refuses non-images whatever name and type they claim', async () => {
    const cookie = await login(t, 'klient@example.com');
    for (const [name, data, type] of [
      [
        'bild.png',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'image/png',
      ],
      ['bild.jpg', Buffer.from('%PDF-1.4 not an image'), 'image/jpeg'],
      ['bild.gif', Buffer.from('<html><script>x</script></html>'), 'image/gif'],
    ] as const) {
      const res = await upload(t, cookie, 'file', name, data, type);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message).toBe(
        'Endast bilder i formaten JPEG, PNG, WebP eller GIF är tillåtna.',
      );
    }
  });

  it('refuses a wrong field, an empty request and files over 2 MB', async () => {
    const cookie = await login(t, 'klient2@example.com');
    const wrongField = await upload(t, cookie, 'bild', 'a.png', PNG);
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toBe('Ingen bild skickades i fältet "file".');
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await upload(t, cookie, 'file', 'a.png', big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('Bilden är för stor. Den får vara högst 2 MB.');
    const files = await t.db.db
      .selectFrom('files')
      .select('id')
      .where('subject_user_id', '=', t.users.klient2.id)
      .execute();
    expect(files).toEqual([]);
  });

  it('replacing deletes the old picture; removeImage clears it', async () => {
    const cookie = await login(t, 'staff@example.com');
    const first = (await upload(t, cookie, 'file', 'a.png', PNG)).json<{ imageUrl: string }>();
    const second = (await upload(t, cookie, 'file', 'b.png', PNG)).json<{ imageUrl: string }>();
    expect(second.imageUrl).not.toBe(first.imageUrl);
    expect((await send(t, 'GET', first.imageUrl, { cookie })).statusCode).toBe(404);
    const removed = await send(t, 'DELETE', '/api/v1/user/removeImage', { cookie });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().imageUrl).toBeNull();
    expect((await send(t, 'GET', second.imageUrl, { cookie })).statusCode).toBe(404);
    const mine = await t.db.db
      .selectFrom('files')
      .select('id')
      .where('subject_user_id', '=', t.users.staff.id)
      .execute();
    expect(mine).toEqual([]);
  });
});

describeDb('password change', () => {
  const t = useTestApp();

  it('issues a new session id: the old cookie answers 401, the new one works', async () => {
    const old = await login(t, 'klient@example.com');
    const changed = await send(t, 'POST', '/api/v1/user/change-password', {
      cookie: old,
      body: { currentPassword: PASSWORD, newPassword: 'Nytt-Losenord-2026' },
    });
    expect(changed.statusCode).toBe(204);
    const renewed = sessionCookieOf(changed)!;
    expect(renewed).toMatch(/^halsa_session=.+/);
    expect(renewed).not.toBe(old);
    expect((await send(t, 'GET', '/api/v1/auth/me', { cookie: old })).statusCode).toBe(401);
    const me = await send(t, 'GET', '/api/v1/auth/me', { cookie: renewed });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(t.users.klient.id);
  });
});
