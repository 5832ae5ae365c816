// Messaging (spec §7): the whole flow, participants-only access, idempotent sends, ordering,
// edits, attachments and Swedish 400s, on PGlite and on PostgreSQL.
import type { Conversation, FilteredUser, Message } from '@halsa/api/contract';
import { beforeAll, expect, it, vi } from 'vitest';
import { describeDb, login, send, type TestApp, useTestApp } from './helpers.ts';
import {
  BASE,
  PDF,
  PNG,
  createConversation,
  editMessage,
  getConversation,
  listConversations,
  markRead,
  sendForm,
  sendText,
  uploadFile,
} from './messaging-helpers.ts';

type Cookies = Record<'klient' | 'klient2' | 'staff' | 'admin', string>;

async function loginAll(t: TestApp): Promise<Cookies> {
  return {
    klient: await login(t, 'klient@example.com'),
    klient2: await login(t, 'klient2@example.com'),
    staff: await login(t, 'staff@example.com'),
    admin: await login(t, 'admin@example.com'),
  };
}

const uuid = () => crypto.randomUUID();
const FILE_URL = /^\/api\/v1\/user\/messaging\/files\/[0-9a-f-]{36}$/;

/** Every publish of the live broker (the module publishes to ctx.live.broker). */
function spyOnPublish(t: TestApp) {
  return vi.spyOn(t.app.ctx.live.broker, 'publish');
}

describeDb('messaging: the whole flow', () => {
  const t = useTestApp();
  let c: Cookies;
  beforeAll(async () => {
    c = await loginAll(t);
  });

  it('filteredUsers: a USER sees staff and admins, staff and admins see everyone else', async () => {
    const forUser = await send(t, 'GET', `${BASE}/filteredUsers`, { cookie: c.klient });
    expect(forUser.statusCode).toBe(200);
    const users = forUser.json<FilteredUser[]>();
    expect(users.map((u) => u.role).sort()).toEqual(['ADMIN', 'STAFF']);
    expect(users.map((u) => u.fullName)).toEqual(['Anna Admin', 'Sven Personal']);
    expect(users[0]).toEqual({
      id: t.users.admin.id,
      fullName: 'Anna Admin',
      role: 'ADMIN',
      imageUrl: null,
    });

    const forStaff = (await send(t, 'GET', `${BASE}/filteredUsers`, { cookie: c.staff })).json<
      FilteredUser[]
    >();
    expect(forStaff.map((u) => u.id).sort()).toEqual(
      [t.users.admin.id, t.users.klient.id, t.users.klient2.id].sort(),
    );
    const forAdmin = (await send(t, 'GET', `${BASE}/filteredUsers`, { cookie: c.admin })).json<
      FilteredUser[]
    >();
    expect(forAdmin.map((u) => u.id)).not.toContain(t.users.admin.id);
    expect(forAdmin).toHaveLength(3);
  });

  it('create, list, get, send, file, mark read, edit, download', async () => {
    const publish = spyOnPublish(t);
    const { klient, staff, admin } = t.users;

    // Create with a first text message.
    const created = await createConversation(t, c.klient, staff.id, 'Hej! Jag har en fråga.');
    expect(created.statusCode, created.body).toBe(201);
    const conv = created.json<Conversation>();
    expect(conv.partner).toEqual({ id: staff.id, fullName: 'Sven Personal', imageUrl: null });
    expect(conv.unreadCount).toBe(0);
    expect(conv.messages).toHaveLength(1);
    const first = conv.messages[0] as Message;
    expect(first).toMatchObject({
      conversationId: conv.conversationId,
      sender: klient.id,
      receiver: staff.id,
      content: 'Hej! Jag har en fråga.',
      isRead: false,
      isEdited: false,
      editedAt: null,
      originalFileName: null,
    });
    expect(conv.lastMessage?.content).toBe('Hej! Jag har en fråga.');
    // Pushed: the message on the conversation topic, a summary for each participant.
    const destinations = publish.mock.calls.map(([d]) => d);
    expect(destinations).toEqual([
      `/topic/conversations/${conv.conversationId}/messages`,
      expect.stringMatching(/^\/topic\/users\/\d+\/conversations$/),
      expect.stringMatching(/^\/topic\/users\/\d+\/conversations$/),
    ]);
    expect(destinations).toContain(`/topic/users/${klient.id}/conversations`);
    expect(destinations).toContain(`/topic/users/${staff.id}/conversations`);
    const staffSummary = publish.mock.calls.find(
      ([d]) => d === `/topic/users/${staff.id}/conversations`,
    )?.[1] as Conversation;
    expect(staffSummary.partner.fullName).toBe('Karin Klient');
    expect(staffSummary.unreadCount).toBe(1);
    expect(staffSummary.messages).toEqual([]);

    // A second conversation with the same partner, from either side: 409 with the marker.
    for (const [cookie, other] of [
      [c.klient, staff.id],
      [c.staff, klient.id],
    ] as const) {
      const again = await createConversation(t, cookie, other, 'Igen');
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toContain('Conversation already exists');
      expect(again.json().conversationId).toBe(conv.conversationId);
    }

    // The staff member's list: partner, last message, unread count.
    const list = (await listConversations(t, c.staff)).json<Conversation[]>();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      conversationId: conv.conversationId,
      partner: { id: klient.id, fullName: 'Karin Klient', imageUrl: null },
      lastMessage: { content: 'Hej! Jag har en fråga.', originalFileName: null },
      unreadCount: 1,
      messages: [],
    });

    // Staff answers with text.
    publish.mockClear();
    const reply = await sendText(t, c.staff, conv.conversationId, {
      receiverId: klient.id,
      content: 'Hej Karin! Vad undrar du?',
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const answer = reply.json<Message>();
    expect(answer).toMatchObject({ sender: staff.id, receiver: klient.id, isRead: false });
    expect(answer.id).toBeGreaterThan(first.id);
    expect(publish.mock.calls[0]).toEqual([
      `/topic/conversations/${conv.conversationId}/messages`,
      answer,
    ]);

    // The client sends a PDF with a text line.
    const upload = await uploadFile(
      t,
      c.klient,
      conv.conversationId,
      { name: 'provsvar.pdf', data: PDF, type: 'application/pdf' },
      { text: 'Här är mina provsvar' },
    );
    expect(upload.statusCode, upload.body).toBe(201);
    const fileMessage = upload.json<Message>();
    expect(fileMessage.originalFileName).toBe('provsvar.pdf');
    const [line, url] = fileMessage.content.split('\n');
    expect(line).toBe('Här är mina provsvar');
    expect(url).toMatch(FILE_URL);

    // Both participants can download it; as an attachment, never sniffed or cached.
    for (const cookie of [c.staff, c.klient]) {
      const file = await send(t, 'GET', url as string, { cookie });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toBe(
        `attachment; filename="provsvar.pdf"; filename*=UTF-8''provsvar.pdf`,
      );
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['cache-control']).toBe('no-store');
      expect(file.rawPayload.equals(PDF)).toBe(true);
    }
    expect((await send(t, 'GET', url as string)).statusCode).toBe(401);

    // A file alone (no text line): content is an empty line, a newline and the URL.
    const bare = await uploadFile(t, c.staff, conv.conversationId, {
      name: 'bild.png',
      data: PNG,
      type: 'image/png',
    });
    expect(bare.statusCode, bare.body).toBe(201);
    expect(bare.json<Message>().content).toMatch(/^\n\/api\/v1\/user\/messaging\/files\//);

    // Get: every message, oldest first; ?after= only the newer ones.
    const full = (await getConversation(t, c.staff, conv.conversationId)).json<Conversation>();
    expect(full.messages.map((m) => m.id)).toEqual([
      first.id,
      answer.id,
      fileMessage.id,
      bare.json<Message>().id,
    ]);
    expect(full.unreadCount).toBe(2);
    const after = await getConversation(t, c.staff, conv.conversationId, `?after=${answer.id}`);
    expect(after.json<Conversation>().messages.map((m) => m.id)).toEqual([
      fileMessage.id,
      bare.json<Message>().id,
    ]);

    // Mark read: only the receiver; the sender is refused and nothing changes.
    const ownMark = await markRead(t, c.klient, first.id);
    expect(ownMark.statusCode).toBe(403);
    expect(ownMark.json().message).toBe('Endast mottagaren kan markera meddelandet som läst.');
    publish.mockClear();
    expect((await markRead(t, c.staff, first.id)).statusCode).toBe(204);
    expect(publish.mock.calls.map(([d]) => d)).toContain(
      `/topic/conversations/${conv.conversationId}/messages`,
    );
    const readEvent = publish.mock.calls.find(([d]) => d.startsWith('/topic/conversations/'));
    expect(readEvent?.[1]).toMatchObject({ id: first.id, isRead: true });
    const unreadAfter = (await listConversations(t, c.staff)).json<Conversation[]>()[0];
    expect(unreadAfter?.unreadCount).toBe(1);
    // Marking again changes and pushes nothing.
    publish.mockClear();
    expect((await markRead(t, c.staff, first.id)).statusCode).toBe(204);
    expect(publish).not.toHaveBeenCalled();

    // Edit: the sender's own text message.
    t.clock.advance(60_000);
    publish.mockClear();
    const edited = await editMessage(t, c.klient, conv.conversationId, first.id, '  Hej igen!  ');
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toEqual({
      content: 'Hej igen!',
      isEdited: true,
      editedAt: t.clock.now().toISOString(),
    });
    const editEvent = publish.mock.calls.find(([d]) => d.startsWith('/topic/conversations/'));
    expect(editEvent?.[1]).toMatchObject({ id: first.id, content: 'Hej igen!', isEdited: true });
    const reread = (await getConversation(t, c.klient, conv.conversationId)).json<Conversation>();
    expect(reread.messages[0]).toMatchObject({
      id: first.id,
      content: 'Hej igen!',
      isEdited: true,
    });

    // Download: a Swedish text transcript.
    const transcript = await send(
      t,
      'GET',
      `${BASE}/conversations/${conv.conversationId}/download`,
      {
        cookie: c.klient,
      },
    );
    expect(transcript.statusCode).toBe(200);
    expect(transcript.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(transcript.headers['content-disposition']).toBe(
      `attachment; filename="konversation-${conv.conversationId}.txt"; filename*=UTF-8''konversation-${conv.conversationId}.txt`,
    );
    expect(transcript.headers['cache-control']).toBe('no-store');
    const text = transcript.body;
    expect(text).toContain('Konversation mellan Karin Klient och Sven Personal');
    expect(text).toMatch(/Nedladdad: \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(svensk tid\)/);
    expect(text).toContain('Antal meddelanden: 4');
    expect(text).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} {2}Karin Klient \(redigerat \d{4}-/);
    expect(text).toContain('    Hej igen!');
    expect(text).toContain('    Här är mina provsvar\n    [Bifogad fil: provsvar.pdf]');
    expect(text).toContain('[Bifogad fil: bild.png]');
    expect(text).not.toContain('/api/v1/user/messaging/files/');
    const logged = await t.db.db
      .selectFrom('activity_log')
      .selectAll()
      .where('action', '=', 'CONVERSATION_DOWNLOADED')
      .execute();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ actor_user_id: klient.id, subject_user_id: staff.id });

    // The list is newest first: a newer conversation comes first, a new message moves one up.
    const second = await createConversation(t, c.admin, klient.id, 'Välkommen!');
    expect(second.statusCode).toBe(201);
    const secondId = second.json<Conversation>().conversationId;
    let order = (await listConversations(t, c.klient)).json<Conversation[]>();
    expect(order.map((x) => x.conversationId)).toEqual([secondId, conv.conversationId]);
    expect(order[0]?.partner.fullName).toBe('Anna Admin');
    await sendText(t, c.staff, conv.conversationId, { receiverId: klient.id, content: 'Ping' });
    order = (await listConversations(t, c.klient)).json<Conversation[]>();
    expect(order.map((x) => x.conversationId)).toEqual([conv.conversationId, secondId]);
    expect(order[0]?.lastMessage?.content).toBe('Ping');
    void admin;
    publish.mockRestore();
  });
});

describeDb('messaging: participants only', () => {
  const t = useTestApp();
  let c: Cookies;
  beforeAll(async () => {
    c = await loginAll(t);
  });

  it('a third user (a client, or even an admin) can neither see nor change the conversation', async () => {
    const { klient, staff } = t.users;
    const conv = (await createConversation(t, c.klient, staff.id, 'Privat')).json<Conversation>();
    const id = conv.conversationId;
    const first = conv.messages[0] as Message;
    const upload = await uploadFile(
      t,
      c.staff,
      id,
      { name: 'svar.pdf', data: PDF },
      { text: 'Bifogat' },
    );
    const fileMessage = upload.json<Message>();
    const fileUrl = fileMessage.content.split('\n')[1] as string;
    const snapshot = async () => ({
      messages: await t.db.db.selectFrom('messages').selectAll().orderBy('id').execute(),
      conversations: await t.db.db.selectFrom('conversations').selectAll().execute(),
      files: await t.db.db.selectFrom('files').selectAll().execute(),
    });
    const before = await snapshot();
    const publish = spyOnPublish(t);

    for (const who of ['klient2', 'admin'] as const) {
      const cookie = c[who];
      const list = await listConversations(t, cookie);
      expect(list.statusCode).toBe(200);
      expect(list.json<Conversation[]>().map((x) => x.conversationId)).not.toContain(id);

      const checks: Array<[string, Promise<{ statusCode: number; json: () => unknown }>]> = [
        ['get', getConversation(t, cookie, id)],
        ['get after', getConversation(t, cookie, id, '?after=0')],
        ['send', sendText(t, cookie, id, { receiverId: klient.id, content: 'Intrång' })],
        [
          'send to self',
          sendText(t, cookie, id, { receiverId: t.users[who].id, content: 'Intrång' }),
        ],
        ['upload', uploadFile(t, cookie, id, { name: 'x.pdf', data: PDF }, { text: 'x' })],
        ['upload without file', uploadFile(t, cookie, id, undefined, { text: 'x' })],
        ['mark read', markRead(t, cookie, first.id)],
        ['mark read file', markRead(t, cookie, fileMessage.id)],
        ['edit', editMessage(t, cookie, id, first.id, 'Ändrat')],
        ['edit empty', editMessage(t, cookie, id, first.id, '   ')],
        ['transcript', send(t, 'GET', `${BASE}/conversations/${id}/download`, { cookie })],
        ['attachment', send(t, 'GET', fileUrl, { cookie })],
      ];
      for (const [name, pending] of checks) {
        const res = await pending;
        expect(res.statusCode, `${who} ${name}`).toBe(404);
        expect((res.json() as { message: string }).message, `${who} ${name}`).toMatch(
          /hittades inte\.$/,
        );
      }
      // Edit through a conversation of their own does not reach another conversation's message.
      const own = await createConversation(
        t,
        cookie,
        who === 'admin' ? klient.id : t.users.admin.id,
        'Eget',
      );
      expect(own.statusCode, own.body).toBe(201);
      const ownId = own.json<Conversation>().conversationId;
      const cross = await editMessage(t, cookie, ownId, first.id, 'Ändrat');
      expect(cross.statusCode).toBe(404);
    }

    const after = await snapshot();
    const isOld = (m: { id: number }) => before.messages.some((b) => b.id === m.id);
    expect(after.messages.filter(isOld)).toEqual(before.messages);
    expect(after.files).toEqual(before.files);
    // No event reached the private conversation's topic.
    expect(publish.mock.calls.filter(([d]) => d === `/topic/conversations/${id}/messages`)).toEqual(
      [],
    );
    publish.mockRestore();
  });

  it('a USER cannot start a conversation with another USER; staff can', async () => {
    const res = await createConversation(t, c.klient, t.users.klient2.id, 'Hej Kalle');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Du kan inte skicka meddelanden till den här användaren.');
    // An id that does not exist answers the same (no user enumeration).
    const ghost = await createConversation(t, c.klient, 99_999, 'Hej');
    expect(ghost.statusCode).toBe(403);
    expect(ghost.json().message).toBe(res.json().message);
    const self = await createConversation(t, c.klient, t.users.klient.id, 'Hej jag');
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('Du kan inte starta en konversation med dig själv.');
    const lo = Math.min(t.users.klient.id, t.users.klient2.id);
    const hi = Math.max(t.users.klient.id, t.users.klient2.id);
    const between = await t.db.db
      .selectFrom('conversations')
      .selectAll()
      .where('user_low_id', '=', lo)
      .where('user_high_id', '=', hi)
      .execute();
    expect(between).toEqual([]);

    const staffToClient = await createConversation(t, c.staff, t.users.klient2.id, 'Hej Kalle!');
    expect(staffToClient.statusCode).toBe(201);
    const adminToStaff = await createConversation(t, c.admin, t.users.staff.id, 'Hej kollega');
    expect(adminToStaff.statusCode).toBe(201);
  });

  it('edit by someone other than the sender is refused; an empty edit is refused', async () => {
    // staff ↔ klient2 was started by staff in the test above.
    const mine = (await listConversations(t, c.staff)).json<Conversation[]>();
    const conv = mine.find((x) => x.partner.id === t.users.klient2.id) as Conversation;
    const fileMsg = (
      await uploadFile(t, c.staff, conv.conversationId, { name: 'a.png', data: PNG })
    ).json<Message>();
    const sent = await sendText(t, c.staff, conv.conversationId, {
      receiverId: t.users.klient2.id,
      content: 'Original',
    });
    const msg = sent.json<Message>();

    const byReceiver = await editMessage(t, c.klient2, conv.conversationId, msg.id, 'Kapat');
    expect(byReceiver.statusCode).toBe(403);
    expect(byReceiver.json().message).toBe('Du kan bara redigera dina egna meddelanden.');

    for (const empty of ['', '   ', '\n\t ']) {
      const res = await editMessage(t, c.staff, conv.conversationId, msg.id, empty);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Du kan inte ha ett tomt meddelande.');
    }
    // A form without the field is an empty message; JSON is not the contract's form.
    const missing = await sendForm(
      t,
      'PUT',
      `${BASE}/conversations/${conv.conversationId}/messages/${msg.id}/edit`,
      c.staff,
      {},
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Du kan inte ha ett tomt meddelande.');
    const json = await send(
      t,
      'PUT',
      `${BASE}/conversations/${conv.conversationId}/messages/${msg.id}/edit`,
      { cookie: c.staff, body: { newContent: 'Nytt' } },
    );
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('Skicka formuläret som multipart/form-data.');

    const fileEdit = await editMessage(t, c.staff, conv.conversationId, fileMsg.id, 'Ny text');
    expect(fileEdit.statusCode).toBe(400);
    expect(fileEdit.json().message).toBe('Ett meddelande med en bifogad fil kan inte redigeras.');

    const row = await t.db.db
      .selectFrom('messages')
      .selectAll()
      .where('id', '=', msg.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ content: 'Original', is_edited: false, edited_at: null });

    // Wrong conversation id for an existing message of the caller: 404.
    const others = (await listConversations(t, c.staff)).json<Conversation[]>();
    const other = others.find((x) => x.conversationId !== conv.conversationId) as Conversation;
    const wrong = await editMessage(t, c.staff, other.conversationId, msg.id, 'Ny');
    expect(wrong.statusCode).toBe(404);
  });
});

describeDb('messaging: idempotency and ordering', () => {
  const t = useTestApp();
  let c: Cookies;
  beforeAll(async () => {
    c = await loginAll(t);
  });

  it('a resend with the same clientMessageId returns the first message and publishes nothing', async () => {
    const conv = (
      await createConversation(t, c.klient, t.users.staff.id, 'Start')
    ).json<Conversation>();
    const publish = spyOnPublish(t);
    const key = uuid();
    const body = { receiverId: t.users.staff.id, content: 'Skickas en gång', clientMessageId: key };
    const first = await sendText(t, c.klient, conv.conversationId, body);
    expect(first.statusCode).toBe(201);
    expect(first.json<Message>().clientMessageId).toBe(key);
    const published = publish.mock.calls.length;
    expect(published).toBe(3);

    const again = await sendText(t, c.klient, conv.conversationId, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    // Concurrent repeats, too.
    const burst = await Promise.all(
      Array.from({ length: 5 }, () => sendText(t, c.klient, conv.conversationId, body)),
    );
    for (const r of burst) expect(r.json<Message>().id).toBe(first.json<Message>().id);
    expect(publish.mock.calls.length).toBe(published);

    const rows = await t.db.db
      .selectFrom('messages')
      .select('id')
      .where('client_message_id', '=', key)
      .execute();
    expect(rows).toHaveLength(1);

    // Concurrent first sends with one new key: still one message.
    const key2 = uuid();
    const race = await Promise.all(
      Array.from({ length: 6 }, () =>
        sendText(t, c.klient, conv.conversationId, { ...body, clientMessageId: key2 }),
      ),
    );
    expect(new Set(race.map((r) => r.json<Message>().id)).size).toBe(1);
    expect(race.filter((r) => r.statusCode === 201)).toHaveLength(1);

    // A file upload repeated with the same key: one message, one stored file.
    const filesBefore = t.storage.blobs.size;
    const key3 = uuid();
    const up1 = await uploadFile(
      t,
      c.klient,
      conv.conversationId,
      { name: 'a.pdf', data: PDF },
      { text: 'fil', clientMessageId: key3 },
    );
    const up2 = await uploadFile(
      t,
      c.klient,
      conv.conversationId,
      { name: 'a.pdf', data: PDF },
      { text: 'fil', clientMessageId: key3 },
    );
    expect(up1.statusCode).toBe(201);
    expect(up2.statusCode).toBe(200);
    expect(up2.json<Message>().id).toBe(up1.json<Message>().id);
    expect(t.storage.blobs.size).toBe(filesBefore + 1);

    // The same key in another conversation is a conflict, not a silent reuse.
    const other = (
      await createConversation(t, c.klient, t.users.admin.id, 'Hej')
    ).json<Conversation>();
    const reuse = await sendText(t, c.klient, other.conversationId, {
      receiverId: t.users.admin.id,
      content: 'x',
      clientMessageId: key,
    });
    expect(reuse.statusCode).toBe(409);
    expect(reuse.json().message).toBe('Meddelande-id:t har redan använts i en annan konversation.');

    // Creating a conversation is idempotent too.
    const key4 = uuid();
    const made = await createConversation(t, c.staff, t.users.klient2.id, 'Hej', undefined, {
      clientMessageId: key4,
    });
    const remade = await createConversation(t, c.staff, t.users.klient2.id, 'Hej', undefined, {
      clientMessageId: key4,
    });
    expect(made.statusCode).toBe(201);
    expect(remade.statusCode).toBe(200);
    expect(remade.json<Conversation>().conversationId).toBe(
      made.json<Conversation>().conversationId,
    );
    expect(remade.json<Conversation>().messages).toHaveLength(1);
    publish.mockRestore();
  });

  it('20 messages sent in a burst come back in order, without duplicates', async () => {
    const conv = (
      await createConversation(t, c.admin, t.users.klient2.id, 'Start')
    ).json<Conversation>();
    const publish = spyOnPublish(t);
    const sends = Array.from({ length: 20 }, (_, i) => {
      const fromAdmin = i % 2 === 0;
      return sendText(t, fromAdmin ? c.admin : c.klient2, conv.conversationId, {
        receiverId: fromAdmin ? t.users.klient2.id : t.users.admin.id,
        content: `Meddelande ${i}`,
        clientMessageId: uuid(),
      });
    });
    const answers = await Promise.all(sends);
    for (const a of answers) expect(a.statusCode, a.body).toBe(201);
    const full = (await getConversation(t, c.klient2, conv.conversationId)).json<Conversation>();
    const burst = full.messages.slice(1);
    expect(burst).toHaveLength(20);
    const ids = burst.map((m) => m.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(new Set(ids).size).toBe(20);
    expect(new Set(burst.map((m) => m.content)).size).toBe(20);
    expect(new Set(answers.map((a) => a.json<Message>().id))).toEqual(new Set(ids));
    // Live events of the conversation went out in id order, once each.
    const topicIds = publish.mock.calls
      .filter(([d]) => d === `/topic/conversations/${conv.conversationId}/messages`)
      .map(([, m]) => (m as Message).id);
    expect(topicIds).toEqual(ids);
    // Each change took its own number under the lock: the create, then the 20 sends.
    const { change_seq } = await t.db.db
      .selectFrom('conversations')
      .select('change_seq')
      .where('id', '=', conv.conversationId)
      .executeTakeFirstOrThrow();
    expect(change_seq).toBe(21);
    // A client that saw the 10th message fetches exactly the rest.
    const rest = await getConversation(t, c.admin, conv.conversationId, `?after=${ids[9]}`);
    expect(rest.json<Conversation>().messages.map((m) => m.id)).toEqual(ids.slice(10));
    publish.mockRestore();
  });

  it('a send that is slow after its commit is still published before the next one', async () => {
    // PostgreSQL hands the conversation lock to the next send when the first one commits, before
    // the first one's answer is read; here the first send's answer (its one statement has
    // committed) is held back until the second send has committed and been answered.
    const conv = (
      await createConversation(t, c.admin, t.users.klient2.id, 'Ordning')
    ).json<Conversation>();
    const publish = spyOnPublish(t);
    const db = t.app.ctx.db;
    const original = db.getExecutor.bind(db);
    const firstCommitted = Promise.withResolvers<void>();
    const secondCommitted = Promise.withResolvers<void>();
    const letFirstGo = Promise.withResolvers<void>();
    let calls = 0;
    const spy = vi.spyOn(db, 'getExecutor').mockImplementation(() => {
      const executor = original();
      return new Proxy(executor, {
        get(target, prop) {
          const value = Reflect.get(target, prop) as unknown;
          if (prop !== 'executeQuery') {
            return typeof value === 'function' ? value.bind(target) : value;
          }
          return async (...args: Parameters<typeof executor.executeQuery>) => {
            const result = await executor.executeQuery(...args);
            if (!/insert into messages/.test(args[0].sql)) return result;
            const call = ++calls;
            if (call === 1) {
              firstCommitted.resolve();
              await letFirstGo.promise;
            } else {
              secondCommitted.resolve();
            }
            return result;
          };
        },
      });
    });
    try {
      const text = (content: string) =>
        sendText(t, c.admin, conv.conversationId, {
          receiverId: t.users.klient2.id,
          content,
          clientMessageId: uuid(),
        });
      const first = text('Först');
      await firstCommitted.promise;
      const second = text('Sedan');
      await secondCommitted.promise;
      // Let the second send run as far as it can before the first one goes on.
      await new Promise((resolve) => setTimeout(resolve, 50));
      letFirstGo.resolve();
      const answers = await Promise.all([first, second]);
      for (const a of answers) expect(a.statusCode, a.body).toBe(201);
      const [a, b] = answers.map((r) => r.json<Message>().id) as [number, number];
      expect(a).toBeLessThan(b);
      const topicIds = publish.mock.calls
        .filter(([d]) => d === `/topic/conversations/${conv.conversationId}/messages`)
        .map(([, m]) => (m as Message).id);
      expect(topicIds).toEqual([a, b]);
      const listTexts = publish.mock.calls
        .filter(([d]) => d === `/topic/users/${t.users.klient2.id}/conversations`)
        .map(([, s]) => (s as Conversation).lastMessage?.content);
      expect(listTexts).toEqual(['Först', 'Sedan']);
    } finally {
      spy.mockRestore();
      publish.mockRestore();
    }
  });
});

describeDb('messaging: a retried file upload or create is stored once', () => {
  const t = useTestApp();
  let c: Cookies;
  beforeAll(async () => {
    c = await loginAll(t);
  });

  const keyed = (key: string) =>
    t.db.db.selectFrom('messages').selectAll().where('client_message_id', '=', key).execute();
  const fileRows = () => t.db.db.selectFrom('files').select('id').execute();

  it('uploadWithText repeated with one clientMessageId: the first message, one message, one file', async () => {
    const conv = (
      await createConversation(t, c.klient, t.users.staff.id, 'Start')
    ).json<Conversation>();
    const filesBefore = (await fileRows()).length;
    const blobsBefore = t.storage.blobs.size;
    const key = uuid();
    const fields = { text: 'Provsvar', receiverId: String(t.users.staff.id), clientMessageId: key };
    const upload = () =>
      uploadFile(t, c.klient, conv.conversationId, { name: 'svar.pdf', data: PDF }, fields);

    const first = await upload();
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<Message>().clientMessageId).toBe(key);
    // A retry after a lost answer, then a few at once.
    const repeats = [await upload(), ...(await Promise.all([upload(), upload(), upload()]))];
    for (const again of repeats) {
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toEqual(first.json());
    }
    expect(await keyed(key)).toHaveLength(1);
    expect(await fileRows()).toHaveLength(filesBefore + 1);
    expect(t.storage.blobs.size).toBe(blobsBefore + 1);
    const full = (await getConversation(t, c.staff, conv.conversationId)).json<Conversation>();
    expect(full.messages.filter((m) => m.originalFileName === 'svar.pdf')).toHaveLength(1);

    // The file of the one message downloads through the contract route (any letter case).
    const url = first.json<Message>().content.split('\n')[1] as string;
    expect(url).toMatch(FILE_URL);
    const fileId = url.split('/').at(-1) as string;
    for (const href of [url, `${BASE}/files/${fileId.toUpperCase()}`]) {
      const file = await send(t, 'GET', href, { cookie: c.staff });
      expect(file.statusCode, href).toBe(200);
      expect(file.rawPayload.equals(PDF)).toBe(true);
    }
  });

  it('createConversation repeated with one clientMessageId: the first conversation, one message, one file', async () => {
    const filesBefore = (await fileRows()).length;
    const blobsBefore = t.storage.blobs.size;
    const key = uuid();
    const create = () =>
      createConversation(
        t,
        c.klient2,
        t.users.staff.id,
        'Hej, här är remissen',
        { name: 'remiss.pdf', data: PDF },
        { clientMessageId: key },
      );

    const made = await create();
    expect(made.statusCode, made.body).toBe(201);
    const first = made.json<Conversation>();
    // Without the key this retry would be a 409 'Conversation already exists'.
    const repeats = [await create(), ...(await Promise.all([create(), create()]))];
    for (const again of repeats) {
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json<Conversation>().conversationId).toBe(first.conversationId);
      expect(again.json<Conversation>().messages).toEqual(first.messages);
    }
    expect(first.messages).toHaveLength(1);
    expect(first.messages[0]?.clientMessageId).toBe(key);
    expect(await keyed(key)).toHaveLength(1);
    const pair = await t.db.db
      .selectFrom('conversations')
      .select('id')
      .where('id', '=', first.conversationId)
      .execute();
    expect(pair).toHaveLength(1);
    expect(
      await t.db.db
        .selectFrom('messages')
        .select('id')
        .where('conversation_id', '=', first.conversationId)
        .execute(),
    ).toHaveLength(1);
    expect(await fileRows()).toHaveLength(filesBefore + 1);
    expect(t.storage.blobs.size).toBe(blobsBefore + 1);

    // A changed draft is a new key: the conversation exists, and the 409 names it.
    const changed = await createConversation(
      t,
      c.klient2,
      t.users.staff.id,
      'Hej igen',
      undefined,
      {
        clientMessageId: uuid(),
      },
    );
    expect(changed.statusCode).toBe(409);
    expect(changed.json().conversationId).toBe(first.conversationId);
  });
});

describeDb('messaging: bad input answers 400 in Swedish, never 500', () => {
  const t = useTestApp();
  let c: Cookies;
  let id: number;
  let msgId: number;
  beforeAll(async () => {
    c = await loginAll(t);
    const conv = (
      await createConversation(t, c.klient, t.users.staff.id, 'Start')
    ).json<Conversation>();
    id = conv.conversationId;
    msgId = (conv.messages[0] as Message).id;
  });

  const expect4xx = (
    res: { statusCode: number; json: () => unknown; body: string },
    status: number,
    message?: string | RegExp,
  ) => {
    expect(res.statusCode, res.body).toBe(status);
    const body = res.json() as { message: unknown };
    expect(typeof body.message).toBe('string');
    if (message !== undefined) expect(body.message).toMatch(message);
  };

  it('text messages', async () => {
    const staff = t.users.staff.id;
    expect4xx(await sendText(t, c.klient, id, { receiverId: staff, content: '' }), 400);
    expect4xx(await sendText(t, c.klient, id, { receiverId: staff, content: '   ' }), 400);
    expect4xx(await sendText(t, c.klient, id, { receiverId: staff }), 400, /content/);
    expect4xx(await sendText(t, c.klient, id, { content: 'x' }), 400, /receiverId/);
    expect4xx(
      await sendText(t, c.klient, id, { receiverId: staff, content: 'å'.repeat(5001) }),
      400,
      'Meddelandet får vara högst 5 000 tecken.',
    );
    const max = await sendText(t, c.klient, id, { receiverId: staff, content: 'ö'.repeat(5000) });
    expect(max.statusCode).toBe(201);
    expect4xx(
      await sendText(t, c.klient, id, { receiverId: staff, content: 'a\u0000b' }),
      400,
      'Meddelandet innehåller otillåtna tecken.',
    );
    expect4xx(
      await sendText(t, c.klient, id, { receiverId: t.users.admin.id, content: 'x' }),
      400,
      'Mottagaren är inte med i konversationen.',
    );
    expect4xx(
      await sendText(t, c.klient, id, { receiverId: 2 ** 40, content: 'x' }),
      400,
      'Mottagaren är inte med i konversationen.',
    );
    expect4xx(
      await sendText(t, c.klient, id, { receiverId: staff, content: 'x', clientMessageId: 'abc' }),
      400,
    );
    expect4xx(await sendText(t, c.klient, id, { receiverId: 'x', content: 'x' }), 400);
    expect4xx(await sendText(t, c.klient, id, { receiverId: staff, content: 42 }), 400);
    expect4xx(
      await t.app.inject({
        method: 'POST',
        url: `${BASE}/conversations/${id}/messages`,
        headers: {
          cookie: c.klient,
          origin: 'http://localhost:8080',
          'content-type': 'application/json',
        },
        payload: '{"receiverId":',
      }),
      400,
      'Förfrågan innehåller ogiltig JSON.',
    );
    // Ids that are not ids, or too large for the database.
    expect4xx(await sendText(t, c.klient, 'abc', { receiverId: staff, content: 'x' }), 400);
    expect4xx(await sendText(t, c.klient, 0, { receiverId: staff, content: 'x' }), 400);
    expect4xx(await sendText(t, c.klient, '99999999999', { receiverId: staff, content: 'x' }), 404);
    expect4xx(await getConversation(t, c.klient, '99999999999'), 404);
    expect4xx(await getConversation(t, c.klient, '1e3'), 404);
    expect4xx(await getConversation(t, c.klient, id, '?after=-1'), 400);
    expect4xx(await getConversation(t, c.klient, id, '?after=x'), 400);
    expect(
      (await getConversation(t, c.klient, id, '?after=99999999999')).json<Conversation>().messages,
    ).toEqual([]);
    expect4xx(await markRead(t, c.staff, '99999999999'), 404);
    expect4xx(await markRead(t, c.staff, 'x'), 400);
    expect4xx(await editMessage(t, c.klient, id, '99999999999', 'x'), 404);
    expect4xx(
      await editMessage(t, c.klient, id, msgId, 'x'.repeat(5001)),
      400,
      'Meddelandet får vara högst 5 000 tecken.',
    );
    expect4xx(await send(t, 'GET', `${BASE}/files/not-a-uuid`, { cookie: c.klient }), 400);
    expect4xx(await send(t, 'GET', `${BASE}/files/${uuid()}`, { cookie: c.klient }), 404);
  });

  it('new conversations and files', async () => {
    const staff = t.users.staff.id;
    expect4xx(
      await sendForm(t, 'POST', `${BASE}/conversations`, c.klient2, { text: 'Hej' }),
      400,
      'Välj en användare innan du skickar ett meddelande.',
    );
    expect4xx(
      await createConversation(t, c.klient2, 'abc', 'Hej'),
      400,
      'Välj en användare innan du skickar ett meddelande.',
    );
    expect4xx(
      await createConversation(t, c.klient2, staff),
      400,
      'Du måste skriva ett meddelande eller bifoga en fil.',
    );
    expect4xx(
      await createConversation(t, c.klient2, staff, '   '),
      400,
      'Du måste skriva ett meddelande eller bifoga en fil.',
    );
    expect4xx(await createConversation(t, c.klient2, 2 ** 40, 'Hej'), 403);
    // JSON instead of multipart.
    expect4xx(
      await send(t, 'POST', `${BASE}/conversations`, {
        cookie: c.klient2,
        body: { receiverId: staff, text: 'Hej' },
      }),
      400,
      'Skicka formuläret som multipart/form-data.',
    );
    // Files: by content, whatever name and type they claim.
    const typeMessage = 'Endast filer i formaten PDF, PNG eller JPEG kan bifogas.';
    for (const [name, data, type] of [
      ['virus.pdf', Buffer.from('MZ\x90\x00 not a pdf'), 'application/pdf'],
      [
        'bild.png',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'),
        'image/png',
      ],
      ['sida.html', Buffer.from('<html><script>alert(1)</script></html>'), 'text/html'],
      ['anim.gif', Buffer.from('GIF89a....'), 'image/gif'],
    ] as const) {
      expect4xx(
        await createConversation(t, c.klient2, staff, 'Hej', {
          name,
          data: Buffer.from(data),
          type,
        }),
        400,
        typeMessage,
      );
      expect4xx(
        await uploadFile(t, c.klient, id, { name, data: Buffer.from(data), type }),
        400,
        typeMessage,
      );
    }
    expect4xx(
      await uploadFile(t, c.klient, id, { name: 'tom.pdf', data: Buffer.alloc(0) }),
      400,
      'Filen är tom.',
    );
    expect4xx(
      await uploadFile(t, c.klient, id, undefined, { text: 'x' }),
      400,
      'Välj en fil att skicka.',
    );
    expect4xx(
      await uploadFile(t, c.klient, id, { field: 'bilaga', name: 'a.pdf', data: PDF }),
      400,
      'Filen ska skickas i fältet "file".',
    );
    expect4xx(
      await uploadFile(
        t,
        c.klient,
        id,
        { name: 'a.pdf', data: PDF },
        { receiverId: String(t.users.admin.id) },
      ),
      400,
      'Mottagaren är inte med i konversationen.',
    );
    expect4xx(
      await uploadFile(t, c.klient, id, { name: 'a.pdf', data: PDF }, { text: 'x'.repeat(5001) }),
      400,
      'Meddelandet får vara högst 5 000 tecken.',
    );
    // Over 10 MB.
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
    expect4xx(
      await uploadFile(t, c.klient, id, { name: 'stor.pdf', data: big }),
      413,
      'Filen är för stor. Största tillåtna storlek är 10 MB.',
    );
    expect4xx(
      await createConversation(t, c.klient2, staff, 'Hej', { name: 'stor.pdf', data: big }),
      413,
      'Filen är för stor. Största tillåtna storlek är 10 MB.',
    );
    // Nothing of the refused files was stored.
    expect(t.storage.blobs.size).toBe(0);
    expect(await t.db.db.selectFrom('files').selectAll().execute()).toEqual([]);
  });

  it('file names are data: path and odd characters removed, extension from the content', async () => {
    const cases: Array<[string, Buffer, string]> = [
      ['../../etc/passwd', PNG, 'passwd.png'],
      ['C:\\Users\\x\\rapport.exe', PDF, 'rapport.exe.pdf'],
      ['foto.JPG.png', PNG, 'foto.JPG.png'],
      ['<script>.pdf', PDF, 'script.pdf'],
      ['', PDF, 'bilaga.pdf'],
      ['kvitto\u202egnp.pdf', PDF, 'kvittognp.pdf'],
    ];
    for (const [name, data, expected] of cases) {
      const res = await uploadFile(t, c.klient, id, { name, data });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(201);
      const m = res.json<Message>();
      expect(m.originalFileName, name).toBe(expected);
      const url = m.content.split('\n')[1] as string;
      const file = await send(t, 'GET', url, { cookie: c.staff });
      expect(file.headers['content-disposition']).toContain('attachment; filename="');
    }
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
    const res = await uploadFile(t, c.klient, id, { name: 'Bröd & smör.jpeg', data: jpeg });
    expect(res.json<Message>().originalFileName).toBe('Bröd & smör.jpeg');
    const file = await send(t, 'GET', res.json<Message>().content.split('\n')[1] as string, {
      cookie: c.klient,
    });
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Brod & smor.jpeg"; filename*=UTF-8''Br%C3%B6d%20%26%20sm%C3%B6r.jpeg`,
    );
    for (const row of await t.db.db.selectFrom('files').select(['storage_key', 'kind']).execute()) {
      expect(row.storage_key).toMatch(/^[0-9a-f-]{36}$/);
      expect(row.kind).toBe('MESSAGE_ATTACHMENT');
    }
  });
});
