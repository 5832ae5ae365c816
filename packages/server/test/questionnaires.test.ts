// Health questionnaires (design §4.19, issue 36) on both databases: a form's purpose is chosen at
// creation and kept by duplication; staff send to a team client (logged, a notice and a 'Ny enkät'
// mail without health data), never the same open one twice; STAFF outside the care team gets 403
// and a send to several with one outsider sends nothing; a client reads and answers only her own
// whatever ids she sends; autosave with a version; 'Skicka in' freezes the answers with time and
// hash, and the database refuses any change after; the care team reads the answers; the reminder
// goes once 3 days before the last day.
import { createHash } from 'node:crypto';
import type { Form, QuestionnaireDetail, StaffQuestionnaire } from '@halsa/api/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import type { OpenedDb } from '../src/db/index.ts';
import {
  createTestApp,
  dbAvailable,
  describeDb,
  insertUser,
  login,
  passwordHash,
  secondInstance,
  send,
  TEST_DB,
  useTestApp,
  type TestApp,
} from './helpers.ts';
import { journalForm, qid } from './journal-helpers.ts';

const DAY = 24 * 3600_000;
const day = (d: Date) => d.toISOString().slice(0, 10);

describeDb('questionnaires', () => {
  const t = useTestApp();
  let staff: string;
  let admin: string;
  let klient: string;
  let klient2: string;
  let outsider: { id: number; email: string };
  let form: Form;

  beforeAll(async () => {
    staff = await login(t, 'staff@example.com');
    admin = await login(t, 'admin@example.com');
    klient = await login(t, 'klient@example.com');
    klient2 = await login(t, 'klient2@example.com');
    outsider = await insertUser(t.db, {
      email: 'utanfor@example.com',
      role: 'USER',
      first: 'Ulla',
      last: 'Utanför',
      passwordHash: await passwordHash(),
      at: t.clock.now(),
    });
    form = await journalForm(t, staff, {
      title: 'Hälsodeklaration',
      purpose: 'QUESTIONNAIRE',
      publisher: admin,
    });
  });

  const sendTo = (cookie: string, clientId: number, body: Record<string, unknown>) =>
    send(t, 'POST', `/api/v1/admin/users/${clientId}/questionnaires`, { cookie, body });
  const mine = (id: number | string, suffix = '') => `/api/v1/user/questionnaires/${id}${suffix}`;

  it('a form’s purpose is chosen when it is made, listed, filtered and kept by duplication', async () => {
    expect(form.purpose).toBe('QUESTIONNAIRE');
    const plain = (
      await send(t, 'POST', '/api/v1/admin/forms', { cookie: staff, body: {} })
    ).json<Form>();
    expect(plain.purpose).toBe('JOURNAL');
    const bad = await send(t, 'POST', '/api/v1/admin/forms', {
      cookie: staff,
      body: { purpose: 'ANNAT' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe(
      'Välj Journalanteckning eller Enkät till klient.',
    );
    const copy = await send(t, 'POST', `/api/v1/admin/forms/${form.id}/duplicate`, {
      cookie: staff,
    });
    expect(copy.statusCode).toBe(201);
    expect(copy.json<Form>().purpose).toBe('QUESTIONNAIRE');
    const list = await send(t, 'GET', '/api/v1/admin/forms/getSummaries?purpose=QUESTIONNAIRE', {
      cookie: staff,
    });
    const items = list.json<{ items: { purpose: string }[] } | { purpose: string }[]>();
    const rows = Array.isArray(items) ? items : items.items;
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.every((r) => r.purpose === 'QUESTIONNAIRE')).toBe(true);
  });

  it('refuses a journal form, a draft and a last day already past; nothing is sent', async () => {
    const journal = await journalForm(t, staff, { publisher: admin });
    const a = await sendTo(staff, t.users.klient.id, { formId: journal.id });
    expect(a.statusCode).toBe(400);
    expect(a.json<{ message: string }>().message).toBe('Formuläret är inte en enkät till klient.');
    const draft = await journalForm(t, staff, { purpose: 'QUESTIONNAIRE', draft: true });
    const b = await sendTo(staff, t.users.klient.id, { formId: draft.id });
    expect(b.statusCode).toBe(409);
    expect(b.json<{ message: string }>().message).toBe(
      'Formuläret är ett utkast. Publicera det innan det skickas.',
    );
    const c = await sendTo(staff, t.users.klient.id, {
      formId: form.id,
      dueDate: day(new Date(t.clock.now().getTime() - 2 * DAY)),
    });
    expect(c.statusCode).toBe(400);
    expect(c.json<{ message: string }>().message).toBe('Sista svarsdagen kan inte vara passerad.');
    const list = await send(t, 'GET', '/api/v1/user/questionnaires', { cookie: klient });
    expect(list.json()).toEqual([]);
  });

  it('STAFF outside the care team gets 403 on every staff route; a bulk send with one outsider sends nothing', async () => {
    const single = await sendTo(staff, outsider.id, { formId: form.id });
    expect(single.statusCode).toBe(403);
    expect(single.json<{ message: string }>().message).toBe(
      'Du har ingen vårdrelation med klienten.',
    );
    const list = await send(t, 'GET', `/api/v1/admin/users/${outsider.id}/questionnaires`, {
      cookie: staff,
    });
    expect(list.statusCode).toBe(403);
    const bulk = await send(t, 'POST', '/api/v1/admin/questionnaires/send', {
      cookie: staff,
      body: { formId: form.id, clientIds: [t.users.klient2.id, outsider.id] },
    });
    expect(bulk.statusCode).toBe(403);
    const rows = await t.db.db.selectFrom('questionnaires').select('id').execute();
    expect(rows).toHaveLength(0);
    // ADMIN reads every client.
    const byAdmin = await send(t, 'GET', `/api/v1/admin/users/${outsider.id}/questionnaires`, {
      cookie: admin,
    });
    expect(byAdmin.statusCode).toBe(200);
  });

  let qId: number;

  it('STAFF sends to a team client: logged, a notice, a mail without health data; never twice while open', async () => {
    const before = t.outbox.recent().length;
    const due = day(new Date(t.clock.now().getTime() + 10 * DAY));
    const res = await sendTo(staff, t.users.klient.id, { formId: form.id, dueDate: due });
    expect(res.statusCode).toBe(201);
    const sent = res.json<{ id: number; status: string; dueDate: string; title: string }>();
    expect(sent).toMatchObject({ status: 'OPEN', dueDate: due, title: 'Hälsodeklaration' });
    qId = sent.id;
    const again = await sendTo(staff, t.users.klient.id, { formId: form.id });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(
      'Klienten har redan en öppen enkät av det här formuläret.',
    );
    const log = await t.db.db
      .selectFrom('activity_log')
      .select(['actor_user_id', 'subject_user_id'])
      .where('action', '=', 'QUESTIONNAIRE_SENT')
      .execute();
    expect(log).toEqual([{ actor_user_id: t.users.staff.id, subject_user_id: t.users.klient.id }]);
    const notices = await send(t, 'GET', '/api/v1/user/notifications', { cookie: klient });
    expect(notices.json<{ type: string; message: string }[]>()).toContainEqual(
      expect.objectContaining({
        type: 'QUESTIONNAIRE',
        message: 'Du har fått en ny enkät att fylla i.',
      }),
    );
    await t.app.ctx.outbox.kick();
    await t.app.ctx.tasks.idle();
    const mails = t.outbox.recent().slice(0, t.outbox.recent().length - before);
    const mail = mails.find((m) => m.to === 'klient@example.com' && /enkät/i.test(m.subject));
    expect(mail?.subject).toBe('Ny enkät i Hälsoportalen');
    expect(mail?.text).toContain('/questionnaires');
    expect(mail?.text).not.toContain('Hälsodeklaration');
    expect(mail?.text).not.toContain('Hur mår du?');
    const settings = await send(t, 'GET', '/api/v1/user/notification-settings', { cookie: klient });
    expect(settings.json<Record<string, boolean>>().QUESTIONNAIRE).toBe(true);
  });

  it('a bulk send gives each its own and skips one who has it open', async () => {
    const res = await send(t, 'POST', '/api/v1/admin/questionnaires/send', {
      cookie: staff,
      body: { formId: form.id, clientIds: [t.users.klient.id, t.users.klient2.id] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sent: [t.users.klient2.id], alreadyOpen: [t.users.klient.id] });
  });

  it('a client reads and answers only her own, whatever ids she sends', async () => {
    const own = (await send(t, 'GET', '/api/v1/user/questionnaires', { cookie: klient2 })).json<
      { id: number }[]
    >();
    expect(own).toHaveLength(1);
    expect(own[0]!.id).not.toBe(qId);
    for (const id of [qId, 0, -1, 2 ** 31, 'abc']) {
      const read = await send(t, 'GET', mine(id), { cookie: klient2 });
      expect([400, 404]).toContain(read.statusCode);
      const save = await send(t, 'PUT', mine(id, '/answers'), {
        cookie: klient2,
        body: { version: 1, answers: [] },
      });
      expect([400, 404]).toContain(save.statusCode);
      const submit = await send(t, 'POST', mine(id, '/submit'), { cookie: klient2 });
      expect([400, 404]).toContain(submit.statusCode);
    }
    const read = await send(t, 'GET', mine(qId), { cookie: klient2 });
    expect(read.json<{ message: string }>().message).toBe('Enkäten hittades inte.');
    // Staff have no 'my questionnaires'.
    const byStaff = await send(t, 'GET', '/api/v1/user/questionnaires', { cookie: staff });
    expect(byStaff.statusCode).toBe(403);
    const row = await t.db.db
      .selectFrom('questionnaires')
      .select(['version', 'answers'])
      .where('id', '=', qId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ version: 1, answers: [] });
  });

  it('autosave keeps her answers with a version; a misfit or a stale version changes nothing', async () => {
    const half = [{ questionId: qid(form, 'Sover du bra?'), value: true }];
    const saved = await send(t, 'PUT', mine(qId, '/answers'), {
      cookie: klient,
      body: { version: 1, answers: half },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<{ version: number }>().version).toBe(2);
    const stale = await send(t, 'PUT', mine(qId, '/answers'), {
      cookie: klient,
      body: { version: 1, answers: [] },
    });
    expect(stale.statusCode).toBe(409);
    const misfit = await send(t, 'PUT', mine(qId, '/answers'), {
      cookie: klient,
      body: { version: 2, answers: [{ questionId: qid(form, 'Energinivå'), value: 11 }] },
    });
    expect(misfit.statusCode).toBe(400);
    expect(misfit.json<{ message: string }>().message).toBe(
      'Ett svar passar inte frågan. Kontrollera svaret och försök igen.',
    );
    const read = (await send(t, 'GET', mine(qId), { cookie: klient })).json<QuestionnaireDetail>();
    expect(read.answers).toEqual(half);
    expect(read.version).toBe(2);
    // The required 'Hur mår du?' is not answered: nothing is submitted.
    const early = await send(t, 'POST', mine(qId, '/submit'), { cookie: klient });
    expect(early.statusCode).toBe(400);
    expect(early.json<{ message: string }>().message).toBe(
      'Svara på alla obligatoriska frågor innan du skickar in.',
    );
  });

  it('‘Skicka in’ freezes the answers with time and hash; nothing can change them after', async () => {
    const answers = [
      { questionId: qid(form, 'Hur mår du?'), value: 'Bra, men trött på eftermiddagarna.' },
      { questionId: qid(form, 'Sover du bra?'), value: true },
      { questionId: qid(form, 'Energinivå'), value: 6 },
      { questionId: qid(form, 'Vikt'), value: 68.4 },
      { questionId: qid(form, 'Måltider'), value: ['Frukost', 'Lunch'] },
    ];
    await send(t, 'PUT', mine(qId, '/answers'), {
      cookie: klient,
      body: { version: 2, answers },
    });
    const res = await send(t, 'POST', mine(qId, '/submit'), { cookie: klient });
    expect(res.statusCode).toBe(200);
    const done = res.json<QuestionnaireDetail>();
    expect(done.status).toBe('SUBMITTED');
    expect(done.submittedAt).toBe(t.clock.now().toISOString());
    const row = await t.db.db
      .selectFrom('questionnaires')
      .select(['content', 'content_hash', 'reminder_due_at'])
      .where('id', '=', qId)
      .executeTakeFirstOrThrow();
    expect(row.content).toContain('Hur mår du?: Bra, men trött på eftermiddagarna.');
    expect(row.content).toContain('Inskickad av Karin Klient');
    expect(done.contentHash).toBe(createHash('sha256').update(row.content!).digest('hex'));
    expect(row.reminder_due_at).toBeNull();

    const after = await send(t, 'PUT', mine(qId, '/answers'), {
      cookie: klient,
      body: { version: done.version, answers: [] },
    });
    expect(after.statusCode).toBe(409);
    expect(after.json<{ message: string }>().message).toBe(
      'Enkäten är redan inskickad och kan inte ändras.',
    );
    const twice = await send(t, 'POST', mine(qId, '/submit'), { cookie: klient });
    expect(twice.statusCode).toBe(409);
    // The database itself refuses: whoever holds the app's connection cannot change it.
    await expect(
      sql`update questionnaires set answers = '[]'::jsonb where id = ${qId}`.execute(t.db.db),
    ).rejects.toThrow(/inskickat enkätsvar kan inte ändras/);
    await expect(
      sql`delete from questionnaires where id = ${qId}`.execute(t.db.db),
    ).rejects.toThrow(/inskickat enkätsvar kan inte ändras/);
    await expect(
      sql`insert into questionnaires (form_id, client_user_id, form_title, sent_at, updated_at,
            status, submitted_at, content, content_hash)
          values (${form.id}, ${t.users.klient2.id}, 'x', now(), now(), 'SUBMITTED', now(), 'x',
            ${'a'.repeat(64)})`.execute(t.db.db),
    ).rejects.toThrow(/kan inte läggas till som inskickad/);
  });

  it('her care team reads the submitted answers in words (logged); ADMIN too', async () => {
    const res = await send(t, 'GET', `/api/v1/admin/users/${t.users.klient.id}/questionnaires`, {
      cookie: staff,
    });
    expect(res.statusCode).toBe(200);
    const [q] = res.json<StaffQuestionnaire[]>();
    expect(q).toMatchObject({ id: qId, status: 'SUBMITTED', sentByName: 'Sven Personal' });
    expect(q!.sections[0]!.items).toContainEqual({ question: 'Energinivå', answer: '6 av 10' });
    expect(q!.sections[1]!.items).toContainEqual({ question: 'Vikt', answer: '68,4 kg' });
    const log = await t.db.db
      .selectFrom('activity_log')
      .select('subject_user_id')
      .where('action', '=', 'QUESTIONNAIRES_VIEWED')
      .where('actor_user_id', '=', t.users.staff.id)
      .execute();
    expect(log).toContainEqual({ subject_user_id: t.users.klient.id });
    // An open one's answers stay hers until she sends them.
    const k2 = await send(t, 'GET', `/api/v1/admin/users/${t.users.klient2.id}/questionnaires`, {
      cookie: admin,
    });
    expect(k2.json<StaffQuestionnaire[]>()[0]).toMatchObject({ status: 'OPEN', sections: [] });
  });
});

describeDb('questionnaire reminders', () => {
  const t = useTestApp();

  it('goes once, 3 days before the last day at 09:00 Swedish time, only while open', async () => {
    const admin = await login(t, 'admin@example.com');
    const form = await journalForm(t, admin, { purpose: 'QUESTIONNAIRE', publisher: admin });
    const due = day(new Date(t.clock.now().getTime() + 6 * DAY));
    for (const id of [t.users.klient.id, t.users.klient2.id]) {
      const res = await send(t, 'POST', `/api/v1/admin/users/${id}/questionnaires`, {
        cookie: admin,
        body: { formId: form.id, dueDate: due },
      });
      expect(res.statusCode).toBe(201);
    }
    // klient2 answers and submits before the reminder: she gets none.
    const klient2 = await login(t, 'klient2@example.com');
    const [open] = (await send(t, 'GET', '/api/v1/user/questionnaires', { cookie: klient2 })).json<
      { id: number }[]
    >();
    await send(t, 'PUT', `/api/v1/user/questionnaires/${open!.id}/answers`, {
      cookie: klient2,
      body: { version: 1, answers: [{ questionId: qid(form, 'Hur mår du?'), value: 'Bra.' }] },
    });
    const submitted = await send(t, 'POST', `/api/v1/user/questionnaires/${open!.id}/submit`, {
      cookie: klient2,
    });
    expect(submitted.statusCode).toBe(200);
    const row = await t.db.db
      .selectFrom('questionnaires')
      .select(['reminder_due_at'])
      .where('client_user_id', '=', t.users.klient.id)
      .executeTakeFirstOrThrow();
    const at = row.reminder_due_at!;
    expect(
      new Intl.DateTimeFormat('sv-SE', {
        timeZone: 'Europe/Stockholm',
        dateStyle: 'short',
        timeStyle: 'short',
      }).format(at),
    ).toBe(`${day(new Date(Date.parse(`${due}T12:00:00Z`) - 3 * DAY))} 09:00`);
    t.clock.advance(at.getTime() - 60_000 - t.clock.now().getTime());
    expect((await t.app.ctx.noticeMails.tick()).questionnaireReminders).toBe(0);
    t.clock.advance(120_000);
    expect((await t.app.ctx.noticeMails.tick()).questionnaireReminders).toBe(1);
    expect((await t.app.ctx.noticeMails.tick()).questionnaireReminders).toBe(0);
    await t.app.ctx.outbox.kick();
    await t.app.ctx.tasks.idle();
    const reminders = t.outbox.recent().filter((m) => /Påminnelse: en enkät/.test(m.subject));
    expect(reminders.map((m) => m.to)).toEqual(['klient@example.com']);
    expect(reminders[0]!.text).not.toContain(form.title);
  });
});

const pgUp = TEST_DB === 'postgres' && (await dbAvailable());

(pgUp ? describe : describe.skip)(
  'questionnaire reminders with two instances on one PostgreSQL',
  () => {
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
      const admin = await login(t, 'admin@example.com');
      const due = day(new Date(t.clock.now().getTime() + 10 * DAY));
      const clients: number[] = [];
      for (let i = 0; i < 12; i += 1) {
        const c = await insertUser(t.db, {
          email: `paminnelse${i}@example.com`,
          role: 'USER',
          first: 'Klient',
          last: `Nummer ${i}`,
          at: t.clock.now(),
        });
        clients.push(c.id);
      }
      const forms = await Promise.all(
        [1, 2].map(() => journalForm(t, admin, { purpose: 'QUESTIONNAIRE', publisher: admin })),
      );
      for (const f of forms) {
        const res = await send(t, 'POST', '/api/v1/admin/questionnaires/send', {
          cookie: admin,
          body: { formId: f.id, clientIds: clients, dueDate: due },
        });
        expect(res.json<{ sent: number[] }>().sent).toHaveLength(12);
      }
      t.clock.advance(9 * DAY); // every reminder due, every last day still ahead
      const results = await Promise.all([
        t.app.ctx.noticeMails.tick(),
        other.ctx.noticeMails.tick(),
        t.app.ctx.noticeMails.tick(),
        other.ctx.noticeMails.tick(),
      ]);
      expect(results.reduce((n, r) => n + r.questionnaireReminders, 0)).toBe(24);
      // The reminder mails in the outbox (the 'Ny enkät' mails that waited for their window are
      // written by the same ticks; they are not reminders).
      const reminders = await t.db.db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('kind', '=', 'MAIL')
        .where(sql<boolean>`payload::text like '%Påminnelse: en enkät%'`)
        .executeTakeFirstOrThrow();
      expect(Number(reminders.n)).toBe(24);
    });
  },
);
