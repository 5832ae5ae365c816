// Signing a journal note (design.md §4.10): frozen with signer, content and its sha-256, one
// mail without health data and a DAILY_NOTE notice, in one transaction; signing twice (or at
// once) mails once; the database itself refuses to change a signed note; with SMTP down the
// note is signed and the mail arrives once after SMTP returns.
import { createHash } from 'node:crypto';
import {
  NOTE_NOTHING_TO_SIGN,
  NOTE_REQUIRED_MISSING,
  type ClientJournal,
  type DailyNote,
  type JournalNote,
  type JournalSettings,
} from '@halsa/api/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SmtpMailer } from '../src/mail/mailer.ts';
import {
  describeNoteReport,
  noteSigningKey,
  publicKeyFromText,
  publicKeyText,
  signDraftNote,
  verifySignedNotes,
} from '../src/modules/journal/signature.ts';
import { backoffMs } from '../src/outbox/index.ts';
import {
  createTestApp,
  describeDb,
  PUBLIC_URL,
  send,
  testConfig,
  type TestApp,
  useTestApp,
} from './helpers.ts';
import {
  fullAnswers,
  journalCookies,
  journalForm,
  journalMails,
  notePath,
  qid,
  saveNote,
  signNote,
  testNoteKey,
} from './journal-helpers.ts';
import { SmtpCatcher } from './smtp-catcher.ts';

describeDb('signing journal notes', () => {
  const t = useTestApp();

  it('sign and send: frozen with signer, content and its sha-256, one mail without health data, a DAILY_NOTE notice', async () => {
    const { ADMIN, STAFF } = await journalCookies(t);
    const form = await journalForm(t, STAFF!, { title: 'Sömnuppföljning' });
    const k = t.users.klient2.id;
    const email = t.users.klient2.email;
    const mailsBefore = (await journalMails(t, email)).length;
    const { clinicName } = (
      await send(t, 'GET', '/api/v1/admin/journal/settings', { cookie: STAFF })
    ).json<JournalSettings>();

    // The required question has no answer yet: 400, nothing signed.
    await saveNote(t, ADMIN!, k, form, {
      answers: [{ questionId: qid(form, 'Energinivå'), value: 7 }],
    });
    const missing = await signNote(t, ADMIN!, k, form.id);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(NOTE_REQUIRED_MISSING);

    await saveNote(t, ADMIN!, k, form, { answers: fullAnswers(form), version: 1 });
    const res = await signNote(t, ADMIN!, k, form.id);
    expect(res.statusCode, res.body).toBe(200);
    const note = res.json<JournalNote>();
    expect(note).toMatchObject({
      status: 'SIGNED',
      signedBy: { id: t.users.admin.id, name: 'Anna Admin' },
      version: 3,
    });
    expect(note.signedAt).toBe(t.clock.now().toISOString());
    const row = await t.db.db
      .selectFrom('journal_notes')
      .select(['content', 'content_hash'])
      .where('id', '=', note.id)
      .executeTakeFirstOrThrow();
    expect(row.content_hash).toBe(createHash('sha256').update(row.content).digest('hex'));
    expect(note.contentHash).toBe(row.content_hash);
    const lines = row.content.split('\n');
    expect(lines[0]).toBe('Sömnuppföljning');
    expect(lines[1]).toMatch(/^Signerad av Anna Admin \d{1,2} [a-z]+ \d{4}$/);
    expect(row.content).toContain('Hur mår du?: Bättre sömn sedan kvällsrutinerna.');
    expect(row.content).toContain('Sover du bra?: Ja');
    expect(row.content).toContain('Energinivå: 7 av 10');
    expect(row.content).toContain('Vikt: 72,5 kg');
    expect(row.content).toContain('Provdatum: 12 mars 2026');
    expect(row.content).toContain('Måltider: Frukost, Middag');
    expect(row.content).toContain('Övrigt: Ej besvarad');

    // The overview's latest signed note is that content.
    const latest = await send(
      t,
      'GET',
      `/api/v1/admin/users/${k}/journal/daily-notes/latest-signed`,
      {
        cookie: ADMIN,
      },
    );
    expect(latest.json()).toEqual({ noteContent: row.content });

    // One mail: no title, no answers; the clinic and a link to /journal.
    const mails = (await journalMails(t, email)).slice(mailsBefore);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.delivered).toBe(true);
    expect(t.outbox.recent()[0]).toMatchObject({ to: email, subject: mail.subject });
    expect(mail.subject).toBe(`Ny journalanteckning från ${clinicName}`);
    expect(mail.text).toContain(`${PUBLIC_URL}/journal`);
    for (const secret of ['Sömnuppföljning', 'Bättre sömn', '72,5', 'Vikt', 'Anna Admin']) {
      expect(mail.text).not.toContain(secret);
      expect(mail.subject).not.toContain(secret);
    }

    // The client's notice, and the signing in the activity log.
    const notices = await t.db.db
      .selectFrom('notifications')
      .select(['type', 'message'])
      .where('user_id', '=', k)
      .execute();
    expect(notices).toEqual([
      { type: 'DAILY_NOTE', message: 'Du har fått en ny signerad journalanteckning.' },
    ]);
    const signedRows = await t.db.db
      .selectFrom('activity_log')
      .select(['actor_user_id', 'subject_user_id'])
      .where('action', '=', 'JOURNAL_NOTE_SIGNED')
      .where('subject_user_id', '=', k)
      .execute();
    expect(signedRows).toEqual([{ actor_user_id: t.users.admin.id, subject_user_id: k }]);

    // Signing again: nothing unsigned, 409, and still one mail and one notice.
    const again = await signNote(t, ADMIN!, k, form.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(NOTE_NOTHING_TO_SIGN);
    await t.app.ctx.tasks.idle();
    expect((await journalMails(t, email)).length - mailsBefore).toBe(1);
    expect(
      await t.db.db.selectFrom('notifications').select('id').where('user_id', '=', k).execute(),
    ).toHaveLength(1);
    // The signed note is no longer the form's unsigned note.
    expect((await send(t, 'GET', notePath(k, form.id), { cookie: ADMIN })).json()).toEqual({
      note: null,
    });
  });

  it('two first saves at once make one note (the other is 409); two signings at once send one mail', async () => {
    const { ADMIN, STAFF } = await journalCookies(t);
    const form = await journalForm(t, STAFF!, { title: 'Samtidigt' });
    const k = t.users.klient2.id;
    const saves = await Promise.all(
      [0, 1].map(() => saveNote(t, ADMIN!, k, form, { answers: fullAnswers(form) })),
    );
    expect(saves.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const notes = await t.db.db
      .selectFrom('journal_notes')
      .select('id')
      .where('user_id', '=', k)
      .where('form_id', '=', form.id)
      .execute();
    expect(notes).toHaveLength(1);

    // Past the 15 minutes since her last journal-note mail (design §4.16), so this one goes at once.
    t.clock.advance(16 * 60_000);
    const mailsBefore = (await journalMails(t, t.users.klient2.email)).length;
    const signs = await Promise.all([0, 1].map(() => signNote(t, ADMIN!, k, form.id)));
    expect(signs.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    await t.app.ctx.tasks.idle();
    expect((await journalMails(t, t.users.klient2.email)).length - mailsBefore).toBe(1);
  });

  it('a signed note carries the clinic name and signature line of signing time; later settings do not change it', async () => {
    const { ADMIN, STAFF, USER } = await journalCookies(t);
    const form = await journalForm(t, STAFF!, { title: 'Brevhuvud' });
    const k = t.users.klient.id;
    const settingsUrl = '/api/v1/admin/journal/settings';
    const put = async (clinicName: string, signatureLine: string) => {
      const now = (await send(t, 'GET', settingsUrl, { cookie: ADMIN })).json<JournalSettings>();
      const res = await send(t, 'PUT', settingsUrl, {
        cookie: ADMIN,
        body: { ...now, clinicName, signatureLine },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await put('Kliniken Norr', 'Med vänliga hälsningar, Kliniken Norr');
    await saveNote(t, ADMIN!, k, form, { answers: fullAnswers(form) });
    const unsigned = (await send(t, 'GET', `/api/v1/admin/users/${k}/journal`, { cookie: STAFF }))
      .json<ClientJournal>()
      .dailyNotes.find((n) => n.formId === form.id && !n.signed)!;
    expect(unsigned).toMatchObject({ clinicName: null, signatureLine: null });
    const signed = await signNote(t, ADMIN!, k, form.id);
    expect(signed.statusCode, signed.body).toBe(200);
    const id = signed.json<JournalNote>().id;

    const mine = async () =>
      (await send(t, 'GET', '/api/v1/user/journal/daily-notes', { cookie: USER }))
        .json<DailyNote[]>()
        .find((n) => n.id === id)!;
    const stamped = {
      clinicName: 'Kliniken Norr',
      signatureLine: 'Med vänliga hälsningar, Kliniken Norr',
    };
    expect(await mine()).toMatchObject(stamped);

    // The ADMIN renames the clinic afterwards: the signed note keeps what it was signed under,
    // for the client and for staff alike.
    await put('Kliniken Söder', 'Hälsningar från Söder');
    expect(await mine()).toMatchObject(stamped);
    const staffView = (
      await send(t, 'GET', `/api/v1/admin/users/${k}/journal`, { cookie: STAFF })
    ).json<ClientJournal>();
    expect(staffView.dailyNotes.find((n) => n.id === id)).toMatchObject(stamped);
    const row = await t.db.db
      .selectFrom('journal_notes')
      .select(['clinic_name', 'signature_line'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      clinic_name: 'Kliniken Norr',
      signature_line: 'Med vänliga hälsningar, Kliniken Norr',
    });
  });

  it('a signed note cannot be changed in the database itself: UPDATE and DELETE fail in raw SQL', async () => {
    const { ADMIN, STAFF } = await journalCookies(t);
    const form = await journalForm(t, STAFF!);
    const k = t.users.klient.id;
    await saveNote(t, ADMIN!, k, form, { answers: fullAnswers(form) });
    const note = (await signNote(t, ADMIN!, k, form.id)).json<JournalNote>();
    await expect(
      sql`update journal_notes set content = 'Ändrad i efterhand' where id = ${note.id}`.execute(
        t.db.db,
      ),
    ).rejects.toThrow(/signerad journalanteckning kan inte ändras/);
    await expect(
      sql`delete from journal_notes where id = ${note.id}`.execute(t.db.db),
    ).rejects.toThrow(/signerad journalanteckning kan inte ändras/);
    const row = await t.db.db
      .selectFrom('journal_notes')
      .select(['status', 'content_hash'])
      .where('id', '=', note.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'SIGNED', content_hash: note.contentHash });
  });
});

describeDb("the server's signature on a signed note (issue 22 item 9)", () => {
  const t = useTestApp();

  async function signedNote(title: string, client: number): Promise<JournalNote> {
    const { ADMIN } = await journalCookies(t);
    const form = await journalForm(t, ADMIN!, { title });
    await saveNote(t, ADMIN!, client, form, { answers: fullAnswers(form) });
    const res = await signNote(t, ADMIN!, client, form.id);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<JournalNote>();
  }

  it('signing stores an Ed25519 signature that the public key from SESSION_SECRET verifies', async () => {
    const note = await signedNote('Signaturprov', t.users.klient.id);
    const row = await t.db.db
      .selectFrom('journal_notes')
      .select('server_signature')
      .where('id', '=', note.id)
      .executeTakeFirstOrThrow();
    expect(row.server_signature).toMatch(/^[A-Za-z0-9+/]{86}==$/);
    // The printed public key is all a verifier needs.
    const printed = publicKeyText(noteSigningKey(testConfig().sessionSecret).publicKey);
    const report = await verifySignedNotes(t.db.db, publicKeyFromText(printed));
    expect(report.bad).toEqual([]);
    expect(report.ok).toBeGreaterThanOrEqual(1);
    // Another secret's key does not verify it.
    const other = await verifySignedNotes(t.db.db, noteSigningKey('x'.repeat(32)).publicKey);
    expect(other.bad).toContainEqual({
      id: note.id,
      clientId: t.users.klient.id,
      problems: ['BAD_SIGNATURE'],
    });
  });

  it('the database refuses an INSERT of a signed note and a signing UPDATE without a signature', async () => {
    const k = t.users.klient2.id;
    const staff = t.users.staff.id;
    await expect(
      sql`insert into journal_notes (user_id, author_id, content, status, signed_at, signed_by,
            content_hash, created_at)
          values (${k}, ${staff}, 'Påhittad', 'SIGNED', now(), ${staff}, ${'a'.repeat(64)}, now())`.execute(
        t.db.db,
      ),
    ).rejects.toThrow(/kan inte läggas till som signerad/);
    // Not even with a signature copied from a real note.
    const real = await signedNote('Kopierad signatur', k);
    const { server_signature } = await t.db.db
      .selectFrom('journal_notes')
      .select('server_signature')
      .where('id', '=', real.id)
      .executeTakeFirstOrThrow();
    await expect(
      sql`insert into journal_notes (user_id, author_id, content, server_signature, created_at)
          values (${k}, ${staff}, 'Påhittad', ${server_signature}, now())`.execute(t.db.db),
    ).rejects.toThrow(/kan inte läggas till som signerad/);
    // A draft signed in raw SQL without the server's signature is refused; with it, it is not.
    const draft = await sql<{ id: number }>`insert into journal_notes
        (user_id, author_id, content, created_at) values (${k}, ${staff}, 'Utkast', now())
        returning id`.execute(t.db.db);
    const id = draft.rows[0]!.id;
    await expect(
      sql`update journal_notes set status = 'SIGNED', signed_at = now(), signed_by = ${staff}
          where id = ${id}`.execute(t.db.db),
    ).rejects.toThrow(/kan inte signeras utan serverns signatur/);
    await signDraftNote(t.db.db, testNoteKey, id, { signedBy: staff, signedAt: new Date() });
    const report = await verifySignedNotes(t.db.db, testNoteKey.publicKey);
    expect(report.bad).toEqual([]);
  });

  it('notes:verify reports a note the owner changed with the trigger off and its hash recomputed', async () => {
    const kept = await signedNote('Orörd', t.users.klient.id);
    const changed = await signedNote('Ändras av ägaren', t.users.klient2.id);
    const newContent = 'Ändras av ägaren\nAllt väl.';
    // The schema owner (the test role) may switch the freeze off: exactly what the key guards.
    await sql`alter table journal_notes disable trigger journal_notes_frozen`.execute(t.db.db);
    try {
      await sql`update journal_notes set content = ${newContent},
          content_hash = ${createHash('sha256').update(newContent).digest('hex')}
          where id = ${changed.id}`.execute(t.db.db);
    } finally {
      await sql`alter table journal_notes enable trigger journal_notes_frozen`.execute(t.db.db);
    }
    const report = await verifySignedNotes(t.db.db, testNoteKey.publicKey);
    expect(report.bad).toEqual([
      { id: changed.id, clientId: t.users.klient2.id, problems: ['BAD_SIGNATURE'] },
    ]);
    expect(report.ok).toBe(report.checked - 1);
    const lines = describeNoteReport(report);
    expect(lines[0]).toBe(
      `FEL anteckning ${changed.id} (klient ${t.users.klient2.id}): signaturen stämmer inte (anteckningen är ändrad eller signerad med annan nyckel)`,
    );
    expect(lines.at(-1)).toMatch(/^FEL: \d+ signerade anteckningar, .* 1 med fel$/);
    expect(lines.join('\n')).not.toContain(`anteckning ${kept.id} `);
  });

  it('a note signed before signatures is listed apart, not as tampered; its hash is still checked', async () => {
    const k = t.users.klient.id;
    const staff = t.users.staff.id;
    const content = 'Signerad före signaturer';
    const legacy = await sql<{ id: number }>`insert into journal_notes
        (user_id, author_id, content, created_at) values (${k}, ${staff}, ${content}, now())
        returning id`.execute(t.db.db);
    const id = legacy.rows[0]!.id;
    // As migration 0016 found it: signed, hashed, no signature (the signing check switched off).
    await sql`alter table journal_notes disable trigger journal_notes_signing_signature`.execute(
      t.db.db,
    );
    try {
      await sql`update journal_notes set status = 'SIGNED', signed_at = now(), signed_by = ${staff},
          content_hash = ${createHash('sha256').update(content).digest('hex')}
          where id = ${id}`.execute(t.db.db);
    } finally {
      await sql`alter table journal_notes enable trigger journal_notes_signing_signature`.execute(
        t.db.db,
      );
    }
    const report = await verifySignedNotes(t.db.db, testNoteKey.publicKey);
    expect(report.unsignedLegacy).toEqual([{ id, clientId: k }]);
    expect(report.bad.map((b) => b.id)).not.toContain(id);
    expect(describeNoteReport(report)).toContain(
      `osignerad anteckning ${id} (klient ${k}): signerad före signaturer`,
    );
  });
});

describeDb('sign and send while SMTP is down', () => {
  const smtp = new SmtpCatcher();
  let t: TestApp;

  beforeAll(async () => {
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

  /** The 2FA code arrives over SMTP too (while it is up): read it from the mail. */
  async function loginOverSmtp(email: string): Promise<string> {
    const before = smtp.received.length;
    const auth = await send(t, 'POST', '/api/v1/auth/authenticate', {
      body: { email, password: 'Halsa2026!' },
    });
    await t.app.ctx.tasks.idle();
    const raw = smtp.received.slice(before).at(-1)!.raw;
    const code = raw.match(/\b(\d{6})\b/)![1];
    const verify = await send(t, 'POST', '/api/v1/auth/verify-2fa', {
      body: { twoFactorId: auth.json().message, code },
    });
    const cookie = verify.cookies.find((c) => c.name === 'halsa_session')!;
    return `halsa_session=${cookie.value}`;
  }

  it('the note is signed without SMTP; the mail arrives once after SMTP returns', async () => {
    const ADMIN = await loginOverSmtp('admin@example.com');
    const STAFF = await loginOverSmtp('staff@example.com');
    const form = await journalForm(t, STAFF, { publisher: ADMIN });
    const k = t.users.klient.id;
    await smtp.stop();
    const before = smtp.received.length;

    await saveNote(t, ADMIN, k, form, { answers: fullAnswers(form) });
    const res = await signNote(t, ADMIN, k, form.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<JournalNote>().status).toBe('SIGNED');
    await t.app.ctx.tasks.idle();
    const pending = await t.db.db
      .selectFrom('outbox')
      .select(['id', 'attempts', 'sent_at', 'last_error'])
      .where('kind', '=', 'MAIL')
      .where('sent_at', 'is', null)
      .execute();
    expect(pending).toHaveLength(1);
    expect(pending[0]!.attempts).toBeGreaterThanOrEqual(1);
    expect(pending[0]!.last_error).toBeTruthy();
    // The client's notice does not wait for the mail.
    const notices = await t.db.db
      .selectFrom('notifications')
      .select('type')
      .where('user_id', '=', k)
      .execute();
    expect(notices).toEqual([{ type: 'DAILY_NOTE' }]);

    await smtp.start();
    t.clock.advance(backoffMs(pending[0]!.attempts));
    await t.app.ctx.outbox.kick();
    await t.app.ctx.tasks.idle();
    const mails = smtp.received.slice(before);
    expect(mails.map((m) => m.to)).toEqual([['klient@example.com']]);
    expect(mails[0]!.raw.replace(/=\r?\n/g, '')).toContain(`${PUBLIC_URL}/journal`);
    // Never again, and signing again sends nothing either.
    expect((await signNote(t, ADMIN, k, form.id)).statusCode).toBe(409);
    t.clock.advance(60 * 60 * 1000);
    await t.app.ctx.outbox.kick();
    await t.app.ctx.tasks.idle();
    expect(smtp.received.slice(before)).toHaveLength(1);
    expect(await t.app.ctx.outbox.pending()).toBe(0);
  });
});
