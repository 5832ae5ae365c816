// An ADMIN sends a client a reset link (spec §2.6): the mail goes out over a real SMTP server on
// loopback, once, and its link sets a new password that logs in.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SmtpMailer } from '../src/mail/mailer.ts';
import { createTestApp, describeDb, send, type TestApp } from './helpers.ts';
import { linkIn, SmtpCatcher } from './smtp-catcher.ts';

describeDb('reset link from the client page, over real SMTP', () => {
  const smtp = new SmtpCatcher();
  let t: TestApp;
  let admin = '';

  beforeAll(async () => {
    // Logged in through the dev outbox, then the app that sends over SMTP shares the database.
    await smtp.start();
    const smtpUrl = `smtp://127.0.0.1:${smtp.port}`;
    t = await createTestApp({
      mailer: new SmtpMailer(smtpUrl, 'Hälsoportalen <no-reply@example.com>'),
      config: { smtpUrl },
    });
  });
  afterAll(async () => {
    await t?.app.close();
    await t?.db.close();
    await smtp.stop();
  });

  it('sends one mail whose link sets the new password', async () => {
    admin = await loginOverSmtp();
    const before = smtp.received.length;
    const res = await send(t, 'POST', `/api/v1/admin/send-reset-link/${t.users.klient.id}`, {
      cookie: admin,
    });
    expect(res.statusCode).toBe(204);
    await t.app.ctx.tasks.idle();
    const mails = smtp.received.slice(before);
    expect(mails.map((m) => m.to)).toEqual([['klient@example.com']]);
    const link = new URL(linkIn(mails[0]!.raw, '/reset-password'));
    const token = link.searchParams.get('token')!;
    const reset = await send(t, 'POST', '/api/v1/auth/reset-password', {
      body: { token, password: 'NyttLosen1' },
    });
    expect(reset.statusCode).toBe(204);
    const auth = await send(t, 'POST', '/api/v1/auth/authenticate', {
      body: { email: 'klient@example.com', password: 'NyttLosen1' },
    });
    expect(auth.statusCode).toBe(200);
    const sent = await t.db.db
      .selectFrom('activity_log')
      .select(['actor_user_id', 'subject_user_id'])
      .where('action', '=', 'RESET_LINK_SENT')
      .execute();
    expect(sent).toEqual([{ actor_user_id: t.users.admin.id, subject_user_id: t.users.klient.id }]);
  });

  /** The 2FA code arrives over SMTP too: read it from the mail. */
  async function loginOverSmtp(): Promise<string> {
    const before = smtp.received.length;
    const auth = await send(t, 'POST', '/api/v1/auth/authenticate', {
      body: { email: 'admin@example.com', password: 'Halsa2026!' },
    });
    const twoFactorId = auth.json().message;
    const raw = smtp.received.slice(before).at(-1)!.raw;
    const code = raw.match(/\b(\d{6})\b/)![1];
    const verify = await send(t, 'POST', '/api/v1/auth/verify-2fa', {
      body: { twoFactorId, code },
    });
    const cookie = verify.cookies.find((c) => c.name === 'halsa_session')!;
    return `halsa_session=${cookie.value}`;
  }
});
