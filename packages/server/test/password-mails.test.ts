// Who a password mail comes from (issue 35): an account someone else made is greeted by the
// clinic and not asked 'Har du inte begärt detta…'; a reset link staff sent is signed by the
// clinic too; a reset she asked for herself keeps that line.
import { expect, it } from 'vitest';
import { describeDb, login, send, useTestApp } from './helpers.ts';

const NOT_ASKED = 'Har du inte begärt detta';

describeDb('password mails', () => {
  const t = useTestApp();
  // recent() is newest first.
  const mailTo = (email: string) => t.outbox.recent().find((m) => m.to === email);
  const nameClinic = (name: string) =>
    t.db.db
      .updateTable('journal_settings')
      .set({ clinic_name: name })
      .where('id', '=', 1)
      .execute();

  it('a new account: greeted and signed by the clinic, no question about a request', async () => {
    await nameClinic('Kliniken Hälsa');
    const admin = await login(t, 'admin@example.com');
    const body = { firstName: 'Nora', lastName: 'Ny', email: 'nora@example.com', role: 'STAFF' };
    const created = await send(t, 'POST', '/api/v1/admin/staff', { cookie: admin, body });
    expect(created.statusCode, created.body).toBe(201);
    const mail = mailTo('nora@example.com')!;
    expect(mail.subject).toBe('Välj ett lösenord för Kliniken Hälsa');
    expect(mail.text).toMatch(
      /^Hej och välkommen till Kliniken Hälsa!\n\nKliniken Hälsa har skapat ett konto åt dig i Hälsoportalen\. Öppna länken nedan för att välja ditt lösenord:\n\nhttp:\/\/localhost:8080\/new-password\?token=/,
    );
    expect(mail.text).toContain('Vänliga hälsningar\nKliniken Hälsa');
    expect(mail.text).not.toContain(NOT_ASKED);
    expect(mail.text).not.toMatch(/^Hej!/);
  });

  it('the default clinic name (the portal\'s) is not followed by "i Hälsoportalen"', async () => {
    await nameClinic('Hälsoportalen');
    const admin = await login(t, 'admin@example.com');
    const body = { firstName: 'Ola', lastName: 'Ny', email: 'ola@example.com', role: 'STAFF' };
    expect((await send(t, 'POST', '/api/v1/admin/staff', { cookie: admin, body })).statusCode).toBe(
      201,
    );
    const mail = mailTo('ola@example.com')!;
    expect(mail.text).toContain('Hälsoportalen har skapat ett konto åt dig. Öppna länken');
    expect(mail.text).not.toMatch(/Hälsoportalen i Hälsoportalen/);
  });

  it('a reset link staff sent is signed by the clinic; one she asked for keeps the line', async () => {
    await nameClinic('Kliniken Hälsa');
    const admin = await login(t, 'admin@example.com');
    const sent = await send(t, 'POST', `/api/v1/admin/send-reset-link/${t.users.klient2.id}`, {
      cookie: admin,
    });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    const byStaff = mailTo(t.users.klient2.email)!;
    expect(byStaff.text).toContain(
      'Kliniken Hälsa har skickat dig en länk för att välja ett nytt lösenord till ditt konto i Hälsoportalen:',
    );
    expect(byStaff.text).not.toContain(NOT_ASKED);

    const asked = await send(t, 'POST', '/api/v1/auth/forgot-password', {
      body: { email: t.users.klient2.email },
    });
    expect(asked.statusCode, asked.body).toBeLessThan(300);
    await t.app.ctx.tasks.idle();
    const own = mailTo(t.users.klient2.email)!;
    expect(own).not.toBe(byStaff);
    expect(own.text).toContain('Vi har fått en begäran om att återställa lösenordet');
    expect(own.text).toContain('Har du inte begärt detta kan du bortse från meddelandet.');
  });
});
