// Messaging and the activity log (Patientdatalagen, design §5): staff or an admin reading a
// client's conversation, opening a client's message that arrived live (marking it read), or
// downloading one of its attachments, is recorded with actor,
// subject (the client) and IP; a client reading their own data, staff reading a conversation
// with other staff, and a 404 record nothing. On PGlite and on PostgreSQL.
import type { Conversation, Message } from '@halsa/api/contract';
import { beforeAll, expect, it } from 'vitest';
import { describeDb, login, send, useTestApp } from './helpers.ts';
import {
  BASE,
  PNG,
  createConversation,
  getConversation,
  lastLogId as lastLogIdOf,
  markRead,
  sendText,
} from './messaging-helpers.ts';

type Who = 'klient' | 'klient2' | 'staff' | 'admin';

describeDb('messaging: staff reads of a client’s conversation are logged', () => {
  const t = useTestApp();
  const cookies = {} as Record<Who, string>;
  let withClient: Conversation;
  let betweenStaff: Conversation;
  let fileId: string;

  const lastLogId = () => lastLogIdOf(t);
  /** Every activity row written after `since`, oldest first. */
  const logSince = (since: number) =>
    t.db.db
      .selectFrom('activity_log')
      .select(['action', 'actor_user_id', 'subject_user_id', 'ip_address', 'details'])
      .where('id', '>', since)
      .orderBy('id')
      .execute();
  /** The rows a call adds to the activity log. */
  const logged = async (call: () => Promise<{ statusCode: number }>, status: number) => {
    // A client's message pushed to staff is logged in the background (MESSAGE_PUSHED).
    await t.app.ctx.tasks.idle();
    const since = await lastLogId();
    const res = await call();
    expect(res.statusCode).toBe(status);
    return logSince(since);
  };
  const download = (who: Who, id: string) =>
    send(t, 'GET', `${BASE}/files/${id}`, { cookie: cookies[who] });

  beforeAll(async () => {
    for (const who of ['klient', 'klient2', 'staff', 'admin'] as const) {
      cookies[who] = await login(t, t.users[who].email);
    }
    // The client writes to staff with an attachment; staff and the admin talk among themselves.
    const created = await createConversation(t, cookies.klient, t.users.staff.id, 'Mitt prov', {
      name: 'prov.png',
      data: PNG,
      type: 'image/png',
    });
    expect(created.statusCode, created.body).toBe(201);
    withClient = created.json<Conversation>();
    const url = (withClient.messages[0] as Message).content.split('\n').pop() ?? '';
    fileId = url.slice(`${BASE}/files/`.length);
    expect(fileId).toMatch(/^[0-9a-f-]{36}$/);
    const internal = await createConversation(t, cookies.staff, t.users.admin.id, 'Internt');
    expect(internal.statusCode).toBe(201);
    betweenStaff = internal.json<Conversation>();
  });

  it('staff reading a conversation with a client adds one CONVERSATION_READ row with the IP', async () => {
    const id = withClient.conversationId;
    let body: Conversation | undefined;
    const rows = await logged(async () => {
      const res = await getConversation(t, cookies.staff, id);
      body = res.json<Conversation>();
      return res;
    }, 200);
    expect(rows).toEqual([
      {
        action: 'CONVERSATION_READ',
        actor_user_id: t.users.staff.id,
        subject_user_id: t.users.klient.id,
        ip_address: expect.stringMatching(/\S/),
        details: { conversationId: id },
      },
    ]);
    // The public JSON is unchanged: no partner role or other extra fields.
    expect(Object.keys(body ?? {}).sort()).toEqual(
      ['conversationId', 'lastMessage', 'messages', 'partner', 'unreadCount'].sort(),
    );
    expect(body?.partner).toEqual({
      id: t.users.klient.id,
      fullName: 'Karin Klient',
      imageUrl: null,
    });
    expect(body?.messages).toHaveLength(1);
  });

  it('with ?after the row carries `after` too; an admin reading is logged with the admin as actor', async () => {
    const id = withClient.conversationId;
    const after = (withClient.messages[0] as Message).id;
    const rows = await logged(() => getConversation(t, cookies.staff, id, `?after=${after}`), 200);
    expect(rows.map(({ ip_address: _ip, ...r }) => r)).toEqual([
      {
        action: 'CONVERSATION_READ',
        actor_user_id: t.users.staff.id,
        subject_user_id: t.users.klient.id,
        details: { conversationId: id, after },
      },
    ]);
    expect(rows[0]?.ip_address).toBeTruthy();

    // The admin writes to the client, then reads that conversation.
    const adminConv = await createConversation(t, cookies.admin, t.users.klient.id, 'Hej');
    expect(adminConv.statusCode).toBe(201);
    const adminId = adminConv.json<Conversation>().conversationId;
    const adminRows = await logged(() => getConversation(t, cookies.admin, adminId), 200);
    expect(adminRows.map(({ ip_address: _ip, ...r }) => r)).toEqual([
      {
        action: 'CONVERSATION_READ',
        actor_user_id: t.users.admin.id,
        subject_user_id: t.users.klient.id,
        details: { conversationId: adminId },
      },
    ]);
  });

  it('the client reading their own conversation, and staff reading one with an admin, add nothing', async () => {
    expect(
      await logged(() => getConversation(t, cookies.klient, withClient.conversationId), 200),
    ).toEqual([]);
    expect(
      await logged(
        () => getConversation(t, cookies.klient, withClient.conversationId, '?after=0'),
        200,
      ),
    ).toEqual([]);
    expect(
      await logged(() => getConversation(t, cookies.staff, betweenStaff.conversationId), 200),
    ).toEqual([]);
    expect(
      await logged(() => getConversation(t, cookies.admin, betweenStaff.conversationId), 200),
    ).toEqual([]);
  });

  it('a 404 (a non-participant, an unknown conversation) adds nothing', async () => {
    expect(
      await logged(() => getConversation(t, cookies.klient2, withClient.conversationId), 404),
    ).toEqual([]);
    // The admin takes no part in the client's conversation with staff.
    expect(
      await logged(() => getConversation(t, cookies.admin, withClient.conversationId), 404),
    ).toEqual([]);
    expect(await logged(() => getConversation(t, cookies.staff, 987654), 404)).toEqual([]);
  });

  it('staff downloading the client’s attachment adds one MESSAGE_ATTACHMENT_DOWNLOADED row', async () => {
    let headers: Record<string, unknown> = {};
    let payload: Buffer = Buffer.alloc(0);
    const rows = await logged(async () => {
      const res = await download('staff', fileId);
      headers = res.headers;
      payload = res.rawPayload;
      return res;
    }, 200);
    expect(rows).toEqual([
      {
        action: 'MESSAGE_ATTACHMENT_DOWNLOADED',
        actor_user_id: t.users.staff.id,
        subject_user_id: t.users.klient.id,
        ip_address: expect.stringMatching(/\S/),
        details: { conversationId: withClient.conversationId, fileId },
      },
    ]);
    // The download itself is unchanged.
    expect(payload.equals(PNG)).toBe(true);
    expect(headers['content-type']).toBe('image/png');
    expect(headers['content-disposition']).toBe(
      `attachment; filename="prov.png"; filename*=UTF-8''prov.png`,
    );
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['cache-control']).toBe('no-store');

    // An upper-case id reaches the same file and is logged with the stored (lower-case) id.
    const upper = await logged(() => download('staff', fileId.toUpperCase()), 200);
    expect(upper.map((r) => [r.action, r.details])).toEqual([
      ['MESSAGE_ATTACHMENT_DOWNLOADED', { conversationId: withClient.conversationId, fileId }],
    ]);
  });

  it('the client downloading it adds nothing; a non-participant gets 404 and adds nothing', async () => {
    expect(await logged(() => download('klient', fileId), 200)).toEqual([]);
    expect(await logged(() => download('klient2', fileId), 404)).toEqual([]);
    expect(await logged(() => download('admin', fileId), 404)).toEqual([]);
  });

  it('staff marking a client’s unread message read adds one MESSAGE_READ row; again adds nothing', async () => {
    const sent = await sendText(t, cookies.klient, withClient.conversationId, {
      receiverId: t.users.staff.id,
      content: 'Kom det fram?',
      clientMessageId: crypto.randomUUID(),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const messageId = sent.json<Message>().id;
    expect(await logged(() => markRead(t, cookies.staff, messageId), 204)).toEqual([
      {
        action: 'MESSAGE_READ',
        actor_user_id: t.users.staff.id,
        subject_user_id: t.users.klient.id,
        ip_address: expect.stringMatching(/\S/),
        details: { conversationId: withClient.conversationId, messageId },
      },
    ]);
    // Already read: nothing new was shown, nothing is logged.
    expect(await logged(() => markRead(t, cookies.staff, messageId), 204)).toEqual([]);
  });

  it('the client marking staff’s message read, and staff and admin between them, add nothing', async () => {
    const reply = await sendText(t, cookies.staff, withClient.conversationId, {
      receiverId: t.users.klient.id,
      content: 'Ja, det kom fram.',
      clientMessageId: crypto.randomUUID(),
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(await logged(() => markRead(t, cookies.klient, reply.json<Message>().id), 204)).toEqual(
      [],
    );
    const internal = await sendText(t, cookies.staff, betweenStaff.conversationId, {
      receiverId: t.users.admin.id,
      content: 'Internt igen',
      clientMessageId: crypto.randomUUID(),
    });
    expect(internal.statusCode, internal.body).toBe(201);
    expect(
      await logged(() => markRead(t, cookies.admin, internal.json<Message>().id), 204),
    ).toEqual([]);
    // A non-participant's try is a 404 and logs nothing.
    expect(
      await logged(() => markRead(t, cookies.klient2, internal.json<Message>().id), 404),
    ).toEqual([]);
  });
});
