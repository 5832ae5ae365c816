// Staff seeing a client's message text outside the opened conversation is logged (issue 16 §4):
// the conversation list's latest message (CONVERSATION_LIST_VIEWED, one row per client) and the
// live summary push of a client's new message (MESSAGE_PUSHED). A client's own list and pushes,
// and staff's messages to a client, are not access to the client's data and write nothing.
import type { Conversation } from '@halsa/api/contract';
import { beforeAll, expect, it } from 'vitest';
import { describeDb, login, useTestApp } from './helpers.ts';
import {
  createConversation,
  lastLogId as lastLogIdOf,
  listConversations,
  sendText,
} from './messaging-helpers.ts';

describeDb('message text seen outside the conversation', () => {
  const t = useTestApp();
  const cookies = {} as Record<'klient' | 'klient2' | 'staff' | 'admin', string>;
  let withKarin: Conversation;

  const lastLogId = () => lastLogIdOf(t);
  const logSince = async (since: number) => {
    await t.app.ctx.tasks.idle();
    return t.db.db
      .selectFrom('activity_log')
      .select(['action', 'actor_user_id', 'subject_user_id', 'details'])
      .where('id', '>', since)
      .where('action', 'in', ['CONVERSATION_LIST_VIEWED', 'MESSAGE_PUSHED'])
      .orderBy('id')
      .execute();
  };

  beforeAll(async () => {
    for (const who of ['klient', 'klient2', 'staff', 'admin'] as const) {
      cookies[who] = await login(t, t.users[who].email);
    }
  });

  it("a client's new message pushed to staff is logged; staff's reply is not", async () => {
    const since = await lastLogId();
    const res = await createConversation(t, cookies.klient, t.users.staff.id, 'Hej, en fråga');
    expect(res.statusCode).toBe(201);
    withKarin = res.json<Conversation>();
    const rows = await logSince(since);
    expect(rows).toEqual([
      {
        action: 'MESSAGE_PUSHED',
        actor_user_id: t.users.staff.id,
        subject_user_id: t.users.klient.id,
        details: { conversationId: withKarin.conversationId, messageId: expect.any(Number) },
      },
    ]);
    const reply = await lastLogId();
    const sent = await sendText(t, cookies.staff, withKarin.conversationId, {
      receiverId: t.users.klient.id,
      content: 'Svar från personal',
    });
    expect(sent.statusCode).toBeLessThan(300);
    expect(await logSince(reply)).toEqual([]);
  });

  it('staff listing conversations logs one row per client whose latest text it shows', async () => {
    const kalle = (
      await createConversation(t, cookies.klient2, t.users.staff.id, 'Kalles fråga')
    ).json<Conversation>();
    await sendText(t, cookies.klient2, kalle.conversationId, {
      receiverId: t.users.staff.id,
      content: 'Och en till',
    });
    await createConversation(t, cookies.admin, t.users.staff.id, 'Mellan kollegor');
    const since = await lastLogId();
    const res = await listConversations(t, cookies.staff);
    expect(res.statusCode).toBe(200);
    // Each conversation's own unread count (her unread messages are counted once, grouped).
    expect(
      Object.fromEntries(res.json<Conversation[]>().map((c) => [c.partner.id, c.unreadCount])),
    ).toEqual({ [t.users.klient.id]: 1, [t.users.klient2.id]: 2, [t.users.admin.id]: 1 });
    const rows = await logSince(since);
    expect(rows.map((r) => [r.action, r.actor_user_id, r.subject_user_id]).sort()).toEqual(
      [
        ['CONVERSATION_LIST_VIEWED', t.users.staff.id, t.users.klient.id],
        ['CONVERSATION_LIST_VIEWED', t.users.staff.id, t.users.klient2.id],
      ].sort(),
    );
  });

  it("a client's own list writes nothing", async () => {
    const since = await lastLogId();
    expect((await listConversations(t, cookies.klient)).statusCode).toBe(200);
    expect(await logSince(since)).toEqual([]);
  });
});
