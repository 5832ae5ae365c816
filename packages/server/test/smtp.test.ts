// Login end to end with the 2FA mail going through a real SMTP server on loopback.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { SmtpMailer } from '../src/mail/mailer.ts';
import { createTestApp, describeDb, ORIGIN, PASSWORD, type TestApp } from './helpers.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

describeDb('2FA mail over real SMTP (smtp-server on 127.0.0.1)', () => {
  const received: Received[] = [];
  let smtp: SMTPServer;
  let t: TestApp;
  let app: App;
  let mailer: SmtpMailer;
  let smtpUrl: string;
  let connections = 0;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onConnect(_session, callback) {
        connections += 1;
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    smtpUrl = `smtp://127.0.0.1:${port}`;
    mailer = new SmtpMailer(smtpUrl, 'Hälsoportalen <no-reply@example.com>');
    t = await createTestApp({ mailer, config: { smtpUrl } });
    app = t.app;
  });

  afterAll(async () => {
    await app?.close();
    await t?.db.close();
    // The mailer keeps its connection (a pool) until closed; smtp-server waits 30 s for it.
    await mailer?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('authenticate mails the code over SMTP; the code from the mail logs in', async () => {
    const auth = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/authenticate',
      headers: ORIGIN,
      payload: { email: 'klient@example.com', password: PASSWORD },
    });
    expect(auth.statusCode).toBe(200);
    const twoFactorId = auth.json<{ message: string }>().message;

    const mail = received.at(-1)!;
    expect(mail.from).toBe('no-reply@example.com');
    expect(mail.to).toEqual(['klient@example.com']);
    // Subject is RFC 2047 encoded; the body is quoted-printable Swedish text.
    const body = mail.raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    const text = Buffer.from(body, 'latin1').toString('utf8');
    const code = /Din kod för att logga in i Hälsoportalen är:\s+(\d{6})/.exec(text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    // no names or health data in the mail body
    const bodyOnly = text.slice(text.indexOf('\r\n\r\n'));
    expect(bodyOnly).not.toMatch(/Karin|Klient|blodprov|journal|labb/i);

    const verify = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-2fa',
      headers: ORIGIN,
      payload: { twoFactorId, code },
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().role).toBe('USER');
  });

  it('an SMTP failure answers 503 with a Swedish message, not 500', async () => {
    const broken = await buildApp({
      config: t.app.ctx.config,
      db: t.db.db,
      dbKind: t.db.kind,
      mailer: new SmtpMailer('smtp://127.0.0.1:1', 'x@example.com'),
      storage: t.storage,
      clock: t.clock,
      rateLimit: { enabled: false },
      portalDist: '/nonexistent',
    });
    const res = await broken.inject({
      method: 'POST',
      url: '/api/v1/auth/authenticate',
      headers: ORIGIN,
      payload: { email: 'klient@example.com', password: PASSWORD },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('E-post kunde inte skickas just nu. Försök igen om en stund.');
    await broken.close();
  });

  it('mails in a row go over one kept connection, not one each (a batch of notices)', async () => {
    const pooled = new SmtpMailer(smtpUrl, 'Hälsoportalen <no-reply@example.com>');
    const before = connections;
    const sent = received.length;
    for (const n of [1, 2, 3]) {
      await pooled.send({ to: `klient${n}@example.com`, subject: 'Nytt', text: 'Hej' });
    }
    expect(received.length - sent).toBe(3);
    expect(connections - before).toBe(1);
    await pooled.close();
  });
});
