// Access by care team, route by route (issue 21, design §4.14). The routes are enumerated from
// the contract: every client-data route a STAFF member may call has a case below, so a new
// route without one fails this test. Outside the client's care team each answers 403 with the
// Swedish text and the code the page reads (or, for a list, leaves her out); with an emergency
// access open every one answers, and every row written carries the access's id.
import {
  endpoints,
  NO_CARE_RELATION,
  NO_CARE_RELATION_MESSAGE,
  type EndpointName,
  type JournalAnswer,
} from '@halsa/api/contract';
import { expect, it } from 'vitest';
import {
  addToCareTeam,
  describeDb,
  insertUser,
  login,
  passwordHash,
  send,
  type TestApp,
  useTestApp,
} from './helpers.ts';
import { fullAnswers, journalForm, qid } from './journal-helpers.ts';
import { createConversation, PDF } from './messaging-helpers.ts';

const OUTSIDER_SSN = '19790203-1234';

interface World {
  admin: string;
  staff: string;
  outsider: { id: number; email: string };
  conversationId: number;
  messageId: number;
  fileId: string;
  appointmentId: number;
  labFile: string;
  planFile: string;
  /** A published questionnaire, and one sent to the outsider (design §4.19). */
  questionnaireFormId: number;
  questionnaireId: number;
  /** A published journal form, for the note her care team writes (design §4.19). */
  journalFormId: number;
  noteAnswers: JournalAnswer[];
}

type Case =
  | {
      kind: 'guarded';
      method: 'GET' | 'POST' | 'PUT';
      url: (w: World) => string;
      body?: (w: World) => unknown;
    }
  | { kind: 'list'; check: (t: TestApp, w: World) => Promise<void> }
  | { kind: 'way-in' };

const future = (t: TestApp, days: number) =>
  new Date(t.clock.now().getTime() + days * 86_400_000).toISOString();

function multipartFile(name: string, data: Buffer) {
  const boundary = '----care-team-test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function uploadFor(t: TestApp, admin: string, path: string, clientId: number, name: string) {
  const { payload, contentType } = multipartFile(name, PDF);
  t.clock.advance(1000);
  const res = await t.app.inject({
    method: 'POST',
    url: `${path}/${clientId}`,
    headers: { cookie: admin, origin: 'http://localhost:8080', 'content-type': contentType },
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ fileName: string }>().fileName;
}

/** Every STAFF-callable client-data route of the contract, and how it keeps her out. */
const CASES: Partial<Record<EndpointName, Case>> = {
  conversation: {
    kind: 'guarded',
    method: 'GET',
    url: (w) => `/api/v1/user/messaging/conversations/${w.conversationId}`,
  },
  markMessageRead: {
    kind: 'guarded',
    method: 'PUT',
    url: (w) => `/api/v1/user/messaging/conversations/messages/${w.messageId}`,
  },
  downloadConversation: {
    kind: 'guarded',
    method: 'GET',
    url: (w) => `/api/v1/user/messaging/conversations/${w.conversationId}/download`,
  },
  messageAttachment: {
    kind: 'guarded',
    method: 'GET',
    url: (w) => `/api/v1/user/messaging/files/${w.fileId}`,
  },
  client: { kind: 'guarded', method: 'GET', url: (w) => `/api/v1/admin/clients/${w.outsider.id}` },
  subjectLogs: {
    kind: 'guarded',
    method: 'GET',
    url: (w) => `/api/v1/admin/subject/${w.outsider.id}`,
  },
  clientQuestionnaires: {
    kind: 'guarded',
    method: 'GET',
    url: (w) => `/api/v1/admin/users/${w.outsider.id}/questionnaires`,
  },
  sendQuestionnaire: {
    kind: 'guarded',
    method: 'POST',
    url: (w) => `/api/v1/admin/users/${w.outsider.id}/questionnaires`,
    body: (w) => ({ formId: w.questionnaireFormId }),
  },
  sendQuestionnaires: {
    kind: 'guarded',
    method: 'POST',
    url: () => '/api/v1/admin/questionnaires/send',
    body: (w) => ({ formId: w.questionnaireFormId, clientIds: [w.outsider.id] }),
  },
  questionnaireResponseFhir: {
    kind: 'guarded',
    method: 'GET',
    url: (w) => `/api/v1/admin/questionnaire-responses/${w.questionnaireId}/fhir`,
  },
  clientJournal: {
    kind: 'guarded',
    method: 'GET',
    url: (w) => `/api/v1/admin/users/${w.outsider.id}/journal`,
  },
  latestSignedNote: {
    kind: 'guarded',
    method: 'GET',
    url: (w) => `/api/v1/admin/users/${w.outsider.id}/journal/daily-notes/latest-signed`,
  },
  journalNote: {
    kind: 'guarded',
    method: 'GET',
    url: (w) => `/api/v1/admin/users/${w.outsider.id}/journal/forms/${w.journalFormId}/note`,
  },
  saveJournalNote: {
    kind: 'guarded',
    method: 'PUT',
    url: (w) => `/api/v1/admin/users/${w.outsider.id}/journal/forms/${w.journalFormId}/note`,
    body: () => ({ answers: [] }),
  },
  signJournalNote: {
    kind: 'guarded',
    method: 'POST',
    url: (w) =>
      `/api/v1/admin/users/${w.outsider.id}/journal/forms/${w.journalFormId}/sign-and-send`,
    body: () => ({}),
  },
  labData: {
    kind: 'guarded',
    method: 'GET',
    url: (w) => `/api/v1/user/lab-data?userId=${w.outsider.id}`,
  },
  labHistory: {
    kind: 'guarded',
    method: 'GET',
    url: (w) => `/api/v1/admin/lab-data/${w.outsider.id}`,
  },
  clientLabResults: {
    kind: 'guarded',
    method: 'GET',
    url: (w) => `/api/v1/admin/lab-results/${w.outsider.id}`,
  },
  downloadLab: {
    kind: 'guarded',
    method: 'GET',
    url: (w) =>
      `/api/v1/user/download/lab-data/${encodeURIComponent(w.labFile)}?userId=${w.outsider.id}`,
  },
  actionPlan: {
    kind: 'guarded',
    method: 'GET',
    url: (w) => `/api/v1/user/action-plan?userId=${w.outsider.id}`,
  },
  actionPlanHistory: {
    kind: 'guarded',
    method: 'GET',
    url: (w) => `/api/v1/admin/action-plan-data/${w.outsider.id}`,
  },
  downloadActionPlan: {
    kind: 'guarded',
    method: 'GET',
    url: (w) =>
      `/api/v1/user/download/action-plan/${encodeURIComponent(w.planFile)}?userId=${w.outsider.id}`,
  },
  appointments: {
    kind: 'guarded',
    method: 'GET',
    url: (w) => `/api/v1/user/appointments?userId=${w.outsider.id}`,
  },
  appointmentIcs: {
    kind: 'guarded',
    method: 'GET',
    url: (w) => `/api/v1/user/appointments/${w.appointmentId}/ics`,
  },
  careTeam: {
    kind: 'guarded',
    method: 'GET',
    url: (w) => `/api/v1/admin/clients/${w.outsider.id}/care-team`,
  },
  createAppointment: {
    kind: 'guarded',
    method: 'POST',
    url: () => '/api/v1/admin/appointments',
    body: (w) => ({
      clientId: w.outsider.id,
      startsAt: '2099-01-05T09:00:00.000Z',
      minutes: 30,
      place: 'Rum 1',
    }),
  },
  updateAppointment: {
    kind: 'guarded',
    method: 'PUT',
    url: (w) => `/api/v1/admin/appointments/${w.appointmentId}`,
    body: () => ({ startsAt: '2099-02-05T09:00:00.000Z', minutes: 30, place: 'Rum 2' }),
  },
  cancelAppointment: {
    kind: 'guarded',
    method: 'POST',
    url: (w) => `/api/v1/admin/appointments/${w.appointmentId}/cancel`,
    body: () => ({}),
  },
  clients: {
    kind: 'list',
    check: async (t, w) => {
      for (const url of [
        '/api/v1/admin/clients',
        `/api/v1/admin/clients?page=1&size=50&q=${OUTSIDER_SSN.slice(0, 8)}`,
      ]) {
        const res = await send(t, 'GET', url, { cookie: w.staff });
        expect(res.statusCode).toBe(200);
        expect(res.body).not.toContain('Utanför');
      }
    },
  },
  logs: {
    kind: 'list',
    check: async (t, w) => {
      const res = await send(t, 'GET', '/api/v1/admin/get-logs?page=1&size=200', {
        cookie: w.staff,
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('Utanför');
    },
  },
  clientLookup: {
    kind: 'list',
    check: async (t, w) => {
      const res = await send(
        t,
        'GET',
        `/api/v1/admin/clients/lookup?personalNumber=${OUTSIDER_SSN}`,
        { cookie: w.staff },
      );
      expect(res.statusCode).toBe(200);
      // The name only: nothing of her data beside it.
      expect(res.json()).toEqual({
        id: w.outsider.id,
        firstName: 'Olga',
        lastName: 'Utanför',
        inCareTeam: false,
      });
      const partial = await send(t, 'GET', '/api/v1/admin/clients/lookup?personalNumber=19790203', {
        cookie: w.staff,
      });
      expect(partial.statusCode).toBe(400);
    },
  },
  emergencyAccess: { kind: 'way-in' },
};

/** Not client-data routes in the contract, but they write into a client's conversation. */
const EXTRA: Case[] = [
  {
    kind: 'guarded',
    method: 'POST',
    url: (w) => `/api/v1/user/messaging/conversations/${w.conversationId}/messages`,
    body: (w) => ({ receiverId: w.outsider.id, content: 'Hej' }),
  },
];

/** The unread badge's count as `cookie`'s user sees it (GET …/unread-count). */
const unreadBadge = async (t: TestApp, cookie: string) =>
  (await send(t, 'GET', '/api/v1/user/messaging/unread-count', { cookie })).json<{
    unreadMessages: number;
  }>().unreadMessages;

describeDb('access by care team, route by route (design §4.14)', () => {
  const t = useTestApp();
  let w: World;

  const setUp = async (): Promise<World> => {
    const admin = await login(t, 'admin@example.com');
    const outsider = await insertUser(t.db, {
      email: 'olga@example.com',
      role: 'USER',
      first: 'Olga',
      last: 'Utanför',
      passwordHash: await passwordHash(),
      at: t.clock.now(),
    });
    await t.db.db
      .insertInto('client_profiles')
      .values({
        user_id: outsider.id,
        social_security_number: OUTSIDER_SSN,
        created_at: t.clock.now(),
        updated_at: t.clock.now(),
      })
      .execute();
    // A conversation with an attachment, begun while the STAFF member was in her team.
    await addToCareTeam(t.db, outsider.id, t.users.staff.id);
    const staff = await login(t, 'staff@example.com');
    const created = await createConversation(t, staff, outsider.id, 'Hej Olga', {
      name: 'plan.pdf',
      type: 'application/pdf',
      data: PDF,
    });
    expect(created.statusCode, created.body).toBe(201);
    const conversationId = created.json<{ conversationId: number }>().conversationId;
    const message = await t.db.db
      .selectFrom('messages')
      .select(['id', 'file_id'])
      .where('conversation_id', '=', conversationId)
      .executeTakeFirstOrThrow();
    await t.db.db.deleteFrom('care_team_members').where('client_id', '=', outsider.id).execute();
    const booked = await send(t, 'POST', '/api/v1/admin/appointments', {
      cookie: admin,
      body: { clientId: outsider.id, startsAt: future(t, 3), minutes: 30, place: 'Rum 1' },
    });
    expect(booked.statusCode, booked.body).toBeLessThan(300);
    const form = await journalForm(t, admin, { purpose: 'QUESTIONNAIRE', publisher: admin });
    const noteForm = await journalForm(t, admin, { title: 'Samtal', publisher: admin });
    const sent = await send(t, 'POST', `/api/v1/admin/users/${outsider.id}/questionnaires`, {
      cookie: admin,
      body: { formId: form.id },
    });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    // She answers and sends it in, so its FHIR answer exists for those who may read her.
    const questionnaireId = sent.json<{ id: number }>().id;
    const olga = await login(t, outsider.email);
    const mine = `/api/v1/user/questionnaires/${questionnaireId}`;
    const { version } = (await send(t, 'GET', mine, { cookie: olga })).json<{ version: number }>();
    const saved = await send(t, 'PUT', `${mine}/answers`, {
      cookie: olga,
      body: { version, answers: [{ questionId: qid(form, 'Hur mår du?'), value: 'Bra.' }] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const submitted = await send(t, 'POST', `${mine}/submit`, { cookie: olga });
    expect(submitted.statusCode, submitted.body).toBe(200);
    return {
      admin,
      staff,
      outsider,
      questionnaireFormId: form.id,
      questionnaireId,
      journalFormId: noteForm.id,
      noteAnswers: fullAnswers(noteForm),
      conversationId,
      messageId: message.id,
      fileId: message.file_id!,
      appointmentId: booked.json<{ id: number }>().id,
      labFile: await uploadFor(t, admin, '/api/v1/admin/upload-lab', outsider.id, 'Prov.pdf'),
      planFile: await uploadFor(
        t,
        admin,
        '/api/v1/admin/upload-action-plan',
        outsider.id,
        'Plan.pdf',
      ),
    };
  };

  it('every client-data route STAFF may call has a case here (a new route without one fails)', () => {
    const staffRoutes = endpoints.filter((e) => e.clientData && e.roles.includes('STAFF'));
    expect(staffRoutes.length).toBeGreaterThan(20);
    expect(staffRoutes.map((e) => e.name).filter((name) => !CASES[name])).toEqual([]);
  });

  it('outside her care team STAFF gets 403 in Swedish on every client route, and lists leave the client out', async () => {
    w = await setUp();
    const guarded = [...Object.entries(CASES).map(([, c]) => c), ...EXTRA];
    for (const c of guarded) {
      if (c?.kind === 'list') await c.check(t, w);
      if (c?.kind !== 'guarded') continue;
      const res = await send(t, c.method, c.url(w), { cookie: w.staff, body: c.body?.(w) });
      const where = `${c.method} ${c.url(w)}: ${res.statusCode} ${res.body.slice(0, 120)}`;
      expect(res.statusCode, where).toBe(403);
      expect(res.json(), where).toEqual({
        message: NO_CARE_RELATION_MESSAGE,
        code: NO_CARE_RELATION,
      });
    }
    // The unfiltered list of meetings and her conversations leave the outsider out too.
    const meetings = await send(t, 'GET', '/api/v1/user/appointments', { cookie: w.staff });
    expect(meetings.json<{ clientId: number }[]>().map((m) => m.clientId)).not.toContain(
      w.outsider.id,
    );
    const conversations = await send(t, 'GET', '/api/v1/user/messaging/conversations', {
      cookie: w.staff,
    });
    expect(conversations.body).not.toContain('Utanför');
    // Her new message is not pushed live to the STAFF member who left her team (no text, no row).
    const olga = await login(t, 'olga@example.com');
    const pushedBefore = await t.db.db
      .selectFrom('activity_log')
      .select('id')
      .where('action', '=', 'MESSAGE_PUSHED')
      .execute();
    const sent = await send(
      t,
      'POST',
      `/api/v1/user/messaging/conversations/${w.conversationId}/messages`,
      {
        cookie: olga,
        body: { receiverId: t.users.staff.id, content: 'Hej igen' },
      },
    );
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    await t.app.ctx.tasks.idle();
    const pushedAfter = await t.db.db
      .selectFrom('activity_log')
      .select('id')
      .where('action', '=', 'MESSAGE_PUSHED')
      .execute();
    expect(pushedAfter.length).toBe(pushedBefore.length);
    // The unread badge and the list filtered to her leave her out too (issue 38): her unread
    // message is not counted, and `?partnerId=` finds no conversation.
    const withOlga = async () =>
      (
        await send(t, 'GET', `/api/v1/user/messaging/conversations?partnerId=${w.outsider.id}`, {
          cookie: w.staff,
        })
      ).json<unknown[]>();
    const outsideBadge = await unreadBadge(t, w.staff);
    expect(await withOlga()).toEqual([]);
    // The same message while she is in the team is pushed (and logged): the check above can fail.
    await addToCareTeam(t.db, w.outsider.id, t.users.staff.id);
    await send(t, 'POST', `/api/v1/user/messaging/conversations/${w.conversationId}/messages`, {
      cookie: olga,
      body: { receiverId: t.users.staff.id, content: 'Och en gång till' },
    });
    await t.app.ctx.tasks.idle();
    const pushedInTeam = await t.db.db
      .selectFrom('activity_log')
      .select('id')
      .where('action', '=', 'MESSAGE_PUSHED')
      .execute();
    expect(pushedInTeam.length).toBe(pushedBefore.length + 1);
    // …and in the team her two unread messages count, and her conversation is found.
    expect(await unreadBadge(t, w.staff)).toBe(outsideBadge + 2);
    expect(await withOlga()).toHaveLength(1);
    await t.db.db.deleteFrom('care_team_members').where('client_id', '=', w.outsider.id).execute();
    expect(await unreadBadge(t, w.staff)).toBe(outsideBadge);
    // With the clinic setting off every client's message counts.
    await t.db.db.updateTable('clinic_settings').set({ care_team_only: false }).execute();
    expect(await unreadBadge(t, w.staff)).toBe(outsideBadge + 2);
    await t.db.db.updateTable('clinic_settings').set({ care_team_only: true }).execute();
    // ADMIN reads her as always.
    const asAdmin = await send(t, 'GET', `/api/v1/admin/clients/${w.outsider.id}`, {
      cookie: w.admin,
    });
    expect(asAdmin.statusCode).toBe(200);
  });

  it("'Nödåtkomst' needs a reason (and a comment with 'Annat'), opens every route for 4 hours and tags every row", async () => {
    const url = `/api/v1/admin/clients/${w.outsider.id}/emergency-access`;
    const noReason = await send(t, 'POST', url, { cookie: w.staff, body: {} });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('Välj ett skäl till nödåtkomsten.');
    const other = await send(t, 'POST', url, { cookie: w.staff, body: { reason: 'OTHER' } });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe('Beskriv skälet när du väljer Annat.');
    const asAdmin = await send(t, 'POST', url, {
      cookie: w.admin,
      body: { reason: 'URGENT_CARE' },
    });
    expect(asAdmin.statusCode, asAdmin.body).toBe(400);
    expect(asAdmin.json().message).toBe('Nödåtkomst gäller personal utanför klientens vårdteam.');

    const closedBadge = await unreadBadge(t, w.staff);
    const opened = await send(t, 'POST', url, { cookie: w.staff, body: { reason: 'URGENT_CARE' } });
    expect(opened.statusCode, opened.body).toBe(201);
    // Her two unread messages (the test before) count while the access is open.
    expect(await unreadBadge(t, w.staff)).toBe(closedBadge + 2);
    const access = opened.json<{ id: number; expiresAt: string; openedAt: string }>();
    expect(Date.parse(access.expiresAt) - Date.parse(access.openedAt)).toBe(4 * 3_600_000);

    const before = await t.db.db
      .selectFrom('activity_log')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    for (const c of Object.values(CASES)) {
      if (c?.kind !== 'guarded' || c.method !== 'GET') continue;
      const res = await send(t, c.method, c.url(w), { cookie: w.staff });
      expect(res.statusCode, `${c.url(w)}: ${res.body.slice(0, 120)}`).toBeLessThan(300);
    }
    // She may write and sign a note for the client too (design §4.19), as her care team may.
    const note = `/api/v1/admin/users/${w.outsider.id}/journal/forms/${w.journalFormId}`;
    const saved = await send(t, 'PUT', `${note}/note`, {
      cookie: w.staff,
      body: { answers: w.noteAnswers },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const signed = await send(t, 'POST', `${note}/sign-and-send`, { cookie: w.staff, body: {} });
    expect(signed.statusCode, signed.body).toBe(200);
    const rows = await t.db.db
      .selectFrom('activity_log')
      .select(['action', 'details', 'subject_user_id'])
      .where('id', '>', Number(before.id))
      .where('subject_user_id', '=', w.outsider.id)
      .execute();
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.map((r) => r.action)).toEqual(
      expect.arrayContaining(['JOURNAL_NOTE_SAVED', 'JOURNAL_NOTE_SIGNED']),
    );
    for (const row of rows)
      expect(row.details, row.action).toMatchObject({ emergencyAccessId: access.id });

    // 4 hours later it has closed by itself.
    t.clock.advance(4 * 3_600_000 + 1000);
    w.staff = await login(t, 'staff@example.com');
    w.admin = await login(t, 'admin@example.com');
    const closed = await send(t, 'GET', `/api/v1/admin/clients/${w.outsider.id}`, {
      cookie: w.staff,
    });
    expect(closed.statusCode).toBe(403);
  });

  it("the client sees the emergency access once, with its reason, in 'Vem har läst mina uppgifter'", async () => {
    const olga = await login(t, 'olga@example.com');
    const res = await send(t, 'GET', '/api/v1/user/access-log?page=1&size=50', { cookie: olga });
    expect(res.statusCode).toBe(200);
    const items = res.json<{
      items: { performedByName: string; actions: string[]; emergency: { reason: string } | null }[];
    }>().items;
    // one line for the staff member that day (design §4.20), however many rows she wrote
    const lines = items.filter((i) => i.emergency);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.emergency).toEqual({ reason: 'URGENT_CARE' });
    expect(lines[0]!.actions).toContain('EMERGENCY_ACCESS');
    expect(res.body).not.toContain('comment');
  });

  it('with the clinic setting off, STAFF reads every client; turning it off and on is logged', async () => {
    const off = await send(t, 'PUT', '/api/v1/admin/access-settings', {
      cookie: w.admin,
      body: { careTeamOnly: false },
    });
    expect(off.json()).toEqual({ careTeamOnly: false });
    expect(
      (await send(t, 'GET', `/api/v1/admin/clients/${w.outsider.id}`, { cookie: w.staff }))
        .statusCode,
    ).toBe(200);
    // The people she may write to follow the setting too (read before the list, issue 38).
    const recipients = async () =>
      (await send(t, 'GET', '/api/v1/user/messaging/filteredUsers', { cookie: w.staff }))
        .json<{ id: number }[]>()
        .map((u) => u.id);
    expect(await recipients()).toContain(w.outsider.id);
    await send(t, 'PUT', '/api/v1/admin/access-settings', {
      cookie: w.admin,
      body: { careTeamOnly: true },
    });
    expect(
      (await send(t, 'GET', `/api/v1/admin/clients/${w.outsider.id}`, { cookie: w.staff }))
        .statusCode,
    ).toBe(403);
    expect(await recipients()).not.toContain(w.outsider.id);
    const logged = await t.db.db
      .selectFrom('activity_log')
      .select('details')
      .where('action', '=', 'ACCESS_SETTING_CHANGED')
      .execute();
    expect(logged.map((r) => r.details)).toEqual([{ careTeamOnly: false }, { careTeamOnly: true }]);
    // STAFF may not change it.
    expect(
      (
        await send(t, 'PUT', '/api/v1/admin/access-settings', {
          cookie: w.staff,
          body: { careTeamOnly: false },
        })
      ).statusCode,
    ).toBe(403);
  });
});
