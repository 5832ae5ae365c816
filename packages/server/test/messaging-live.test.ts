// Messaging over the live endpoint: a participant subscribed with @stomp/stompjs over `ws`
// (session cookie + Origin, as a browser) receives a message sent through the REST call and
// the updated summary on their own conversation topic; a third user is refused with ERROR.
import type { Conversation, Message } from '@halsa/api/contract';
import { Client, type IFrame, type IMessage } from '@stomp/stompjs';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { describeDb, login, PUBLIC_URL, useTestApp } from './helpers.ts';
import { createConversation, sendText } from './messaging-helpers.ts';

interface Harness {
  client: Client;
  connected: Promise<IFrame>;
  errors: IFrame[];
  closed: Promise<{ code: number }>;
}

function stomp(url: string, cookie: string): Harness {
  const errors: IFrame[] = [];
  let onConnected!: (f: IFrame) => void;
  let onClosed!: (c: { code: number }) => void;
  const connected = new Promise<IFrame>((r) => (onConnected = r));
  const closed = new Promise<{ code: number }>((r) => (onClosed = r));
  const client = new Client({
    webSocketFactory: () =>
      new WebSocket(url, ['v12.stomp'], { headers: { cookie, origin: PUBLIC_URL } }),
    reconnectDelay: 0,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
    debug: () => {},
    onConnect: onConnected,
    onStompError: (f) => errors.push(f),
    onWebSocketClose: (e: { code: number }) => onClosed({ code: e.code }),
  });
  client.activate();
  return { client, connected, errors, closed };
}

/** Subscribes and waits for the server's RECEIPT, so nothing published after it is missed. */
function subscribe(client: Client, destination: string, into: IMessage[]): Promise<void> {
  const receipt = `r-${Math.random().toString(36).slice(2)}`;
  return new Promise((resolve) => {
    client.watchForReceipt(receipt, () => resolve());
    client.subscribe(destination, (m) => into.push(m), { receipt });
  });
}

async function until(pred: () => boolean, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!pred()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describeDb('messaging over the live endpoint', () => {
  const t = useTestApp();
  const clients: Client[] = [];
  let wsUrl: string;
  let cookies: Record<'klient' | 'staff' | 'klient2', string>;

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    wsUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws`;
    cookies = {
      klient: await login(t, 'klient@example.com'),
      staff: await login(t, 'staff@example.com'),
      klient2: await login(t, 'klient2@example.com'),
    };
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.deactivate({ force: true })));
  });
  afterAll(async () => {
    await Promise.all(clients.splice(0).map((c) => c.deactivate({ force: true })));
  });

  it('a participant receives a sent message; a third user gets an ERROR frame', async () => {
    const conv = (
      await createConversation(t, cookies.klient, t.users.staff.id, 'Hej!')
    ).json<Conversation>();
    const topic = `/topic/conversations/${conv.conversationId}/messages`;

    const staff = stomp(wsUrl, cookies.staff);
    clients.push(staff.client);
    await staff.connected;
    const messages: IMessage[] = [];
    const summaries: IMessage[] = [];
    await subscribe(staff.client, topic, messages);
    await subscribe(staff.client, `/topic/users/${t.users.staff.id}/conversations`, summaries);

    const sent = await sendText(t, cookies.klient, conv.conversationId, {
      receiverId: t.users.staff.id,
      content: 'Är mina provsvar klara?',
      clientMessageId: crypto.randomUUID(),
    });
    expect(sent.statusCode).toBe(201);
    await until(() => messages.length === 1 && summaries.length === 1);
    const got = messages[0] as IMessage;
    expect(got.headers.destination).toBe(topic);
    expect(JSON.parse(got.body)).toEqual(sent.json<Message>());
    expect(JSON.parse((summaries[0] as IMessage).body)).toMatchObject({
      conversationId: conv.conversationId,
      partner: { id: t.users.klient.id, fullName: 'Karin Klient' },
      lastMessage: { content: 'Är mina provsvar klara?' },
      unreadCount: 2,
      messages: [],
    });

    // A third user may not subscribe to the conversation: ERROR frame, socket closed.
    const intruder = stomp(wsUrl, cookies.klient2);
    clients.push(intruder.client);
    await intruder.connected;
    const stolen: IMessage[] = [];
    intruder.client.subscribe(topic, (m) => stolen.push(m));
    await until(() => intruder.errors.length === 1);
    expect(intruder.errors[0]?.headers.destination).toBe(topic);
    expect((await intruder.closed).code).toBe(4403);
    // …nor to another user's conversation list.
    const nosy = stomp(wsUrl, cookies.klient2);
    clients.push(nosy.client);
    await nosy.connected;
    nosy.client.subscribe(`/topic/users/${t.users.staff.id}/conversations`, () => {});
    await until(() => nosy.errors.length === 1);

    await sendText(t, cookies.klient, conv.conversationId, {
      receiverId: t.users.staff.id,
      content: 'Hallå?',
    });
    await until(() => messages.length === 2);
    expect(stolen).toEqual([]);
  });
});
