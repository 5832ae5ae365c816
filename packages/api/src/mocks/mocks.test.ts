import { getResponse, type HttpHandler } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { call } from '../client.ts';
import { callList, callPage } from '../paging.ts';
import {
  activityLogListSchema,
  type Client,
  clientListSchema,
  conversationSchema,
  dailyNoteListSchema,
  fileEntryListSchema,
  labResultListSchema,
  FORM_VERSION_CONFLICT,
  type FormSummary,
  formSchema,
  notificationListSchema,
  sessionUserSchema,
  userStatsSchema,
  VERSION_CONFLICT_STATUS,
} from '../contract/index.ts';
import {
  activityLogFixtures,
  actionPlanFixtures,
  clientFixtures,
  dailyNoteFixtures,
  formFixtures,
  labFileFixtures,
  mockState,
  notificationFixtures,
  renderConversation,
  resetMockState,
  scenarios,
  sessionUsers,
  setMockSessionUser,
  userStatsFixture,
  withDefaults,
  conversationFixtures,
  DEMO_ATTACHMENT_ID,
  everything,
} from './index.ts';
import { failure, startMockServer } from './test-server.ts';

const server = startMockServer();

const apply = (...handlers: HttpHandler[][]) => server.use(...handlers.flat());

describe('fixtures follow the contract', () => {
  it.each([
    ['clients', clientListSchema, clientFixtures],
    ['notifications', notificationListSchema, notificationFixtures],
    ['daily notes', dailyNoteListSchema, dailyNoteFixtures],
    ['activity logs', activityLogListSchema, activityLogFixtures],
    ['user stats', userStatsSchema, userStatsFixture],
    ['forms', z.array(formSchema), formFixtures],
    ['lab files', z.record(z.string(), labResultListSchema), labFileFixtures],
    ['action plans', z.record(z.string(), fileEntryListSchema), actionPlanFixtures],
    ['session users', z.array(sessionUserSchema), Object.values(sessionUsers)],
  ] as const)('%s', (_name, schema, data) => {
    expect((schema as z.ZodType).safeParse(data).error).toBeUndefined();
  });

  it('conversations render for both participants', () => {
    for (const stored of conversationFixtures) {
      for (const me of stored.userIds) {
        expect(
          conversationSchema.safeParse(renderConversation(stored, me, true)).error,
        ).toBeUndefined();
      }
    }
  });
});

describe('stateful default handlers', () => {
  it('marking a notification read changes the next list', async () => {
    const before = await call('notifications');
    expect(before.find((n) => n.id === 101)?.status).toBe('UNREAD');
    await call('markNotificationRead', { params: { id: 101 } });
    const after = await call('notifications');
    expect(after.find((n) => n.id === 101)?.status).toBe('READ');
    await call('markAllNotificationsRead');
    expect((await call('notifications')).every((n) => n.status === 'READ')).toBe(true);
  });

  it('resetMockState brings the fixtures back', async () => {
    await call('markAllNotificationsRead');
    resetMockState();
    expect((await call('notifications')).some((n) => n.status === 'UNREAD')).toBe(true);
  });

  it('resetMockState takes overrides', async () => {
    resetMockState({ notifications: [], sessionUser: sessionUsers.user });
    expect(await call('notifications')).toEqual([]);
    expect((await call('me')).firstName).toBe('Anna');
  });

  it('login, verify and logout move the session', async () => {
    await call('logout');
    expect(mockState.sessionUser).toBeNull();
    const listener = vi.fn();
    window.addEventListener('unAuthorized', listener);
    expect((await failure(call('me'))).status).toBe(401);
    expect(listener).toHaveBeenCalled();
    const { message: twoFactorId } = await call('authenticate', {
      body: { email: 'staff@example.com', password: 'Halsa2026!' },
    });
    const user = await call('verifyTwoFactor', { body: { twoFactorId, code: '123456' } });
    expect(user).toMatchObject({ firstName: 'Erik', lastName: 'Johansson', role: 'STAFF' });
    expect((await call('me')).role).toBe('STAFF');
  });

  it('sending a message appears in the conversation and is idempotent', async () => {
    const clientMessageId = '0b9f3c1e-8a51-4a8e-9f4e-2d7c1c9b0a11';
    const first = await call('sendMessage', {
      params: { id: 1 },
      body: { receiverId: 3, content: 'Vi ses på torsdag!', clientMessageId },
    });
    const again = await call('sendMessage', {
      params: { id: 1 },
      body: { receiverId: 3, content: 'Vi ses på torsdag!', clientMessageId },
    });
    expect(again.id).toBe(first.id);
    const conversation = await call('conversation', { params: { id: 1 } });
    expect(conversation.messages.filter((m) => m.content === 'Vi ses på torsdag!')).toHaveLength(1);
    expect(conversation.lastMessage?.content).toBe('Vi ses på torsdag!');
  });

  it('a second conversation with the same user answers "Conversation already exists"', async () => {
    const form = new FormData();
    form.set('receiverId', '3');
    form.set('text', 'Hej igen');
    const error = await failure(call('createConversation', { body: form }));
    expect(error.status).toBe(409);
    expect(error.message).toContain('Conversation already exists');
  });

  it('the 409 of an existing conversation carries its id', async () => {
    const form = new FormData();
    form.set('receiverId', '3');
    form.set('text', 'Hej igen');
    const error = await failure(call('createConversation', { body: form }));
    expect(error.body).toEqual({ message: 'Conversation already exists', conversationId: 1 });
  });

  it('message attachments download for participants only', async () => {
    const fixture = await call('messageAttachment', { params: { fileId: DEMO_ATTACHMENT_ID } });
    expect((await fixture.text()).startsWith('%PDF')).toBe(true);

    const form = new FormData();
    form.set('file', new File(['%PDF-1.7 min'], 'Kostdagbok.pdf', { type: 'application/pdf' }));
    const sent = await call('uploadWithText', { params: { id: 1 }, body: form });
    const url = sent.content.split('\n')[1] ?? '';
    expect(url).toMatch(/^\/api\/v1\/user\/messaging\/files\/[0-9a-f-]{36}$/);
    const fileId = url.split('/').at(-1) ?? '';
    expect(await (await call('messageAttachment', { params: { fileId } })).text()).toBe(
      '%PDF-1.7 min',
    );

    // Erik (staff) takes no part in conversation 1.
    setMockSessionUser(sessionUsers.staff);
    expect((await failure(call('messageAttachment', { params: { fileId } }))).status).toBe(404);
  });

  it('uploads add to the history', async () => {
    const form = new FormData();
    form.set('file', new File(['%PDF'], 'Blodprov_2026-11-21.pdf', { type: 'application/pdf' }));
    await call('uploadLab', { params: { userId: 3 }, body: form });
    const history = await call('labHistory', { params: { userId: 3 } });
    expect(history[0]?.fileName).toBe('Blodprov_2026-11-21.pdf');
  });

  it('downloads are blobs', async () => {
    const blob = await call('downloadLab', {
      params: { fileName: 'Blodprov_2026-10-12.pdf' },
      query: { userId: 3 },
    });
    expect((await blob.text()).startsWith('%PDF')).toBe(true);
    const csv = await call('exportLogs', { query: { interval: '2veckor' } });
    expect(await csv.text()).toContain('Händelse');
  });

  it('validates bodies with the contract and answers in Swedish', async () => {
    const error = await failure(call('resetPassword', { body: { token: 't', password: 'svagt' } }));
    expect(error.status).toBe(400);
    expect(error.message).toBe(
      'Lösenordet måste vara minst 8 tecken och innehålla minst en stor bokstav.',
    );
  });

  it('enforces roles like the server: a USER gets 403 on admin calls', async () => {
    resetMockState({ sessionUser: sessionUsers.user });
    const error = await failure(call('clients'));
    expect(error.status).toBe(403);
    expect(error.message).toBe('Du har inte behörighet att utföra denna åtgärd.');
  });

  it('a USER reaches only their own lab files', async () => {
    resetMockState({ sessionUser: sessionUsers.user });
    // her three PDFs and the FHIR report whose read summary the fixture carries
    expect(await call('labData', { query: { userId: 3 } })).toHaveLength(4);
    expect((await failure(call('labData', { query: { userId: 4 } }))).status).toBe(403);
  });
});

describe('paged lists and versions (design §4.13)', () => {
  it('a bare call answers the whole list; page or size answers one page', async () => {
    const all = await callList<FormSummary>('formSummaries');
    expect(all).toHaveLength(formFixtures.length);
    const page = await callPage<FormSummary>('formSummaries', { query: { page: 2, size: 2 } });
    expect(page).toEqual({
      items: all.slice(2, 4),
      total: formFixtures.length,
      page: 2,
      size: 2,
    });
  });

  it('q finds every word in any order, on lists and pages alike', async () => {
    const found = await callList<Client>('clients', { query: { q: 'svensson karin' } });
    expect(found.map((c) => c.lastName)).toEqual(['Svensson']);
    const page = await callPage<Client>('clients', { query: { q: 'lindqvist', size: 10 } });
    expect(page).toMatchObject({ total: 1, page: 1, size: 10 });
  });

  it('a PUT of a form with a stale version is a 409 with the Swedish message', async () => {
    const { id } = formFixtures.find((f) => f.drafted)!;
    const form = await call('form', { params: { id } });
    const body = { title: 'Ny titel', version: form.version, sections: form.sections };
    const saved = await call('updateForm', { params: { id }, body });
    expect(saved.version).toBe(form.version + 1);
    const stale = await failure(call('updateForm', { params: { id }, body }));
    expect(stale.status).toBe(VERSION_CONFLICT_STATUS);
    expect(stale.message).toBe(FORM_VERSION_CONFLICT);
  });
});

describe('scenarios', () => {
  it('empty', async () => {
    apply(scenarios.notifications.empty);
    expect(await call('notifications')).toEqual([]);
  });

  it('error(500) shows the call fallback', async () => {
    apply(scenarios.messaging.error(500));
    const error = await failure(call('conversations'));
    expect(error.status).toBe(500);
    expect(error.message).toBe('Kunde inte hämta konversationer');
  });

  it('forbidden', async () => {
    apply(scenarios.clients.forbidden);
    const error = await failure(call('clients'));
    expect(error.status).toBe(403);
  });

  it('slow falls through to the default answer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      apply(scenarios.stats.slow);
      const pending = call('userStats');
      await vi.advanceTimersByTimeAsync(2500);
      expect(await pending).toEqual(userStatsFixture);
    } finally {
      vi.useRealTimers();
    }
  });

  it('loginFailure', async () => {
    apply(scenarios.auth.loginFailure);
    const error = await failure(call('authenticate', { body: { email: 'a@b.se', password: 'x' } }));
    expect(error.status).toBe(401);
    expect(error.message).toBe('Ogiltig e-postadress eller lösenord.');
  });

  it('asUser / signedOut pick the session', async () => {
    apply(scenarios.auth.asUser);
    expect((await call('me')).role).toBe('USER');
    server.resetHandlers();
    apply(scenarios.auth.signedOut);
    resetMockState();
    expect((await failure(call('me'))).status).toBe(401);
  });

  it('everything.error and withDefaults', async () => {
    const handlers = withDefaults(everything.error(503));
    const response = await getResponse(
      handlers,
      new Request('http://localhost/api/v1/admin/clients'),
    );
    expect(response?.status).toBe(503);
    const ok = await getResponse(
      withDefaults(),
      new Request('http://localhost/api/v1/admin/clients'),
    );
    expect(ok?.status).toBe(200);
  });
});
