// Journal forms on the server (spec §3 Form, §7 Forms; design.md §4.10): the role matrix of
// every route (delete and publish are ADMIN's, issue 22), a new form's blank section, saves with
// a version check, a published form that refuses changes in Swedish, duplicate copying sections
// and questions, paging and search, and what deleting a form that notes use does.
import {
  FORM_IN_USE_BY_DRAFTS,
  FORM_PUBLISHED_READ_ONLY,
  FORM_VERSION_CONFLICT,
  type Form,
  type FormSummary,
  type FormSummaryPage,
  type UpdateFormRequest,
} from '@halsa/api/contract';
import { expect, it } from 'vitest';
import { describeDb, login, send, type TestApp, useTestApp } from './helpers.ts';
import { insertSignedNote } from './journal-helpers.ts';

type Who = 'anonymous' | 'USER' | 'STAFF' | 'ADMIN';
const WHO: Who[] = ['anonymous', 'USER', 'STAFF', 'ADMIN'];

async function cookies(t: TestApp): Promise<Record<Who, string | undefined>> {
  return {
    anonymous: undefined,
    USER: await login(t, 'klient@example.com'),
    STAFF: await login(t, 'staff@example.com'),
    ADMIN: await login(t, 'admin@example.com'),
  };
}

const create = async (t: TestApp, cookie: string): Promise<Form> => {
  const res = await send(t, 'POST', '/api/v1/admin/forms', { cookie, body: {} });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Form>();
};

/** A body that keeps the form as it is, with its title and sections. */
const bodyOf = (form: Form): UpdateFormRequest => ({
  title: form.title,
  version: form.version,
  sections: form.sections.map((s) => ({
    id: s.id,
    title: s.title,
    instruction: s.instruction,
    sortOrder: s.sortOrder,
    questions: s.questions.map((q) => ({ ...q })),
  })),
});

const put = (t: TestApp, cookie: string, id: number, body: UpdateFormRequest) =>
  send(t, 'PUT', `/api/v1/admin/forms/${id}`, { cookie, body });

/** A draft with two sections and three question types, as an editor would save it. */
async function buildForm(t: TestApp, cookie: string, title = 'Hälsosamtal'): Promise<Form> {
  const form = await create(t, cookie);
  const [first] = form.sections;
  const res = await put(t, cookie, form.id, {
    title,
    version: form.version,
    sections: [
      {
        id: first!.id,
        title: 'Mående',
        instruction: 'Fråga om de senaste två veckorna.',
        sortOrder: 1,
        questions: [
          { text: 'Hur mår du?', type: 'LONG_TEXT', required: true, options: {}, sortOrder: 1 },
          { text: 'Energinivå', type: 'SCALE', required: false, options: {}, sortOrder: 2 },
        ],
      },
      {
        title: 'Kost',
        instruction: '',
        sortOrder: 2,
        questions: [
          {
            text: 'Vilka måltider äter du?',
            type: 'MULTIPLE_CHOICE',
            required: false,
            options: { choices: ['Frukost', 'Lunch', 'Middag'] },
            sortOrder: 1,
          },
        ],
      },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Form>();
}

describeDb('journal forms routes', () => {
  const t = useTestApp();

  it('role matrix: anonymous 401, USER 403, STAFF every forms route but delete and publish, ADMIN all', async () => {
    const c = await cookies(t);
    for (const who of WHO) {
      // Each caller works on her own form, so a delete or publish does not disturb the next.
      const form = await buildForm(t, c.ADMIN!);
      const [s1, s2] = form.sections;
      const q = s1!.questions[1]!;
      const routes: [string, string, unknown?][] = [
        ['GET', '/api/v1/admin/forms/getSummaries'],
        ['GET', '/api/v1/admin/forms/getSummaries?page=1&size=5&q=h'],
        ['POST', '/api/v1/admin/forms', {}],
        ['GET', `/api/v1/admin/forms/${form.id}`],
        ['PUT', `/api/v1/admin/forms/${form.id}`, { ...bodyOf(form), title: 'Ändrad' }],
        ['DELETE', `/api/v1/admin/forms/${form.id}/sections/${s1!.id}/questions/${q.id}`],
        ['DELETE', `/api/v1/admin/forms/${form.id}/sections/${s2!.id}`],
        ['POST', `/api/v1/admin/forms/${form.id}/duplicate`],
        ['PUT', `/api/v1/admin/forms/${form.id}/publish`],
        ['DELETE', `/api/v1/admin/forms/${form.id}`],
      ];
      // Spec §6: forms are ADMIN's; deleting or publishing one reaches every client's journal.
      const adminOnly = new Set([
        `PUT /api/v1/admin/forms/${form.id}/publish`,
        `DELETE /api/v1/admin/forms/${form.id}`,
      ]);
      for (const [method, url, body] of routes) {
        // The PUT's version moved with the question and section deletes: read it fresh.
        let payload = body;
        if (method === 'PUT' && url === `/api/v1/admin/forms/${form.id}`) {
          const now = await send(t, 'GET', url, { cookie: c.ADMIN });
          payload = { ...bodyOf(now.json<Form>()), title: 'Ändrad' };
        }
        const res = await send(t, method as 'GET', url, { cookie: c[who], body: payload });
        const where = `${who} ${method} ${url}: ${res.statusCode} ${res.body.slice(0, 160)}`;
        if (who === 'anonymous') expect(res.statusCode, where).toBe(401);
        else if (who === 'USER') expect(res.statusCode, where).toBe(403);
        else if (who === 'STAFF' && adminOnly.has(`${method} ${url}`))
          expect(res.statusCode, where).toBe(403);
        else expect(res.statusCode, where).toBeLessThan(300);
      }
    }
  });

  it('a new form is a draft with one blank section, sortOrder 1', async () => {
    const { STAFF } = await cookies(t);
    const form = await create(t, STAFF!);
    expect(form).toMatchObject({ title: 'Nytt formulär', drafted: true, version: 1 });
    expect(form.sections).toEqual([
      { id: expect.any(Number), title: '', instruction: '', sortOrder: 1, questions: [] },
    ]);
  });

  it('a save keeps sections and questions in order and grows the version; a stale one is 409', async () => {
    const { STAFF } = await cookies(t);
    const form = await buildForm(t, STAFF!);
    expect(form.version).toBe(2);
    expect(form.sections.map((s) => s.title)).toEqual(['Mående', 'Kost']);
    expect(form.sections[0]!.questions.map((q) => q.type)).toEqual(['LONG_TEXT', 'SCALE']);
    expect(form.sections[1]!.questions[0]!.options).toEqual({
      choices: ['Frukost', 'Lunch', 'Middag'],
    });
    // Reorder: the two questions swap places, and the sections too.
    const body = bodyOf(form);
    body.sections[0]!.sortOrder = 2;
    body.sections[1]!.sortOrder = 1;
    body.sections[0]!.questions[0]!.sortOrder = 2;
    body.sections[0]!.questions[1]!.sortOrder = 1;
    const saved = await put(t, STAFF!, form.id, body);
    expect(saved.statusCode, saved.body).toBe(200);
    const again = (
      await send(t, 'GET', `/api/v1/admin/forms/${form.id}`, { cookie: STAFF })
    ).json<Form>();
    expect(again.version).toBe(3);
    // The answer of a save is the form as a fresh read gives it.
    expect(saved.json<Form>()).toEqual(again);
    expect(again.sections.map((s) => s.title)).toEqual(['Kost', 'Mående']);
    expect(again.sections[1]!.questions.map((q) => q.text)).toEqual(['Energinivå', 'Hur mår du?']);

    const stale = await put(t, STAFF!, form.id, { ...body, title: 'Gammal' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(FORM_VERSION_CONFLICT);
    const after = (
      await send(t, 'GET', `/api/v1/admin/forms/${form.id}`, { cookie: STAFF })
    ).json<Form>();
    expect(after.title).toBe('Hälsosamtal');
  });

  it('a question moved to another section is saved there, and the answer matches a fresh read', async () => {
    const { STAFF } = await cookies(t);
    const form = await buildForm(t, STAFF!);
    const body = bodyOf(form);
    const moved = body.sections[1]!.questions.pop()!;
    body.sections[0]!.questions.push({ ...moved, sortOrder: 0 });
    body.sections[1]!.title = 'Kost och dryck';
    const res = await put(t, STAFF!, form.id, body);
    expect(res.statusCode, res.body).toBe(200);
    const fresh = (
      await send(t, 'GET', `/api/v1/admin/forms/${form.id}`, { cookie: STAFF })
    ).json<Form>();
    expect(res.json<Form>()).toEqual(fresh);
    expect(fresh.sections[0]!.questions.map((q) => q.text)).toEqual([
      'Vilka måltider äter du?',
      'Hur mår du?',
      'Energinivå',
    ]);
    expect(fresh.sections[1]).toMatchObject({ title: 'Kost och dryck', questions: [] });
  });

  it('sections left out of a save are kept, and a question sent twice is 400', async () => {
    const { STAFF } = await cookies(t);
    const form = await buildForm(t, STAFF!);
    const body = bodyOf(form);
    body.sections = [{ ...body.sections[1]!, title: 'Bara kost' }];
    const res = await put(t, STAFF!, form.id, body);
    expect(res.statusCode, res.body).toBe(200);
    const fresh = (
      await send(t, 'GET', `/api/v1/admin/forms/${form.id}`, { cookie: STAFF })
    ).json<Form>();
    expect(res.json<Form>()).toEqual(fresh);
    expect(fresh.sections.map((x) => x.title)).toEqual(['Mående', 'Bara kost']);

    const twice = bodyOf(fresh);
    twice.sections[1]!.questions.push({ ...twice.sections[0]!.questions[0]! });
    const bad = await put(t, STAFF!, form.id, twice);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(
      'En fråga hör inte till formuläret. Ladda om sidan och försök igen.',
    );
    expect(
      (await send(t, 'GET', `/api/v1/admin/forms/${form.id}`, { cookie: STAFF })).json(),
    ).toEqual(fresh);
  });

  it('an id of another form, or a choice question without choices, is 400 and changes nothing', async () => {
    const { STAFF } = await cookies(t);
    const mine = await buildForm(t, STAFF!);
    const other = await buildForm(t, STAFF!);
    const body = bodyOf(mine);
    body.title = 'Kapad';
    body.sections[0]!.id = other.sections[0]!.id;
    const res = await put(t, STAFF!, mine.id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'En sektion hör inte till formuläret. Ladda om sidan och försök igen.',
    );
    const body2 = bodyOf(mine);
    body2.sections[1]!.questions[0]!.options = { choices: ['Bara en'] };
    const res2 = await put(t, STAFF!, mine.id, body2);
    expect(res2.statusCode).toBe(400);
    expect(res2.json().message).toBe('En valfråga behöver minst två svarsalternativ.');
    const [a, b] = await Promise.all(
      [mine.id, other.id].map(async (id) =>
        (await send(t, 'GET', `/api/v1/admin/forms/${id}`, { cookie: STAFF })).json<Form>(),
      ),
    );
    expect(a).toEqual(mine);
    expect(b).toEqual(other);
  });

  it('publish makes a form read-only: PUT, delete section and delete question answer 409 in Swedish', async () => {
    const { STAFF, ADMIN } = await cookies(t);
    const form = await buildForm(t, STAFF!);
    const pub = await send(t, 'PUT', `/api/v1/admin/forms/${form.id}/publish`, { cookie: ADMIN });
    expect(pub.statusCode).toBe(200);
    expect(pub.json<Form>().drafted).toBe(false);
    const s = form.sections[0]!;
    for (const [method, url, body] of [
      ['PUT', `/api/v1/admin/forms/${form.id}`, { ...bodyOf(pub.json<Form>()), title: 'Ny' }],
      ['DELETE', `/api/v1/admin/forms/${form.id}/sections/${s.id}`, undefined],
      [
        'DELETE',
        `/api/v1/admin/forms/${form.id}/sections/${s.id}/questions/${s.questions[0]!.id}`,
        undefined,
      ],
    ] as const) {
      const res = await send(t, method, url, { cookie: STAFF, body });
      expect(res.statusCode, `${method} ${url}`).toBe(409);
      expect(res.json().message).toBe(FORM_PUBLISHED_READ_ONLY);
    }
    const after = (
      await send(t, 'GET', `/api/v1/admin/forms/${form.id}`, { cookie: STAFF })
    ).json<Form>();
    expect(after.title).toBe('Hälsosamtal');
    expect(after.sections).toEqual(form.sections);
  });

  it('duplicate copies every section and question into a new draft "Kopia av …"', async () => {
    const { STAFF, ADMIN } = await cookies(t);
    const form = await buildForm(t, STAFF!);
    await send(t, 'PUT', `/api/v1/admin/forms/${form.id}/publish`, { cookie: ADMIN });
    const res = await send(t, 'POST', `/api/v1/admin/forms/${form.id}/duplicate`, {
      cookie: STAFF,
    });
    expect(res.statusCode).toBe(201);
    const copy = res.json<Form>();
    expect(copy.id).not.toBe(form.id);
    expect(copy).toMatchObject({ title: 'Kopia av Hälsosamtal', drafted: true, version: 1 });
    const strip = (f: Form) =>
      f.sections.map(({ id: _s, questions, ...s }) => ({
        ...s,
        questions: questions.map(({ id: _q, ...q }) => q),
      }));
    expect(strip(copy)).toEqual(strip(form));
    const ids = (f: Form) => f.sections.flatMap((s) => [s.id, ...s.questions.map((q) => q.id)]);
    expect(ids(copy).some((id) => ids(form).includes(id))).toBe(false);
    // The copy can be changed; the original stays published.
    const edit = await put(t, STAFF!, copy.id, { ...bodyOf(copy), title: 'Hälsosamtal 2' });
    expect(edit.statusCode).toBe(200);
  });

  it('deleting a section or a question of another form is 404 and deletes nothing', async () => {
    const { STAFF } = await cookies(t);
    const mine = await buildForm(t, STAFF!);
    const other = await buildForm(t, STAFF!);
    const os = other.sections[0]!;
    for (const url of [
      `/api/v1/admin/forms/${mine.id}/sections/${os.id}`,
      `/api/v1/admin/forms/${mine.id}/sections/${os.id}/questions/${os.questions[0]!.id}`,
      `/api/v1/admin/forms/${mine.id}/sections/${mine.sections[0]!.id}/questions/${os.questions[0]!.id}`,
    ]) {
      const res = await send(t, 'DELETE', url, { cookie: STAFF });
      expect(res.statusCode, url).toBe(404);
    }
    const after = (
      await send(t, 'GET', `/api/v1/admin/forms/${other.id}`, { cookie: STAFF })
    ).json<Form>();
    expect(after).toEqual(other);
    const del = await send(
      t,
      'DELETE',
      `/api/v1/admin/forms/${mine.id}/sections/${mine.sections[0]!.id}/questions/${mine.sections[0]!.questions[0]!.id}`,
      { cookie: STAFF },
    );
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ version: mine.version + 1 });
    const now = (
      await send(t, 'GET', `/api/v1/admin/forms/${mine.id}`, { cookie: STAFF })
    ).json<Form>();
    expect(now.sections[0]!.questions.map((q) => q.text)).toEqual(['Energinivå']);
    expect(now.version).toBe(mine.version + 1);
  });

  it('a delete with a stale version is a 409 and removes nothing; with the current one it answers the next', async () => {
    const { STAFF, ADMIN } = await cookies(t);
    const form = await buildForm(t, STAFF!);
    const section = form.sections[0]!;
    const question = section.questions[0]!;
    // Someone else saves: the version the first editor saw is now stale.
    const other = await send(t, 'PUT', `/api/v1/admin/forms/${form.id}`, {
      cookie: ADMIN,
      body: { ...bodyOf(form), title: 'Ändrad av någon annan' },
    });
    expect(other.statusCode).toBe(200);
    const base = `/api/v1/admin/forms/${form.id}/sections/${section.id}`;
    for (const url of [`${base}/questions/${question.id}`, base]) {
      const stale = await send(t, 'DELETE', `${url}?version=${form.version}`, { cookie: STAFF });
      expect(stale.statusCode, url).toBe(409);
      expect(stale.json<{ message: string }>().message).toBe(FORM_VERSION_CONFLICT);
    }
    const unchanged = (
      await send(t, 'GET', `/api/v1/admin/forms/${form.id}`, { cookie: STAFF })
    ).json<Form>();
    expect(unchanged.version).toBe(form.version + 1);
    expect(unchanged.sections[0]!.questions.map((q) => q.id)).toContain(question.id);
    const fresh = await send(
      t,
      'DELETE',
      `${base}/questions/${question.id}?version=${unchanged.version}`,
      {
        cookie: STAFF,
      },
    );
    expect(fresh.json()).toEqual({ version: unchanged.version + 1 });
    const bad = await send(t, 'DELETE', `${base}?version=x`, { cookie: STAFF });
    expect(bad.statusCode).toBe(400);
  });

  it('summaries: the bare list and a page, searched on the title, drafts marked', async () => {
    const { STAFF, ADMIN } = await cookies(t);
    const a = await buildForm(t, STAFF!, 'Sömnformulär Zeta');
    await buildForm(t, STAFF!, 'Sömnformulär Alfa');
    await send(t, 'PUT', `/api/v1/admin/forms/${a.id}/publish`, { cookie: ADMIN });
    const bare = await send(t, 'GET', '/api/v1/admin/forms/getSummaries?q=sömnformulär', {
      cookie: STAFF,
    });
    const list = bare.json<FormSummary[]>();
    expect(list.map((f) => [f.title, f.drafted])).toEqual([
      ['Sömnformulär Alfa', true],
      ['Sömnformulär Zeta', false],
    ]);
    const page = await send(t, 'GET', '/api/v1/admin/forms/getSummaries?page=2&size=1&q=SÖMN', {
      cookie: STAFF,
    });
    expect(page.json<FormSummaryPage>()).toEqual({
      items: [{ id: a.id, title: 'Sömnformulär Zeta', drafted: false, purpose: 'JOURNAL' }],
      total: 2,
      page: 2,
      size: 1,
    });
  });

  it('a form that is not there is 404 in Swedish', async () => {
    const { ADMIN } = await cookies(t);
    for (const [method, url] of [
      ['GET', '/api/v1/admin/forms/999999'],
      ['PUT', '/api/v1/admin/forms/99999999999/publish'],
      ['DELETE', '/api/v1/admin/forms/999999'],
      ['POST', '/api/v1/admin/forms/999999/duplicate'],
    ] as const) {
      const res = await send(t, method, url, { cookie: ADMIN });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe('Formuläret hittades inte.');
    }
  });

  it('deleting a form no note uses removes it; one that a signed note uses is hidden and the note keeps it', async () => {
    const { STAFF, ADMIN } = await cookies(t);
    const unused = await buildForm(t, STAFF!);
    expect(
      (await send(t, 'DELETE', `/api/v1/admin/forms/${unused.id}`, { cookie: ADMIN })).statusCode,
    ).toBe(204);
    expect(
      await t.db.db.selectFrom('forms').select('id').where('id', '=', unused.id).executeTakeFirst(),
    ).toBeUndefined();

    const used = await buildForm(t, STAFF!, 'Används');
    await send(t, 'PUT', `/api/v1/admin/forms/${used.id}/publish`, { cookie: ADMIN });
    const now = new Date();
    await insertSignedNote(
      t.db.db,
      {
        user_id: t.users.klient.id,
        author_id: t.users.admin.id,
        form_id: used.id,
        form_title: 'Används',
        content: 'Används\nSignerad',
        created_at: now,
      },
      { signedBy: t.users.admin.id, signedAt: now },
    );
    const del = await send(t, 'DELETE', `/api/v1/admin/forms/${used.id}`, { cookie: ADMIN });
    expect(del.statusCode, del.body).toBe(204);
    expect(
      (await send(t, 'GET', `/api/v1/admin/forms/${used.id}`, { cookie: STAFF })).statusCode,
    ).toBe(404);
    const list = (await send(t, 'GET', '/api/v1/admin/forms/getSummaries', { cookie: STAFF })).json<
      FormSummary[]
    >();
    expect(list.some((f) => f.id === used.id)).toBe(false);
    const note = await t.db.db
      .selectFrom('journal_notes')
      .select(['form_id', 'form_title'])
      .where('form_id', '=', used.id)
      .executeTakeFirstOrThrow();
    expect(note).toEqual({ form_id: used.id, form_title: 'Används' });
  });

  it('STAFF may neither delete nor publish a form (403), and the form is left as it was', async () => {
    const { STAFF } = await cookies(t);
    const form = await buildForm(t, STAFF!);
    const pub = await send(t, 'PUT', `/api/v1/admin/forms/${form.id}/publish`, { cookie: STAFF });
    expect(pub.statusCode, pub.body).toBe(403);
    const del = await send(t, 'DELETE', `/api/v1/admin/forms/${form.id}`, { cookie: STAFF });
    expect(del.statusCode, del.body).toBe(403);
    const after = await send(t, 'GET', `/api/v1/admin/forms/${form.id}`, { cookie: STAFF });
    expect(after.statusCode).toBe(200);
    expect(after.json<Form>()).toMatchObject({ drafted: true, version: form.version });
  });

  it("a form that a client's unsigned note uses is not deleted: 409 in Swedish, the draft kept", async () => {
    const { STAFF, ADMIN } = await cookies(t);
    const form = await buildForm(t, STAFF!, 'Pågående');
    await send(t, 'PUT', `/api/v1/admin/forms/${form.id}/publish`, { cookie: ADMIN });
    const draft = await t.db.db
      .insertInto('journal_notes')
      .values({
        user_id: t.users.klient.id,
        author_id: t.users.admin.id,
        form_id: form.id,
        form_title: 'Pågående',
        content: '',
        status: 'UNSIGNED',
        created_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const before = await t.db.db
      .selectFrom('activity_log')
      .select('id')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const del = await send(t, 'DELETE', `/api/v1/admin/forms/${form.id}`, { cookie: ADMIN });
    expect(del.statusCode, del.body).toBe(409);
    expect(del.json().message).toBe(FORM_IN_USE_BY_DRAFTS);
    // Nothing was deleted or hidden: the draft keeps its form, the form is still listed.
    expect(
      await t.db.db
        .selectFrom('journal_notes')
        .select(['form_id', 'status'])
        .where('id', '=', draft.id)
        .executeTakeFirst(),
    ).toEqual({ form_id: form.id, status: 'UNSIGNED' });
    expect(
      (await send(t, 'GET', `/api/v1/admin/forms/${form.id}`, { cookie: ADMIN })).statusCode,
    ).toBe(200);
    const logged = await t.db.db
      .selectFrom('activity_log')
      .select('id')
      .where('id', '>', before?.id ?? 0)
      .where('action', '=', 'FORM_DELETED')
      .execute();
    expect(logged).toEqual([]);
  });

  it('creating, publishing, duplicating and deleting are in the activity log; autosaves are not', async () => {
    const { STAFF, ADMIN } = await cookies(t);
    const before = await t.db.db
      .selectFrom('activity_log')
      .select('id')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const form = await buildForm(t, STAFF!);
    await send(t, 'PUT', `/api/v1/admin/forms/${form.id}/publish`, { cookie: ADMIN });
    await send(t, 'POST', `/api/v1/admin/forms/${form.id}/duplicate`, { cookie: STAFF });
    await send(t, 'DELETE', `/api/v1/admin/forms/${form.id}`, { cookie: ADMIN });
    const rows = await t.db.db
      .selectFrom('activity_log')
      .select(['action', 'actor_user_id', 'subject_user_id'])
      .where('id', '>', before?.id ?? 0)
      .where('action', 'like', 'FORM_%')
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.action)).toEqual([
      'FORM_CREATED',
      'FORM_PUBLISHED',
      'FORM_CREATED',
      'FORM_DELETED',
    ]);
    const { staff, admin } = t.users;
    expect(rows.map((r) => r.actor_user_id)).toEqual([staff.id, admin.id, staff.id, admin.id]);
    expect(rows.every((r) => r.subject_user_id === null)).toBe(true);
  });
});
