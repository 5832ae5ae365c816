// The badge and the client page's one conversation (issue 38): `GET …/unread-count` answers the
// sum of the list's unread counts without the list (no text, no preview rows), and
// `GET …/conversations?partnerId=` answers the caller's one conversation with that user, logging
// only what it shows. Neither ever shows another user's conversations.
import { MESSAGING_FIELD_TEXT, type Conversation } from '@halsa/api/contract';
import { beforeAll, expect, it } from 'vitest';
import { describeDb, login, send, useTestApp } from './helpers.ts';
import {
  BASE,
  createConversation,
  getConversation,
  lastLogId as lastLogIdOf,
  listConversations,
  markRead,
  sendText,
} from './messaging-helpers.ts';

type Who = 'klient' | 'klient2' | 'staff' | 'admin';

describeDb('unread badge and the conversation with one partner', () => {
  const t = useTestApp();
  const cookies = {} as Record<Who, string>;

  const lastLogId = () => lastLogIdOf(t);
  const logSince = async (since: number) => {
    await t.app.ctx.tasks.idle();
    return t.db.db
      .selectFrom('activity_log')
      .select(['action', 'actor_user_id', 'subject_user_id'])
      .where('id', '>', since)
      .orderBy('id')
      .execute();
  };
  const count = async (who: Who) => {
    const res = await send(t, 'GET', `${BASE}/unread-count`, { cookie: cookies[who] });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ unreadMessages: number }>();
  };
  const listSum = async (who: Who) =>
    (await listConversations(t, cookies[who]))
      .json<Conversation[]>()
      .reduce((sum, c) => sum + c.unreadCount, 0);
  const withPartner = (who: Who, partnerId: number | string) =>
    send(t, 'GET', `${BASE}/conversations?partnerId=${partnerId}`, { cookie: cookies[who] });
  /** For every role, the badge says what the list's unread counts add up to. */
  const expectCountsMatchLists = async () => {
    for (const who of ['klient', 'klient2', 'staff', 'admin'] as const) {
      expect(await count(who), who).toEqual({ unreadMessages: await listSum(who) });
    }
  };

  beforeAll(async () => {
    for (const who of ['klient', 'klient2', 'staff', 'admin'] as const) {
      cookies[who] = await login(t, t.users[who].email);
    }
  });

  it('the count is the sum of the list’s unread counts after sends and reads, for every role', async () => {
    expect(await count('staff')).toEqual({ unreadMessages: 0 });
    const karin = (
      await createConversation(t, cookies.klient, t.users.staff.id, 'Hej')
    ).json<Conversation>();
    await sendText(t, cookies.klient, karin.conversationId, {
      receiverId: t.users.staff.id,
      content: 'En till',
    });
    const kalle = (
      await createConversation(t, cookies.klient2, t.users.staff.id, 'Kalles fråga')
    ).json<Conversation>();
    await createConversation(t, cookies.admin, t.users.staff.id, 'Mellan kollegor');
    await sendText(t, cookies.staff, kalle.conversationId, {
      receiverId: t.users.klient2.id,
      content: 'Svar till Kalle',
    });
    expect(await count('staff')).toEqual({ unreadMessages: 4 });
    expect(await count('klient2')).toEqual({ unreadMessages: 1 });
    await expectCountsMatchLists();

    // Reading one of Karin's messages takes one off the badge, as off the list.
    const opened = (
      await getConversation(t, cookies.staff, karin.conversationId)
    ).json<Conversation>();
    const first = opened.messages.find((m) => !m.isRead)!;
    expect((await markRead(t, cookies.staff, first.id)).statusCode).toBeLessThan(300);
    expect(await count('staff')).toEqual({ unreadMessages: 3 });
    await expectCountsMatchLists();
  });

  it('the count writes no log row (it shows no text)', async () => {
    const since = await lastLogId();
    await count('staff');
    await count('admin');
    expect(await logSince(since)).toEqual([]);
  });

  it('?partnerId= answers the one conversation with that partner and logs one preview row, not one per client', async () => {
    const full = (await listConversations(t, cookies.staff)).json<Conversation[]>();
    expect(full.length).toBe(3);
    const since = await lastLogId();
    const res = await withPartner('staff', t.users.klient.id);
    expect(res.statusCode, res.body).toBe(200);
    const one = res.json<Conversation[]>();
    expect(one).toEqual(full.filter((c) => c.partner.id === t.users.klient.id));
    expect(one).toHaveLength(1);
    expect(await logSince(since)).toEqual([
      {
        action: 'CONVERSATION_LIST_VIEWED',
        actor_user_id: t.users.staff.id,
        subject_user_id: t.users.klient.id,
      },
    ]);
    // A partner she has no conversation with: an empty list, nothing logged.
    const none = await lastLogId();
    const empty = await withPartner('staff', 999_999);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);
    expect(await logSince(none)).toEqual([]);
  });

  it("another user's partnerId never leaks her conversations", async () => {
    // Karin has no conversation with Kalle; Kalle's with the staff member is not hers to see.
    expect((await withPartner('klient', t.users.klient2.id)).json()).toEqual([]);
    const mine = (await withPartner('klient', t.users.staff.id)).json<Conversation[]>();
    expect(mine.map((c) => c.partner.id)).toEqual([t.users.staff.id]);
    expect(JSON.stringify(mine)).not.toContain('Kalle');
    // Her own id as the partner names no conversation of hers.
    expect((await withPartner('klient', t.users.klient.id)).json()).toEqual([]);
  });

  it('a bad partnerId → 400 in Swedish, nothing logged', async () => {
    const since = await lastLogId();
    for (const bad of ['abc', '0', '-3', '1.5', '99999999999', '']) {
      const res = await withPartner('staff', bad);
      expect(res.statusCode, `partnerId=${bad}: ${res.body}`).toBe(400);
      expect(res.json().message, bad).toBe(MESSAGING_FIELD_TEXT.partnerId);
    }
    expect(await logSince(since)).toEqual([]);
  });

  it('signed out: 401', async () => {
    expect((await send(t, 'GET', `${BASE}/unread-count`)).statusCode).toBe(401);
    expect((await send(t, 'GET', `${BASE}/conversations?partnerId=1`)).statusCode).toBe(401);
  });
});
