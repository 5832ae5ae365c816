// Per-user limits on uploads (issue 16 §7): message attachments and profile pictures count
// against a rate (tries per 10 minutes, files per day) and a storage quota; a refusal is a
// Swedish 429 or 413 and nothing is stored. On both databases.
import type { Conversation } from '@halsa/api/contract';
import { beforeAll, expect, it } from 'vitest';
import { MINUTE } from '../src/clock.ts';
import { UPLOAD_LIMIT_MESSAGES, UPLOAD_LIMITS } from '../src/files/upload-limits.ts';
import { newId } from '../src/security/tokens.ts';
import { describeDb, login, useTestApp, type TestApp } from './helpers.ts';
import { createConversation, PNG, sendForm, uploadFile } from './messaging-helpers.ts';

type Who = 'klient' | 'klient2' | 'staff' | 'admin';

/** Files the user already stores, without their bytes (only the rows count). */
async function stored(t: TestApp, userId: number, count: number, bytes: number) {
  const now = t.clock.now();
  await t.db.db
    .insertInto('files')
    .values(
      Array.from({ length: count }, () => ({
        id: newId(),
        kind: 'MESSAGE_ATTACHMENT' as const,
        subject_user_id: null,
        uploaded_by: userId,
        storage_key: newId(),
        original_name: 'gammal.png',
        mime_type: 'image/png',
        size_bytes: bytes,
        sha256: '0'.repeat(64),
        created_at: now,
      })),
    )
    .execute();
}

const fileCount = async (t: TestApp, userId: number) =>
  Number(
    (
      await t.db.db
        .selectFrom('files')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('uploaded_by', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describeDb('upload limits per user', () => {
  const t = useTestApp();
  const cookies = {} as Record<Who, string>;
  const conversations = {} as Record<'klient' | 'klient2', Conversation>;
  const png = { name: 'bild.png', data: PNG, type: 'image/png' };

  beforeAll(async () => {
    for (const who of ['klient', 'klient2', 'staff', 'admin'] as const) {
      cookies[who] = await login(t, t.users[who].email);
    }
    for (const who of ['klient', 'klient2'] as const) {
      const res = await createConversation(t, cookies[who], t.users.staff.id, 'Hej');
      conversations[who] = res.json<Conversation>();
    }
  });

  it('a full quota refuses attachments and pictures with 413 in Swedish, storing nothing', async () => {
    await stored(t, t.users.klient.id, 1, UPLOAD_LIMITS.quotaBytes - 10);
    const before = await fileCount(t, t.users.klient.id);
    const attachment = await uploadFile(
      t,
      cookies.klient,
      conversations.klient.conversationId,
      png,
      {
        text: 'Bild',
      },
    );
    expect(attachment.statusCode).toBe(413);
    expect(attachment.json().message).toBe(UPLOAD_LIMIT_MESSAGES.quotaFull);
    const picture = await sendForm(t, 'POST', '/api/v1/user/upload', cookies.klient, {}, png);
    expect(picture.statusCode).toBe(413);
    expect(picture.json().message).toBe(
      'Ditt lagringsutrymme för bilagor och bilder är fullt (högst 500 MB).',
    );
    expect(await fileCount(t, t.users.klient.id)).toBe(before);
    // A text message still goes through.
    const text = await createConversation(t, cookies.klient, t.users.admin.id, 'Bara text');
    expect(text.statusCode).toBe(201);
  });

  it('files per day: the next one is a 429 with Retry-After', async () => {
    await stored(t, t.users.klient2.id, UPLOAD_LIMITS.filesPerDay, 1);
    const res = await uploadFile(t, cookies.klient2, conversations.klient2.conversationId, png, {
      text: 'En till',
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(
      'Du har laddat upp för många filer. Vänta en stund och försök igen.',
    );
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('tries per 10 minutes, then allowed again', async () => {
    const upload = () => sendForm(t, 'POST', '/api/v1/user/upload', cookies.admin, {}, png);
    for (let i = 0; i < UPLOAD_LIMITS.triesPerWindow; i++) {
      expect((await upload()).statusCode).toBeLessThan(300);
    }
    const refused = await upload();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(600);
    // Another user is not affected.
    expect(
      (await sendForm(t, 'POST', '/api/v1/user/upload', cookies.staff, {}, png)).statusCode,
    ).toBeLessThan(300);
    t.clock.advance(10 * MINUTE + 1);
    expect((await upload()).statusCode).toBeLessThan(300);
  });
});
