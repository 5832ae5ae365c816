// Notices outside the portal (design §4.16, issue 24), over a real SMTP server on loopback: each
// kind mails when on and not when off; ten messages in a minute give one mail that says ten; the
// unsubscribe page's button and the one-click POST turn off exactly that kind; a mail while SMTP is down
// arrives once after it returns; calendar invitations read by an independent parser (ical.js)
// with SEQUENCE 0, 1, 2 and the cancellation; reminders follow a moved meeting and go out once,
// also with two instances on one PostgreSQL.
import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import type { OpenedDb } from '../src/db/index.ts';
import { SmtpMailer } from '../src/mail/mailer.ts';
import { backoffMs } from '../src/outbox/index.ts';
import {
  createTestApp,
  dbAvailable,
  describeDb,
  secondInstance,
  PUBLIC_URL,
  send,
  sessionCookieOf,
  TEST_DB,
  type TestApp,
} from './helpers.ts';
import { createConversation, sendText } from './messaging-helpers.ts';
import { SmtpCatcher } from './smtp-catcher.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const FROM = 'Hälsoportalen <no-reply@example.com>';

/** A raw mail as text: headers unfolded, the body's quoted-printable undone, read as UTF-8. */
function decoded(raw: string): string {
  const end = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, end).replace(/\r\n[ \t]+/g, ' ');
  const body = raw
    .slice(end)
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
  return head + Buffer.from(body, 'latin1').toString('utf8');
}

async function start(smtp: SmtpCatcher, smtpUp = true): Promise<TestApp> {
  await smtp.start();
  const smtpUrl = `smtp://127.0.0.1:${smtp.port}`;
  if (!smtpUp) await smtp.stop();
  return createTestApp({ mailer: new SmtpMailer(smtpUrl, FROM), config: { smtpUrl } });
}

/** Signs in over SMTP: the 2FA code is read from the mail the catcher got. */
async function signIn(t: TestApp, smtp: SmtpCatcher, email: string): Promise<string> {
  const auth = await send(t, 'POST', '/api/v1/auth/authenticate', {
    body: { email, password: 'Halsa2026!' },
  });
  const twoFactorId = auth.json<{ message: string }>().message;
  const mail = [...smtp.received].reverse().find((m) => m.to.includes(email))!;
  const code = /logga in i Hälsoportalen är:\s+(\d{6})/.exec(decoded(mail.raw))![1]!;
  const verify = await send(t, 'POST', '/api/v1/auth/verify-2fa', { body: { twoFactorId, code } });
  return sessionCookieOf(verify)!;
}

/** Runs the background task and the outbox now, and waits for the mails. */
async function deliver(t: TestApp): Promise<void> {
  await t.app.ctx.noticeMails.tick();
  await t.app.ctx.outbox.kick();
  await t.app.ctx.tasks.idle();
}

/** Notice mails (not login codes) to `email` since `from`, decoded. */
const noticesTo = (smtp: SmtpCatcher, email: string, from = 0) =>
  smtp.received
    .slice(from)
    .filter((m) => m.to.includes(email) && !/inloggningskod/i.test(decoded(m.raw)))
    .map((m) => decoded(m.raw));

describeDb('notice mails over SMTP', () => {
  const smtp = new SmtpCatcher();
  let t: TestApp;
  let staff: string;
  let admin: string;

  beforeAll(async () => {
    t = await start(smtp);
  });
  // The tests move the clock by hours: sessions are made anew for each.
  beforeEach(async () => {
    staff = await signIn(t, smtp, 'staff@example.com');
    admin = await signIn(t, smtp, 'admin@example.com');
  });
  afterAll(async () => {
    await t?.app.close();
    await t?.db.close();
    await smtp.stop();
  });

  it('settings: a USER has all on, STAFF only messages; PUT changes one switch', async () => {
    const klient = await signIn(t, smtp, 'klient@example.com');
    const url = '/api/v1/user/notification-settings';
    expect((await send(t, 'GET', url, { cookie: klient })).json()).toEqual({
      NEW_MESSAGE: true,
      LAB_RESULT: true,
      ACTION_PLAN: true,
      JOURNAL_NOTE: true,
      APPOINTMENT: true,
      APPOINTMENT_REMINDER: true,
      QUESTIONNAIRE: true,
    });
    expect((await send(t, 'GET', url, { cookie: staff })).json()).toMatchObject({
      NEW_MESSAGE: true,
      LAB_RESULT: false,
      APPOINTMENT_REMINDER: false,
    });
    const put = await send(t, 'PUT', url, { cookie: klient, body: { ACTION_PLAN: false } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ ACTION_PLAN: false, LAB_RESULT: true });
    const bad = await send(t, 'PUT', url, { cookie: klient, body: { OKÄND: true } });
    expect(bad.statusCode).toBe(400);
    await send(t, 'PUT', url, { cookie: klient, body: { ACTION_PLAN: true } });
    expect((await send(t, 'GET', url)).statusCode).toBe(401);
  });

  it.each([
    ['LAB_RESULT', 'LAB_RESULT', 'nya provsvar', '/lab-results'],
    ['ACTION_PLAN', 'ACTION_PLAN', 'ny handlingsplan', '/action-plan'],
    ['JOURNAL_NOTE', 'DAILY_NOTE', 'journalanteckning', '/journal'],
  ] as const)('%s mails when on, not when off', async (kind, type, words, page) => {
    const k = t.users.klient2;
    const before = smtp.received.length;
    t.clock.advance(16 * MINUTE);
    await t.app.ctx.notifications.notify(k.id, type, 'Ny notis');
    await deliver(t);
    const mails = noticesTo(smtp, k.email, before);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.toLowerCase()).toContain(words);
    expect(mail).toContain(`${PUBLIC_URL}${page}`);
    expect(mail).toMatch(/Content-Type: text\/plain/i);
    expect(mail).toMatch(/Content-Type: text\/html/i);
    expect(mail).toMatch(
      /^List-Unsubscribe: <http:\/\/localhost:8080\/api\/v1\/public\/unsubscribe\?token=/m,
    );
    expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(mail).toMatch(/^Message-ID: <[0-9a-f]{32}\.\d+@localhost>/im);
    expect(mail).not.toMatch(/Ny notis|Kalle|Klientsson/);

    await t.app.ctx.noticeMails.settings.update(k.id, 'USER', { [kind]: false });
    t.clock.advance(16 * MINUTE);
    await t.app.ctx.notifications.notify(k.id, type, 'Ny notis');
    await deliver(t);
    expect(noticesTo(smtp, k.email, before)).toHaveLength(1);
    await t.app.ctx.noticeMails.settings.update(k.id, 'USER', { [kind]: true });
  });

  it('ten messages in a minute give one mail that says ten, with no message text', async () => {
    const k = t.users.klient;
    const klient = await signIn(t, smtp, k.email);
    const before = smtp.received.length;
    const conv = await createConversation(t, staff, k.id, 'Hemligt innehåll 1');
    expect(conv.statusCode, conv.body).toBe(201);
    const id = conv.json<{ conversationId: number }>().conversationId;
    for (let i = 2; i <= 10; i++) {
      t.clock.advance(5_000);
      const res = await sendText(t, staff, id, { receiverId: k.id, content: `Hemligt ${i}` });
      expect(res.statusCode, res.body).toBe(201);
    }
    await deliver(t);
    expect(noticesTo(smtp, k.email, before)).toHaveLength(0); // still gathering
    t.clock.advance(2 * MINUTE);
    await deliver(t);
    const mails = noticesTo(smtp, k.email, before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Du har 10 nya meddelanden');
    expect(mails[0]).not.toMatch(/Hemligt|Sven|Personal/);
    // It opens the conversation itself, not only 'Att göra' (issue 35).
    expect(mails[0]).toContain(`Läs i Hälsoportalen: ${PUBLIC_URL}/overview?samtal=${id}`);
    // Within 15 minutes the next ones wait and are told together.
    t.clock.advance(MINUTE);
    await sendText(t, staff, id, { receiverId: k.id, content: 'Hemligt 11' });
    await sendText(t, staff, id, { receiverId: k.id, content: 'Hemligt 12' });
    t.clock.advance(5 * MINUTE);
    await deliver(t);
    expect(noticesTo(smtp, k.email, before)).toHaveLength(1);
    t.clock.advance(10 * MINUTE);
    await deliver(t);
    expect(noticesTo(smtp, k.email, before).at(-1)).toContain('Du har 2 nya meddelanden');
    // Her reply mails STAFF, whose default has messages on.
    await sendText(t, klient, id, { receiverId: t.users.staff.id, content: 'Svar' });
    t.clock.advance(3 * MINUTE);
    await deliver(t);
    expect(noticesTo(smtp, 'staff@example.com', before)).toHaveLength(1);
  });

  it("the page's button and the one-click POST each turn off exactly their kind", async () => {
    const k = t.users.klient2;
    const tokens = t.app.ctx.noticeMails.tokens;
    // The page's button: a same-origin POST without a body (test/unsubscribe.test.ts: GET and
    // HEAD change nothing).
    const page = await send(
      t,
      'POST',
      `/api/v1/public/unsubscribe?token=${tokens.token(k.id, 'LAB_RESULT')}`,
    );
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ kind: 'LAB_RESULT', label: 'Nya provsvar' });
    expect(page.json().message).toMatch(/^Du får inte längre e-post om nya provsvar/);
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `/api/v1/public/unsubscribe?token=${tokens.token(k.id, 'APPOINTMENT_REMINDER')}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    const settings = await t.app.ctx.noticeMails.settings.get(k.id, 'USER');
    expect(settings).toEqual({
      NEW_MESSAGE: true,
      LAB_RESULT: false,
      ACTION_PLAN: true,
      JOURNAL_NOTE: true,
      APPOINTMENT: true,
      APPOINTMENT_REMINDER: false,
      QUESTIONNAIRE: true,
    });
    // Another person's token does nothing to her; a changed token is refused.
    const other = tokens.token(t.users.klient.id, 'LAB_RESULT');
    const forged = other.replace(/^\d+\./, `${k.id}.`);
    const refused = await send(t, 'GET', `/api/v1/public/unsubscribe?token=${forged}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Länken för att avsluta e-postaviseringen är ogiltig.');
    const swapped = tokens.token(k.id, 'LAB_RESULT').replace('LAB_RESULT', 'NEW_MESSAGE');
    expect((await send(t, 'GET', `/api/v1/public/unsubscribe?token=${swapped}`)).statusCode).toBe(
      400,
    );
    expect((await t.app.ctx.noticeMails.settings.get(t.users.klient.id, 'USER')).LAB_RESULT).toBe(
      true,
    );
    await t.app.ctx.noticeMails.settings.update(k.id, 'USER', {
      LAB_RESULT: true,
      APPOINTMENT_REMINDER: true,
    });
  });

  it('booked, moved, cancelled: invitations with one UID and SEQUENCE 0, 1, 2, read by ical.js', async () => {
    const k = t.users.klient2;
    const before = smtp.received.length;
    const at = (h: number) => new Date(t.clock.now().getTime() + h * HOUR).toISOString();
    const booked = await send(t, 'POST', '/api/v1/admin/appointments', {
      cookie: staff,
      body: {
        clientId: k.id,
        startsAt: at(72),
        minutes: 30,
        place: 'Rum 3',
        note: 'Hemlig anteckning',
      },
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const id = booked.json<{ id: number }>().id;
    const download = async () =>
      (await send(t, 'GET', `/api/v1/user/appointments/${id}/ics`, { cookie: admin })).body;
    const downloads = [await download()];
    await send(t, 'PUT', `/api/v1/admin/appointments/${id}`, {
      cookie: staff,
      body: { startsAt: at(96), minutes: 45, place: 'Rum 3' },
    });
    downloads.push(await download());
    await send(t, 'POST', `/api/v1/admin/appointments/${id}/cancel`, { cookie: staff, body: {} });
    downloads.push(await download());
    await deliver(t);

    const mails = noticesTo(smtp, k.email, before);
    expect(mails).toHaveLength(3);
    // Read on the raw mail: the part headers are not quoted-printable.
    const raws = smtp.received.slice(before).filter((m) => m.to.includes(k.email));
    expect(raws.at(-3)!.raw).toMatch(
      /Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i,
    );
    expect(raws.at(-1)!.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=CANCEL/i);
    for (const m of mails) expect(m).not.toContain('Hemlig anteckning');

    const rows = await t.db.db
      .selectFrom('outbox')
      .select('payload')
      .where('kind', '=', 'MAIL')
      .orderBy('id')
      .execute();
    const invitations = rows
      .map((r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload))
      .filter((p) => p.to === k.email && p.icalEvent)
      .slice(-3)
      .map((p) => p.icalEvent as { method: string; content: string });
    const events = invitations.map((inv) => {
      const cal = new ICAL.Component(ICAL.parse(inv.content));
      const event = new ICAL.Event(cal.getFirstSubcomponent('vevent')!);
      return { method: cal.getFirstPropertyValue('method'), cal, event };
    });
    expect(events.map((e) => e.method)).toEqual(['REQUEST', 'REQUEST', 'CANCEL']);
    expect(events.map((e) => e.event.sequence)).toEqual([0, 1, 2]);
    expect(new Set(events.map((e) => e.event.uid)).size).toBe(1);
    expect(events[2]!.event.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    // Europe/Stockholm wall time, resolved by ical.js through the file's VTIMEZONE.
    expect(events[1]!.event.startDate.toJSDate().toISOString().slice(0, 19)).toBe(
      at(96).slice(0, 19),
    );
    expect(String(events[0]!.event.organizer)).toBe('mailto:no-reply@example.com');
    expect(events[0]!.event.summary).toBe('Möte med Sven Personal');
    expect(events[0]!.event.description ?? '').not.toContain('Hemlig');
    // The download carries the same UID and SEQUENCE.
    const downloaded = downloads.map(
      (d) => new ICAL.Event(new ICAL.Component(ICAL.parse(d)).getFirstSubcomponent('vevent')!),
    );
    expect(downloaded.map((e) => e.sequence)).toEqual([0, 1, 2]);
    expect(downloaded.map((e) => e.uid)).toEqual(events.map((e) => e.event.uid));
  });

  it('a reminder 24 h before; a moved meeting’s reminder follows it; none when cancelled', async () => {
    const k = t.users.klient;
    const before = smtp.received.length;
    const at = (h: number) => new Date(t.clock.now().getTime() + h * HOUR).toISOString();
    const book = async (h: number) =>
      (
        await send(t, 'POST', '/api/v1/admin/appointments', {
          cookie: staff,
          body: { clientId: k.id, startsAt: at(h), minutes: 30, place: 'Rum 1' },
        })
      ).json<{ id: number }>().id;
    const moved = await book(30);
    const cancelled = await book(40);
    await send(t, 'PUT', `/api/v1/admin/appointments/${moved}`, {
      cookie: staff,
      body: { startsAt: at(50), minutes: 30, place: 'Rum 1' },
    });
    await send(t, 'POST', `/api/v1/admin/appointments/${cancelled}/cancel`, {
      cookie: staff,
      body: {},
    });
    await deliver(t);
    const reminders = () => noticesTo(smtp, k.email, before).filter((m) => /Påminnelse/.test(m));
    t.clock.advance(7 * HOUR); // 24 h before the old time: nothing
    await deliver(t);
    expect(reminders()).toHaveLength(0);
    t.clock.advance(10 * HOUR); // past the cancelled one's: nothing
    await deliver(t);
    expect(reminders()).toHaveLength(0);
    t.clock.advance(9 * HOUR + MINUTE); // 24 h before the new time
    await deliver(t);
    expect(reminders()).toHaveLength(1);
    t.clock.advance(HOUR);
    await deliver(t);
    expect(reminders()).toHaveLength(1);
  });
});

describeDb('notice mails while SMTP is down', () => {
  const smtp = new SmtpCatcher();
  let t: TestApp;
  beforeAll(async () => {
    t = await start(smtp, false);
  });
  afterAll(async () => {
    await t?.app.close();
    await t?.db.close();
    await smtp.stop();
  });

  it('the notice is kept and arrives once after SMTP returns', async () => {
    await t.app.ctx.notifications.notify(t.users.klient.id, 'LAB_RESULT', 'Nya provsvar');
    await deliver(t);
    expect(await t.app.ctx.outbox.pending()).toBe(1);
    await smtp.start();
    t.clock.advance(backoffMs(1));
    await deliver(t);
    t.clock.advance(HOUR);
    await deliver(t);
    expect(noticesTo(smtp, 'klient@example.com')).toHaveLength(1);
    expect(await t.app.ctx.outbox.pending()).toBe(0);
  });
});

const pgUp = TEST_DB === 'postgres' && (await dbAvailable());

(pgUp ? describe : describe.skip)('reminders with two instances on one PostgreSQL', () => {
  let t: TestApp;
  let second: OpenedDb;
  let other: App;
  afterAll(async () => {
    await other?.close();
    await second?.close();
    await t?.app.close();
    await t?.db.close();
  });

  it('each due reminder is written once, whichever instance claims it', async () => {
    t = await createTestApp();
    ({ app: other, db: second } = await secondInstance(t));
    const now = t.clock.now();
    const values = Array.from({ length: 20 }, (_, i) => ({
      client_user_id: i % 2 ? t.users.klient.id : t.users.klient2.id,
      staff_user_id: t.users.staff.id,
      starts_at: new Date(now.getTime() + 25 * HOUR + i * HOUR),
      minutes: 30,
      place: 'Rum 1',
      status: 'BOOKED' as const,
      created_at: now,
      updated_at: now,
      reminder_due_at: new Date(now.getTime() + HOUR + i * HOUR),
    }));
    await t.db.db.insertInto('appointments').values(values).execute();
    t.clock.advance(21 * HOUR); // every reminder due, no meeting begun
    const results = await Promise.all([
      t.app.ctx.noticeMails.tick(),
      other.ctx.noticeMails.tick(),
      t.app.ctx.noticeMails.tick(),
      other.ctx.noticeMails.tick(),
    ]);
    expect(results.reduce((n, r) => n + r.reminders, 0)).toBe(20);
    const outbox = await t.db.db
      .selectFrom('outbox')
      .select('payload')
      .where('kind', '=', 'MAIL')
      .execute();
    expect(outbox).toHaveLength(20);
  });
});
