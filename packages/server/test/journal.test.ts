// Journal notes on the server (design.md §4.10): the role matrix of every journal route; the
// client's unsigned note saved with a version and answers that must fit; a USER reads only her
// own SIGNED notes whatever ids she sends; free-text notes; corrections; journal settings.
// Signing, the frozen note and the SMTP outage: journal-signing.test.ts.
import {
  JOURNAL_SETTINGS_DEFAULT_FORM,
  JOURNAL_SETTINGS_VERSION_CONFLICT,
  NOTE_ANSWER_MISFIT,
  NOTE_DRAFT_FORM,
  NOTE_UNKNOWN_QUESTION,
  NOTE_VERSION_CONFLICT,
  NO_CARE_RELATION_MESSAGE,
  type ClientJournal,
  type DailyNote,
  type JournalAnswer,
  type JournalNote,
  type JournalSettings,
} from '@halsa/api/contract';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { addToCareTeam, describeDb, insertUser, login, send, useTestApp } from './helpers.ts';
import {
  fullAnswers,
  insertSignedNote,
  journalCookies,
  journalForm,
  journalMails,
  notePath,
  qid,
  saveNote,
  signNote,
  signPath,
  WHO,
  type Who,
} from './journal-helpers.ts';

describeDb('journal routes', () => {
  const t = useTestApp();
  /** A client of her own, so the notes STAFF signs here stay out of the other tests' clients. */
  const newClient = async (email: string, inStaffTeam: boolean) => {
    const made = await insertUser(t.db, {
      email,
      role: 'USER',
      first: 'Vera',
      last: 'Vårdteam',
      at: t.clock.now(),
    });
    if (inStaffTeam) await addToCareTeam(t.db, made.id, t.users.staff.id);
    return made.id;
  };
  /** Who wrote the activity rows of `action` about one note, and whom they name. */
  const noteRows = (action: 'JOURNAL_NOTE_SAVED' | 'JOURNAL_NOTE_SIGNED', noteId: number) =>
    t.db.db
      .selectFrom('activity_log')
      .select(['actor_user_id', 'subject_user_id'])
      .where('action', '=', action)
      .where(sql<boolean>`details->>'noteId' = ${String(noteId)}`)
      .execute();
  it('role matrix: anonymous 401, USER 403 on staff routes; STAFF reads and writes and signs notes, only ADMIN changes settings', async () => {
    const c = await journalCookies(t);
    const form = await journalForm(t, c.STAFF!);
    const k = await newClient('matris@example.com', true);
    const settings = (
      await send(t, 'GET', '/api/v1/admin/journal/settings', { cookie: c.ADMIN })
    ).json<JournalSettings>();
    // The note routes need an unsigned note to work on: before each call, the current one (an
    // ADMIN save makes one when the previous call signed it), whose version a save sends.
    let version = 0;
    const noteReady = async () => {
      const got = await send(t, 'GET', notePath(k, form.id), { cookie: c.ADMIN });
      const current = got.json<{ note: JournalNote | null }>().note;
      if (current) version = current.version;
      else {
        const made = await saveNote(t, c.ADMIN!, k, form, { answers: fullAnswers(form) });
        expect(made.statusCode, made.body).toBe(200);
        version = made.json<JournalNote>().version;
      }
    };
    const none = async () => {};
    const routes: [string, string, Who[], () => unknown, () => Promise<void>][] = [
      [
        'GET',
        '/api/v1/user/journal/daily-notes',
        ['USER', 'STAFF', 'ADMIN'],
        () => undefined,
        none,
      ],
      ['GET', `/api/v1/admin/users/${k}/journal`, ['STAFF', 'ADMIN'], () => undefined, none],
      [
        'GET',
        `/api/v1/admin/users/${k}/journal/daily-notes/latest-signed`,
        ['STAFF', 'ADMIN'],
        () => undefined,
        none,
      ],
      ['GET', notePath(k, form.id), ['STAFF', 'ADMIN'], () => undefined, noteReady],
      [
        'PUT',
        notePath(k, form.id),
        ['STAFF', 'ADMIN'],
        () => ({ answers: fullAnswers(form), version }),
        noteReady,
      ],
      ['GET', '/api/v1/admin/journal/settings', ['STAFF', 'ADMIN'], () => undefined, none],
      [
        'PUT',
        '/api/v1/admin/journal/settings',
        ['ADMIN'],
        () => ({ ...settings, clinicName: 'Kliniken' }),
        none,
      ],
      ['POST', signPath(k, form.id), ['STAFF', 'ADMIN'], () => ({}), noteReady],
    ];
    for (const [method, url, allowed, body, prepare] of routes) {
      for (const who of WHO) {
        await prepare();
        const res = await send(t, method as 'GET', url, { cookie: c[who], body: body() });
        const where = `${who} ${method} ${url}: ${res.statusCode} ${res.body.slice(0, 160)}`;
        if (who === 'anonymous') expect(res.statusCode, where).toBe(401);
        else if (allowed.includes(who)) expect(res.statusCode, where).toBe(200);
        else expect(res.statusCode, where).toBe(403);
      }
    }
  });

  it('her care team writes and signs her note (design §4.19); STAFF outside it gets 403 and changes nothing', async () => {
    const { STAFF } = await journalCookies(t);
    const form = await journalForm(t, STAFF!, { title: 'Efter enkäten' });
    const inTeam = await newClient('i-teamet@example.com', true);
    const saved = await saveNote(t, STAFF!, inTeam, form, { answers: fullAnswers(form) });
    expect(saved.statusCode, saved.body).toBe(200);
    const signed = await signNote(t, STAFF!, inTeam, form.id);
    expect(signed.statusCode, signed.body).toBe(200);
    const note = signed.json<JournalNote>();
    expect(note).toMatchObject({
      status: 'SIGNED',
      signedBy: { id: t.users.staff.id },
      answers: fullAnswers(form),
    });
    expect(await noteRows('JOURNAL_NOTE_SIGNED', note.id)).toEqual([
      { actor_user_id: t.users.staff.id, subject_user_id: inTeam },
    ]);

    // A client outside her team: the note page, its autosave and the signing are closed to her.
    const outside = await newClient('utanfor@example.com', false);
    const admin = await login(t, 'admin@example.com');
    expect(
      (await saveNote(t, admin, outside, form, { answers: fullAnswers(form) })).statusCode,
    ).toBe(200);
    const refused = [
      await send(t, 'GET', notePath(outside, form.id), { cookie: STAFF }),
      await saveNote(t, STAFF!, outside, form, { answers: [], version: 1 }),
      await signNote(t, STAFF!, outside, form.id),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([403, 403, 403]);
    expect(refused[0]!.json().message).toBe(NO_CARE_RELATION_MESSAGE);
    const untouched = await t.db.db
      .selectFrom('journal_notes')
      .select(['status', 'version'])
      .where('user_id', '=', outside)
      .where('form_id', '=', form.id)
      .execute();
    expect(untouched).toHaveLength(1);
    expect(untouched[0]).toMatchObject({ status: 'UNSIGNED', version: 1 });
  });

  it('the first save creates the unsigned note; later saves carry its version; a stale one is 409', async () => {
    const { ADMIN, STAFF } = await journalCookies(t);
    const form = await journalForm(t, STAFF!);
    const k = t.users.klient.id;
    const none = await send(t, 'GET', notePath(k, form.id), { cookie: ADMIN });
    expect(none.json()).toEqual({ note: null });

    const first = await saveNote(t, ADMIN!, k, form, {
      answers: [{ questionId: qid(form, 'Energinivå'), value: 4 }],
    });
    expect(first.statusCode, first.body).toBe(200);
    const note = first.json<JournalNote>();
    expect(note).toMatchObject({
      clientId: k,
      formId: form.id,
      formTitle: 'Hälsosamtal',
      version: 1,
      status: 'UNSIGNED',
      signedBy: null,
      signedAt: null,
      contentHash: null,
      correctsNoteId: null,
    });
    const second = await saveNote(t, ADMIN!, k, form, { answers: fullAnswers(form), version: 1 });
    expect(second.json<JournalNote>()).toMatchObject({ id: note.id, version: 2 });
    expect(second.json<JournalNote>().answers).toEqual(fullAnswers(form));

    // A second tab that still has version 1, or a "first" save when a note exists: 409.
    for (const version of [1, undefined]) {
      const stale = await saveNote(t, ADMIN!, k, form, { answers: [], version });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toBe(NOTE_VERSION_CONFLICT);
    }
    const got = (await send(t, 'GET', notePath(k, form.id), { cookie: ADMIN })).json<{
      note: JournalNote;
    }>();
    expect(got.note).toEqual(second.json<JournalNote>());
    // Every save by staff is in the activity log, with the client as subject.
    expect(await noteRows('JOURNAL_NOTE_SAVED', note.id)).toEqual([
      { actor_user_id: t.users.admin.id, subject_user_id: k },
      { actor_user_id: t.users.admin.id, subject_user_id: k },
    ]);
  });

  it('an answer that does not fit, an unknown question or a draft form is refused in Swedish and changes nothing', async () => {
    const { ADMIN, STAFF } = await journalCookies(t);
    const form = await journalForm(t, STAFF!);
    const draft = await journalForm(t, STAFF!, { draft: true, title: 'Utkastet' });
    const k = t.users.klient.id;
    const saved = await saveNote(t, ADMIN!, k, form, { answers: fullAnswers(form) });
    const before = saved.json<JournalNote>();
    const bad: [JournalAnswer[], number, string][] = [
      [[{ questionId: qid(form, 'Energinivå'), value: 11 }], 400, NOTE_ANSWER_MISFIT],
      [[{ questionId: qid(form, 'Sover du bra?'), value: 'ja' }], 400, NOTE_ANSWER_MISFIT],
      [[{ questionId: qid(form, 'Måltider'), value: ['Fika'] }], 400, NOTE_ANSWER_MISFIT],
      [[{ questionId: qid(form, 'Provdatum'), value: '12/3 2026' }], 400, NOTE_ANSWER_MISFIT],
      [[{ questionId: qid(draft, 'Vikt'), value: 70 }], 400, NOTE_UNKNOWN_QUESTION],
    ];
    for (const [answers, status, message] of bad) {
      const res = await saveNote(t, ADMIN!, k, form, { answers, version: before.version });
      expect(res.statusCode, JSON.stringify(answers)).toBe(status);
      expect(res.json().message).toBe(message);
    }
    const onDraft = await saveNote(t, ADMIN!, k, draft, { answers: [] });
    expect(onDraft.statusCode).toBe(409);
    expect(onDraft.json().message).toBe(NOTE_DRAFT_FORM);
    const after = (await send(t, 'GET', notePath(k, form.id), { cookie: ADMIN })).json<{
      note: JournalNote;
    }>();
    expect(after.note).toEqual(before);
    expect((await send(t, 'GET', notePath(k, draft.id), { cookie: ADMIN })).json()).toEqual({
      note: null,
    });
    // Not a client (staff id, unknown id): 404, nothing written.
    for (const id of [t.users.staff.id, 999_999]) {
      const res = await saveNote(t, ADMIN!, id, form, { answers: [] });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Klienten hittades inte.');
    }
  });

  it('a USER reads only her own SIGNED notes, newest first, whatever ids she sends', async () => {
    const { ADMIN, STAFF } = await journalCookies(t);
    const formA = await journalForm(t, STAFF!, { title: 'Första samtalet' });
    const formB = await journalForm(t, STAFF!, { title: 'Andra samtalet' });
    const formC = await journalForm(t, STAFF!, { title: 'Påbörjat samtal' });
    // A fresh pair of clients, so earlier tests' notes do not count.
    const now = t.clock.now();
    const mk = (email: string, first: string) =>
      insertUser(t.db, { email, role: 'USER', first, last: 'Läsare', at: now });
    const me = t.users.klient;
    const other = await mk('annan@example.com', 'Annan');
    // Hers: A signed, then B signed a minute later, C unsigned. The other client: A signed.
    for (const [user, form] of [
      [me.id, formA],
      [other.id, formA],
    ] as const) {
      await saveNote(t, ADMIN!, user, form, { answers: fullAnswers(form) });
      expect((await signNote(t, ADMIN!, user, form.id)).statusCode).toBe(200);
    }
    t.clock.advance(60 * 1000);
    const savedB = await saveNote(t, ADMIN!, me.id, formB, { answers: fullAnswers(formB) });
    expect(savedB.statusCode, savedB.body).toBe(200);
    const signedB = await signNote(t, ADMIN!, me.id, formB.id);
    expect(signedB.statusCode, signedB.body).toBe(200);
    await saveNote(t, ADMIN!, me.id, formC, { answers: fullAnswers(formC) });

    const USER = await login(t, me.email);
    for (const url of [
      '/api/v1/user/journal/daily-notes',
      `/api/v1/user/journal/daily-notes?userId=${other.id}`,
      `/api/v1/user/journal/daily-notes?id=${other.id}&clientId=${other.id}`,
    ]) {
      const res = await send(t, 'GET', url, { cookie: USER });
      expect(res.statusCode).toBe(200);
      const notes = res.json<DailyNote[]>();
      const mine = notes.filter((n) =>
        ['Första samtalet', 'Andra samtalet', 'Påbörjat samtal'].includes(n.title),
      );
      expect(mine.map((n) => n.title)).toEqual(['Andra samtalet', 'Första samtalet']);
      expect(notes.every((n) => n.signed && n.signedAt !== null)).toBe(true);
      // Nothing of the other client's, nothing unsigned.
      const ids = new Set(notes.map((n) => n.id));
      const foreign = await t.db.db
        .selectFrom('journal_notes')
        .select('id')
        .where((eb) => eb.or([eb('user_id', '<>', me.id), eb('status', '=', 'UNSIGNED')]))
        .execute();
      expect(foreign.length).toBeGreaterThan(0);
      expect(foreign.some((f) => ids.has(f.id))).toBe(false);
    }
    const [latest] = (
      await send(t, 'GET', '/api/v1/user/journal/daily-notes', { cookie: USER })
    ).json<DailyNote[]>();
    expect(latest).toMatchObject({
      title: 'Andra samtalet',
      formId: formB.id,
      signed: true,
      signedByName: 'Anna Admin',
      authorName: 'Anna Admin',
      correctsNoteId: null,
    });
    expect(latest!.sections).toEqual([
      {
        title: 'Mående',
        items: [
          { question: 'Hur mår du?', answer: 'Bättre sömn sedan kvällsrutinerna.' },
          { question: 'Sover du bra?', answer: 'Ja' },
          { question: 'Energinivå', answer: '7 av 10' },
        ],
      },
      {
        title: 'Mätningar',
        items: [
          { question: 'Vikt', answer: '72,5 kg' },
          { question: 'Provdatum', answer: '12 mars 2026' },
          { question: 'Måltider', answer: 'Frukost, Middag' },
          { question: 'Övrigt', answer: 'Ej besvarad' },
        ],
      },
    ]);
    // The staff routes with her own or the other client's ids: 403 for a USER.
    for (const [method, url] of [
      ['GET', `/api/v1/admin/users/${other.id}/journal`],
      ['GET', `/api/v1/admin/users/${me.id}/journal`],
      ['GET', notePath(me.id, formC.id)],
      ['GET', `/api/v1/admin/users/${other.id}/journal/daily-notes/latest-signed`],
    ] as const) {
      expect((await send(t, 'GET', url, { cookie: USER })).statusCode, `${method} ${url}`).toBe(
        403,
      );
    }

    // Staff see all of her notes, newest first; the entries are the signed ones.
    const journal = (
      await send(t, 'GET', `/api/v1/admin/users/${me.id}/journal`, { cookie: STAFF })
    ).json<ClientJournal>();
    const titles = journal.dailyNotes
      .filter((n) => ['Första samtalet', 'Andra samtalet', 'Påbörjat samtal'].includes(n.title))
      .map((n) => [n.title, n.signed]);
    expect(titles).toEqual([
      ['Påbörjat samtal', false],
      ['Andra samtalet', true],
      ['Första samtalet', true],
    ]);
    expect(journal.entries.every((e) => e.signedByName === 'Anna Admin')).toBe(true);
    expect(journal.entries.map((e) => e.title).slice(0, 2)).toEqual([
      'Andra samtalet',
      'Första samtalet',
    ]);
  });

  it('a free-text note from before forms reads as a "Daglig anteckning" with its text', async () => {
    const now = t.clock.now();
    const row = await insertSignedNote(
      t.db.db,
      {
        user_id: t.users.klient.id,
        author_id: t.users.staff.id,
        form_id: null,
        kind: 'DAILY_NOTE',
        content: 'Sov 7 timmar, promenad 30 minuter.',
        created_at: now,
      },
      { signedBy: t.users.staff.id, signedAt: now },
    );
    const USER = await login(t, 'klient@example.com');
    const notes = (await send(t, 'GET', '/api/v1/user/journal/daily-notes', { cookie: USER })).json<
      DailyNote[]
    >();
    expect(notes.find((n) => n.id === row.id)).toMatchObject({
      title: 'Daglig anteckning',
      content: 'Sov 7 timmar, promenad 30 minuter.',
      formId: null,
      signedByName: 'Sven Personal',
      sections: [],
    });
  });

  it('a correction is a new note that points at the signed note it corrects; both stay', async () => {
    const { ADMIN, STAFF } = await journalCookies(t);
    const form = await journalForm(t, STAFF!, { title: 'Rättelseformulär' });
    const k = t.users.klient.id;
    await saveNote(t, ADMIN!, k, form, { answers: fullAnswers(form) });
    const original = (await signNote(t, ADMIN!, k, form.id)).json<JournalNote>();

    // Pointing at another client's signed note, or at an unsigned one, is 400 and saves nothing.
    const k2 = t.users.klient2.id;
    await saveNote(t, ADMIN!, k2, form, { answers: fullAnswers(form) });
    const theirs = (await signNote(t, ADMIN!, k2, form.id)).json<JournalNote>();
    const other = await journalForm(t, STAFF!, { title: 'Osignerat' });
    const unsigned = (
      await saveNote(t, ADMIN!, k, other, { answers: fullAnswers(other) })
    ).json<JournalNote>();
    for (const id of [theirs.id, unsigned.id, 999_999]) {
      const wrong = await saveNote(t, ADMIN!, k, form, { answers: [], correctsNoteId: id });
      expect(wrong.statusCode, String(id)).toBe(400);
      expect(wrong.json().message).toBe('Anteckningen som ska rättas hittades inte.');
    }
    expect((await send(t, 'GET', notePath(k, form.id), { cookie: ADMIN })).json()).toEqual({
      note: null,
    });

    const fixed = fullAnswers(form).map((a) =>
      a.questionId === qid(form, 'Vikt') ? { ...a, value: 75 } : a,
    );
    const corr = await saveNote(t, ADMIN!, k, form, {
      answers: fixed,
      correctsNoteId: original.id,
    });
    expect(corr.statusCode, corr.body).toBe(200);
    expect(corr.json<JournalNote>().correctsNoteId).toBe(original.id);
    const signed = (await signNote(t, ADMIN!, k, form.id)).json<JournalNote>();
    expect(signed.correctsNoteId).toBe(original.id);
    const USER = await login(t, 'klient@example.com');
    const notes = (await send(t, 'GET', '/api/v1/user/journal/daily-notes', { cookie: USER }))
      .json<DailyNote[]>()
      .filter((n) => n.title === 'Rättelseformulär');
    expect(notes.map((n) => [n.id, n.correctsNoteId])).toEqual([
      [signed.id, original.id],
      [original.id, null],
    ]);
    expect(notes[0]!.sections[1]!.items[0]).toEqual({ question: 'Vikt', answer: '75 kg' });
  });

  it('journal settings: STAFF reads, ADMIN saves with the version; bad input is 400/409 in Swedish and changes nothing', async () => {
    const { ADMIN, STAFF } = await journalCookies(t);
    const published = await journalForm(t, STAFF!, { title: 'Standard' });
    const draft = await journalForm(t, STAFF!, { title: 'Inte klar', draft: true });
    const url = '/api/v1/admin/journal/settings';
    const current = (await send(t, 'GET', url, { cookie: STAFF })).json<JournalSettings>();
    const body = {
      clinicName: '  Kliniken Hälsa  ',
      signatureLine: 'Med vänliga hälsningar, Kliniken Hälsa',
      defaultFormId: published.id,
      version: current.version,
    };
    const bad: [unknown, number, string][] = [
      [{ ...body, clinicName: '   ' }, 400, 'Klinikens namn är obligatoriskt.'],
      [{ ...body, clinicName: 'x'.repeat(101) }, 400, 'Klinikens namn får vara högst 100 tecken.'],
      [
        { ...body, signatureLine: 'x'.repeat(201) },
        400,
        'Signaturraden får vara högst 200 tecken.',
      ],
      // The name goes into the mail's subject header (issue 22).
      [
        { ...body, clinicName: 'Kliniken\r\nBcc: alla@example.com' },
        400,
        'Klinikens namn får inte innehålla radbrytningar eller styrtecken.',
      ],
      [
        { ...body, signatureLine: 'Hälsningar\u0000' },
        400,
        'Signaturraden får inte innehålla radbrytningar eller styrtecken.',
      ],
      [{ ...body, defaultFormId: draft.id }, 400, JOURNAL_SETTINGS_DEFAULT_FORM],
      [{ ...body, defaultFormId: 999_999 }, 400, JOURNAL_SETTINGS_DEFAULT_FORM],
      [{ ...body, version: current.version + 5 }, 409, JOURNAL_SETTINGS_VERSION_CONFLICT],
    ];
    for (const [payload, status, message] of bad) {
      const res = await send(t, 'PUT', url, { cookie: ADMIN, body: payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(status);
      expect(res.json().message).toBe(message);
    }
    expect((await send(t, 'GET', url, { cookie: STAFF })).json()).toEqual(current);
    const ok = await send(t, 'PUT', url, { cookie: ADMIN, body });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({
      clinicName: 'Kliniken Hälsa',
      signatureLine: 'Med vänliga hälsningar, Kliniken Hälsa',
      defaultFormId: published.id,
      version: current.version + 1,
    });
    // The mail on signing names the clinic from the settings.
    const k = t.users.klient2.id;
    await saveNote(t, ADMIN!, k, published, { answers: fullAnswers(published) });
    // Past the 15 minutes since her last journal-note mail (design §4.16), so this one goes at once.
    t.clock.advance(16 * 60_000);
    expect((await signNote(t, ADMIN!, k, published.id)).statusCode).toBe(200);
    const mail = (await journalMails(t, t.users.klient2.email)).at(-1)!;
    expect(mail.subject).toBe('Ny journalanteckning från Kliniken Hälsa');
    expect(mail.text).toContain('Med vänliga hälsningar, Kliniken Hälsa');
  });
});
